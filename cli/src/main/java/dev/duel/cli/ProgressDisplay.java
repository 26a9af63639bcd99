package dev.duel.cli;

import dev.duel.load.ProgressListener;
import dev.duel.record.Phase;
import dev.duel.record.load.SecondResult;
import java.io.PrintStream;
import java.util.Locale;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.HdrHistogram.Histogram;

/**
 * The live progress line, one bar per phase: elapsed / total, then the last second's rate,
 * the failures so far and the last second's p99; during an auto warm-up, first that it waits for a
 * steady state and the judge's last relative half-width of requests/s. On a terminal a progress bar redraws in place;
 * elsewhere (CI logs) a plain line is printed each second. Used on the engine's control thread.
 */
final class ProgressDisplay implements ProgressListener {
    private final PrintStream out;
    private final boolean interactive;
    private final String label;
    private final int plainEverySeconds;
    private ProgressBar bar;
    private Phase barPhase;

    ProgressDisplay(PrintStream out) {
        this(out, "", 1);
    }

    /**
     * @param label             printed before the phase (a suite's scenario), or ""
     * @param plainEverySeconds off a terminal, print a line every this many seconds
     */
    ProgressDisplay(PrintStream out, String label, int plainEverySeconds) {
        this.out = out;
        this.interactive = System.console() != null;
        this.label = label;
        this.plainEverySeconds = plainEverySeconds;
    }

    @Override
    public void onSecond(SecondResult second, Histogram latency, RunStatus status) {
        if (status.phase() == Phase.ENDED) {
            return;
        }
        String p99 = second.ok() == 0 ? "-" : SummaryFormatter.millis(second.p99Micros());
        String rates = waiting(status)
                + String.format(
                        Locale.ROOT,
                        "%,d req/s  errors %,d  p99 %s",
                        second.ok() + second.failures(),
                        status.totalFailures(),
                        p99);
        if (!interactive) {
            // Logs get one plain line per second; redrawing bars only make sense on a terminal.
            long elapsedSeconds = Math.round(status.phaseElapsedMillis() / 1000);
            if (elapsedSeconds % plainEverySeconds != 0) {
                return;
            }
            String total =
                    status.phaseTotalMillis() < 0 ? "?" : String.valueOf(Math.round(status.phaseTotalMillis() / 1000));
            out.printf(
                    Locale.ROOT, "%s%-6s %3d/%s s  %s%n", label, status.phase().label(), elapsedSeconds, total, rates);
            return;
        }
        if (bar == null || status.phase() != barPhase) {
            closeBar();
            barPhase = status.phase();
            bar = new ProgressBarBuilder()
                    .setTaskName(String.format(
                            Locale.ROOT, "%s%-6s", label, status.phase().label()))
                    .setInitialMax(status.phaseTotalMillis() < 0 ? -1 : Math.round(status.phaseTotalMillis() / 1000))
                    .setUnit(" s", 1)
                    .setStyle(ProgressBarStyle.ASCII)
                    .setUpdateIntervalMillis(200)
                    .setMaxRenderedLength(110)
                    .setConsumer(new ConsoleProgressBarConsumer(out, 110))
                    .hideEta()
                    .build();
        }
        bar.stepTo(Math.round(status.phaseElapsedMillis() / 1000));
        bar.setExtraMessage(rates);
    }

    /** What an auto warm-up waits for, and how far the judge's last half-width is from it; "" otherwise. */
    static String waiting(RunStatus status) {
        if (!status.awaitingSteady()) {
            return "";
        }
        return status.relativeHalfWidth() == null
                ? "waiting for steady state  "
                : String.format(Locale.ROOT, "waiting for steady state (±%.1f%%)  ", status.relativeHalfWidth() * 100);
    }

    @Override
    public void onEnd() {
        closeBar();
    }

    private void closeBar() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }
}
