package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.report.model.Report;
import dev.duel.suite.SuiteOutcome;
import dev.duel.suite.fixtures.FixtureSuites;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a suite session maps what happened to one exit code, and what it refuses before any run. */
class SuiteSessionTest {
    @TempDir
    Path temp;

    private static SuiteOutcome outcome(int failed, int discarded) {
        return new SuiteOutcome(Path.of("r"), 4, 0, 4 - failed - discarded, failed, 0, discarded, List.of());
    }

    private static Report report(boolean thresholdPassed) {
        return new Report(
                "t",
                "v",
                List.of(),
                List.of(),
                "a",
                "m",
                List.of(),
                List.of(),
                List.of(),
                List.of(new Report.ThresholdResult(
                        "*.errors == 0", thresholdPassed, "s: a.errors 0 == 0", "s", "a", true)),
                List.of(),
                List.of(),
                null);
    }

    @Test
    void notCleanOutranksAFailedThresholdWhichOutranksOk() {
        assertEquals(ExitCodes.OK, SuiteSession.exitCode(outcome(0, 0), report(true)));
        assertEquals(ExitCodes.CHECKS_FAILED, SuiteSession.exitCode(outcome(0, 0), report(false)));
        assertEquals(ExitCodes.NOT_CLEAN, SuiteSession.exitCode(outcome(1, 0), report(false)));
        assertEquals(ExitCodes.NOT_CLEAN, SuiteSession.exitCode(outcome(0, 1), report(true)));
    }

    @Test
    void aThresholdTheReportCouldNotReadIsRefusedBeforeAnyRun() throws Exception {
        Path file = Files.writeString(
                temp.resolve("suite.yaml"),
                FixtureSuites.suite(FixtureSuites.target("a", "ok", "a", "a"), 1) + "thresholds: ['jdk99.rps >= 1']\n");
        Captured outcome = Captured.duel(
                "run", file.toString(), "--results", temp.resolve("r").toString());
        assertEquals(ExitCodes.USAGE, outcome.exitCode(), outcome.err());
        assertTrue(
                outcome.err()
                        .contains(
                                file
                                        + ": thresholds: threshold 'jdk99.rps >= 1': no target is named 'jdk99'; targets are a"),
                outcome.err());
        assertFalse(Files.exists(temp.resolve("r")), "nothing ran");
    }
}
