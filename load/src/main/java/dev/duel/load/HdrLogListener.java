package dev.duel.load;

import dev.duel.record.DuelVersion;
import dev.duel.record.Phase;
import dev.duel.record.load.SecondResult;
import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes each second's latency histogram (correct responses, from their intended start) to a
 * file in HdrHistogram's interval log format, readable by HistogramLogProcessor and HdrHistogram
 * plotters; values are written in milliseconds. Then passes the second on.
 *
 * <p>The log is streamed, one flush per second, so that a run cut short keeps the seconds it
 * measured (it is not written to a temporary file and renamed, unlike a result). Every write is
 * checked: HdrHistogram writes through a {@link PrintStream}, which swallows errors, so the
 * stream below it keeps the first error, writing stops there, and {@link #close()} throws it. A
 * regular file is synced to disk on close. Used on the engine's control thread only.
 */
public final class HdrLogListener implements ProgressListener, AutoCloseable {
    private static final double NANOS_PER_MILLI = 1_000_000.0;

    private final ProgressListener next;
    /** The file's channel when it is a regular file, to sync it on close; else null. */
    private final FileChannel syncable;

    private final ErrorKeeping errors;
    private final PrintStream out;
    private final HistogramLogWriter writer;
    private boolean closed;

    /**
     * Opens (creates or truncates) the file and writes the log's header.
     *
     * @throws IOException the file cannot be opened or written, e.g. its folder is a file
     */
    public HdrLogListener(Path file, ProgressListener next) throws IOException {
        this(open(file), Files.isRegularFile(file), next);
    }

    private HdrLogListener(FileChannel channel, boolean regularFile, ProgressListener next) throws IOException {
        this(Channels.newOutputStream(channel), regularFile ? channel : null, next);
    }

    /** Over any stream, which is not synced (for tests: a stream that fails like a full disk). */
    HdrLogListener(OutputStream stream, ProgressListener next) throws IOException {
        this(stream, null, next);
    }

    private HdrLogListener(OutputStream stream, FileChannel syncable, ProgressListener next) throws IOException {
        this.next = next;
        this.syncable = syncable;
        this.errors = new ErrorKeeping(stream);
        this.out = new PrintStream(new BufferedOutputStream(errors, 1 << 16), false, StandardCharsets.US_ASCII);
        this.writer = new HistogramLogWriter(out);
        long startMillis = System.currentTimeMillis();
        writer.outputComment(
                "duel " + DuelVersion.current() + ": latency of correct responses per second, from intended start");
        writer.outputLogFormatVersion();
        writer.outputStartTime(startMillis);
        writer.setBaseTime(startMillis);
        writer.outputLegend();
        out.flush();
        if (errors.first != null) {
            IOException failure = errors.first;
            closeQuietly();
            throw failure;
        }
    }

    @Override
    public void onSecond(SecondResult second, Histogram latency, RunStatus status) {
        if (errors.first == null && !closed) {
            latency.setTag(second.phase().label());
            writer.outputIntervalHistogram(second.second(), second.second() + 1, latency, NANOS_PER_MILLI);
            out.flush(); // each second on disk as it ends, and any error found now, not at the end
        }
        next.onSecond(second, latency, status);
    }

    @Override
    public void onPhase(Phase phase) {
        next.onPhase(phase);
    }

    @Override
    public void onEnd() {
        next.onEnd();
    }

    /**
     * Flushes, syncs a regular file to disk and closes; once only, later calls do nothing.
     *
     * @throws IOException the first write error, or the error of the sync or close
     */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            out.flush();
            if (errors.first != null) {
                throw errors.first;
            }
            if (syncable != null) {
                syncable.force(true);
            }
        } finally {
            out.close(); // closes the channel; a close error is kept as the first if there was none
        }
        if (errors.first != null) {
            throw errors.first;
        }
    }

    private static FileChannel open(Path file) throws IOException {
        return FileChannel.open(
                file, StandardOpenOption.WRITE, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING);
    }

    private void closeQuietly() {
        closed = true;
        out.close();
    }

    /** Keeps the first error of the stream below, which a PrintStream would only turn into a flag. */
    private static final class ErrorKeeping extends FilterOutputStream {
        private IOException first;

        ErrorKeeping(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw keep(e);
            }
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            try {
                out.write(bytes, offset, length);
            } catch (IOException e) {
                throw keep(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw keep(e);
            }
        }

        @Override
        public void close() throws IOException {
            try {
                out.close();
            } catch (IOException e) {
                throw keep(e);
            }
        }

        private IOException keep(IOException e) {
            if (first == null) {
                first = e;
            }
            return e;
        }
    }
}
