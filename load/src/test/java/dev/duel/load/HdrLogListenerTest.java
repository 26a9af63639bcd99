package dev.duel.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.Phase;
import dev.duel.record.load.SecondResult;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HdrLogListenerTest {
    @TempDir
    Path temp;

    /** Takes bytes until told the disk is full, then fails every write as a full disk does. */
    private static final class FillingDisk extends OutputStream {
        final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        boolean full;

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            if (full) {
                throw new IOException("No space left on device");
            }
            kept.write(bytes, offset, length);
        }
    }

    private static final ProgressListener.RunStatus STATUS = new ProgressListener.RunStatus(Phase.MAIN, 1000, 2000, 0);

    private static Histogram oneSecond() {
        Histogram latency = new Histogram(3_600_000_000_000L, 3);
        latency.recordValue(1_500_000);
        return latency;
    }

    @Test
    void aWriteThatFailsMidRunIsThrownByCloseAndTheRunGoesOn() throws IOException {
        FillingDisk disk = new FillingDisk();
        List<Integer> passedOn = new ArrayList<>();
        HdrLogListener listener = new HdrLogListener(disk, (second, latency, status) -> passedOn.add(second.second()));
        listener.onSecond(new SecondResult(0, Phase.MAIN, 1, 0, 1500, 1500, 1500), oneSecond(), STATUS);
        disk.full = true;
        listener.onSecond(new SecondResult(1, Phase.MAIN, 1, 0, 1500, 1500, 1500), oneSecond(), STATUS);
        listener.onSecond(new SecondResult(2, Phase.MAIN, 1, 0, 1500, 1500, 1500), oneSecond(), STATUS);
        listener.onEnd();
        assertEquals(List.of(0, 1, 2), passedOn, "the display still sees every second");
        IOException failure = assertThrows(IOException.class, listener::close);
        assertEquals("No space left on device", failure.getMessage());
        String log = disk.kept.toString(StandardCharsets.US_ASCII);
        assertEquals(1, log.lines().filter(line -> line.startsWith("Tag=main,")).count(), log);
    }

    @Test
    void aFileThatTakesEveryWriteClosesQuietlyWithEachSecondWritten() throws IOException {
        Path file = temp.resolve("latency.hlog");
        try (HdrLogListener listener = new HdrLogListener(file, ProgressListener.NONE)) {
            listener.onSecond(new SecondResult(0, Phase.WARMUP, 1, 0, 1500, 1500, 1500), oneSecond(), STATUS);
            assertTrue(Files.readString(file).contains("Tag=warmup,"), "flushed as the second ends");
        }
    }

    @Test
    void aFileThatCannotBeOpenedIsAnErrorAtOnce() throws IOException {
        Path notAFolder = Files.writeString(temp.resolve("plain"), "x");
        assertThrows(
                IOException.class, () -> new HdrLogListener(notAFolder.resolve("latency.hlog"), ProgressListener.NONE));
    }
}
