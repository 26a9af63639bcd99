package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.duel.load.ProgressListener.RunStatus;
import dev.duel.record.Phase;
import dev.duel.record.load.SecondResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The plain progress line (off a terminal, as in tests and CI logs). */
class ProgressDisplayTest {
    private static String line(RunStatus status) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        ProgressDisplay display = new ProgressDisplay(out);
        display.onSecond(new SecondResult(11, status.phase(), 1_200, 0, 900, 4_000, 9_000), null, status);
        display.onEnd();
        return bytes.toString(StandardCharsets.UTF_8).strip();
    }

    @Test
    void anAutoWarmUpSaysItWaitsForSteadyStateWithTheLastHalfWidth() {
        assertEquals(
                "warmup  12/? s  waiting for steady state (±4.1%)  1,200 req/s  errors 0  p99 4.00 ms",
                line(new RunStatus(Phase.WARMUP, 12_000, -1, 0, true, 0.0412)));
        assertEquals(
                "warmup   2/? s  waiting for steady state  1,200 req/s  errors 0  p99 4.00 ms",
                line(new RunStatus(Phase.WARMUP, 2_000, -1, 0, true, null)));
    }

    @Test
    void aFixedWarmUpShowsItsLength() {
        assertEquals(
                "warmup  12/20 s  1,200 req/s  errors 0  p99 4.00 ms",
                line(new RunStatus(Phase.WARMUP, 12_000, 20_000, 0)));
    }
}
