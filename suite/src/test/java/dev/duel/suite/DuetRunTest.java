package dev.duel.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.RecordJson;
import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.record.load.SecondResult;
import dev.duel.suite.file.SuiteLoader;
import dev.duel.suite.fixtures.FixtureSuites;
import dev.duel.suite.fixtures.GeneratorVerdicts;
import dev.duel.suite.fixtures.RealPartsWithoutProbe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code order: duet} against two real fixture processes side by side: both started, each scenario's two loads begun
 * at one instant with their warm-ups ended together, both records naming each other, their seconds on one axis.
 */
@Tag("slow") // real processes: CI runs it; the quick loop (-Pquick) leaves it out
class DuetRunTest {
    @TempDir
    Path temp;

    @Test
    void bothTargetsAreMeasuredOnTheSameSecondsAndTheirRecordsNameEachOther() throws Exception {
        String targets = FixtureSuites.target("a", "ok", "a", "a") + FixtureSuites.target("b", "ok", "b", "b");
        String yaml = FixtureSuites.paced(FixtureSuites.suite(targets, 2))
                .replace("limits: {cpus: 1.0, memory: 256m}", "limits: {cpus: 0.5, cpuset: '0', memory: 256m}")
                // An auto warm-up that the judge cannot end in 3 s (it needs a longer steady stretch): both sides
                // reach the cap at the same second, which is what is checked; DuetLoadTest checks the judges' rule.
                .replace(
                        "phases: {warmup: 300ms, gap: 100ms, duration: 700ms}",
                        "phases: {warmup: auto, maxWarmup: 3s, gap: 0s, duration: 2s}")
                .replace("repetitions: 2", "repetitions: 2\norder: duet");
        Path file = Files.writeString(temp.resolve("duet.yaml"), yaml);
        Suite suite = new SuiteLoader(temp).load(file);
        SuiteOutcome outcome = new SuiteRunner(
                        suite, temp.resolve("results"), SuiteListener.NONE, RealPartsWithoutProbe.onThisMachine(temp))
                .run();
        List<RunRecord> records;
        try (Stream<Path> files = Files.list(temp.resolve("results/runs"))) {
            records = files.filter(
                            f -> f.toString().endsWith(".json") && !f.toString().contains("discarded"))
                    .sorted()
                    .map(f -> {
                        try {
                            return RecordJson.readRun(f);
                        } catch (Exception e) {
                            throw new AssertionError(f.toString(), e);
                        }
                    })
                    .toList();
        }
        assertEquals(4, records.size(), outcome.toString());
        for (int i = 0; i < 4; i += 2) {
            RunRecord first = records.get(i);
            RunRecord second = records.get(i + 1);
            for (RunRecord record : List.of(first, second)) {
                assertTrue(
                        record.status() == Status.OK || GeneratorVerdicts.byTheGenerator(record),
                        record.status() + " " + record.reason());
            }
            assertEquals(new RunRecord.Duet(second.index(), second.target()), first.duet());
            assertEquals(new RunRecord.Duet(first.index(), first.target()), second.duet());
            assertEquals(first.repetition(), second.repetition());
            // Both targets ran at once: each started before the other stopped.
            assertTrue(first.startup().pid() != second.startup().pid());
            var a = first.results().get(0).load();
            var b = second.results().get(0).load();
            long apartMillis = Math.abs(Duration.between(Instant.parse(a.startedAt()), Instant.parse(b.startedAt()))
                    .toMillis());
            // One start gate releases both: milliseconds apart on a quiet machine, 271 ms once beside other tests on
            // this 2-vCPU host; one after the other they would be a whole run (seconds) apart.
            assertTrue(apartMillis < 1_000, "the two loads began " + apartMillis + " ms apart");
            assertNotNull(a.warmupEnd());
            assertEquals(a.warmupEnd().endedAtMillis(), b.warmupEnd().endedAtMillis(), "warm-up ended together");
            // Their seconds share one axis: the same indices in main.
            assertEquals(mainSeconds(a.seconds()), mainSeconds(b.seconds()));
        }
    }

    private static List<Integer> mainSeconds(List<SecondResult> seconds) {
        return seconds.stream()
                .filter(s -> s.phase() == dev.duel.record.Phase.MAIN)
                .map(SecondResult::second)
                .toList();
    }
}
