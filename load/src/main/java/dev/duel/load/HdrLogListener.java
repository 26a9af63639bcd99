package dev.duel.load;

import dev.duel.record.DuelVersion;
import dev.duel.record.Phase;
import dev.duel.record.load.SecondResult;
import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes each second's latency histogram (correct responses, from their intended start) to a
 * file in HdrHistogram's interval log format, readable by HistogramLogProcessor and HdrHistogram
 * plotters; values are written in milliseconds. Then passes the second on. Used on the engine's
 * control thread only.
 */
public final class HdrLogListener implements ProgressListener, AutoCloseable {
    private static final double NANOS_PER_MILLI = 1_000_000.0;

    private final ProgressListener next;
    private final PrintStream out;
    private final HistogramLogWriter writer;
    private final long startMillis;

    public HdrLogListener(Path file, ProgressListener next) throws FileNotFoundException {
        this.next = next;
        this.out = new PrintStream(file.toFile());
        this.writer = new HistogramLogWriter(out);
        this.startMillis = System.currentTimeMillis();
        writer.outputComment(
                "duel " + DuelVersion.current() + ": latency of correct responses per second, from intended start");
        writer.outputLogFormatVersion();
        writer.outputStartTime(startMillis);
        writer.setBaseTime(startMillis);
        writer.outputLegend();
    }

    @Override
    public void onSecond(SecondResult second, Histogram latency, RunStatus status) {
        latency.setTag(second.phase().label());
        writer.outputIntervalHistogram(second.second(), second.second() + 1, latency, NANOS_PER_MILLI);
        next.onSecond(second, latency, status);
    }

    @Override
    public void onPhase(Phase phase) {
        next.onPhase(phase);
    }

    @Override
    public void onEnd() {
        next.onEnd();
        close();
    }

    @Override
    public void close() {
        out.flush();
        out.close();
    }
}
