package dev.duel.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.suite.file.SuiteLoader;
import dev.duel.suite.fixtures.FixtureSuites;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The host drift probe around every run: on the target's CPUs, before it starts and after it stops, recorded. */
class HostProbeRunsTest {
    @TempDir
    Path temp;

    private final List<String> messages = new ArrayList<>();

    /** Target a pinned to CPU 1, target b without a cpuset. */
    private SuiteOutcome run(FakeMachine machine) throws Exception {
        String yaml = FixtureSuites.suite(
                FixtureSuites.target("a", "ok", "a", "a")
                                .replace("limits: {cpus: 1.0, memory: 256m}", "limits: {cpus: 1.0, cpuset: '1'}")
                        + FixtureSuites.target("b", "ok", "b", "b"),
                1);
        Suite suite = new SuiteLoader(temp).load(Files.writeString(temp.resolve("suite.yaml"), yaml));
        SuiteListener listener = new SuiteListener() {
            @Override
            public void message(String text) {
                messages.add(text);
            }
        };
        return assertTimeoutPreemptively(
                Duration.ofSeconds(5),
                () -> new SuiteRunner(suite, temp.resolve("results"), listener, machine.parts()).run());
    }

    private List<RunRecord> records() throws IOException {
        return TestFiles.finalRecords(temp.resolve("results"));
    }

    @Test
    void everyRunIsProbedOnItsTargetsCpusBeforeItStartsAndAfterItStops() throws Exception {
        // The host slows down by a tenth at each probe: each record keeps its own two readings.
        FakeMachine machine = new FakeMachine().hostSpeed(n -> 200.0 * Math.pow(0.9, n));
        SuiteOutcome outcome = run(machine);
        assertEquals(2, outcome.ok(), outcome.toString());
        assertEquals(
                List.of(
                        "probe 1 after 0 start(s)",
                        "probe 1 after 1 start(s)",
                        "probe null after 1 start(s)",
                        "probe null after 2 start(s)"),
                List.copyOf(machine.probes),
                "before each start and after each stop, never while a target runs; b has no cpuset");
        List<RunRecord> records = records();
        RunRecord a = records.get(0);
        assertEquals("1", a.hostProbe().before().cpus());
        assertEquals(200.0, a.hostProbe().before().unitsPerSecond(), 1e-9);
        assertEquals(180.0, a.hostProbe().after().unitsPerSecond(), 1e-9);
        assertEquals(500.0, a.hostProbe().before().durationMillis(), 1e-9);
        RunRecord b = records.get(1);
        assertEquals("0-1", b.hostProbe().before().cpus(), "every online CPU, as b itself runs");
        assertEquals(162.0, b.hostProbe().before().unitsPerSecond(), 1e-9);
        assertEquals(145.8, b.hostProbe().after().unitsPerSecond(), 1e-9);
    }

    @Test
    void aProbeThatCannotRunLeavesTheRunsAndSaysSoOnce() throws Exception {
        FakeMachine machine = new FakeMachine().hostSpeed(n -> n == 1 ? 190.0 : null);
        SuiteOutcome outcome = run(machine);
        assertEquals(2, outcome.ok(), "the runs are kept: " + outcome);
        List<RunRecord> records = records();
        assertNull(records.get(0).hostProbe().before());
        assertEquals(190.0, records.get(0).hostProbe().after().unitsPerSecond(), 1e-9);
        assertNull(records.get(1).hostProbe().before());
        assertNull(records.get(1).hostProbe().after());
        assertEquals(Status.OK, records.get(1).status());
        assertEquals(
                1,
                messages.stream()
                        .filter(m -> m.contains("host drift probe could not run") && m.contains("install taskset"))
                        .count(),
                messages.toString());
    }
}
