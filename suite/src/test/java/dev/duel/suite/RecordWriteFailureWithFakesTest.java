package dev.duel.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.RecordJson;
import dev.duel.record.RunRecord;
import dev.duel.suite.file.SuiteLoader;
import dev.duel.suite.fixtures.FixtureSuites;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24, item 3: a record that could not be written (a full disk) lost the run's measurements. The runner keeps
 * the record, tries again, and when no try succeeds stops with the whole record in its message. The failing write is
 * a real one: a non-empty folder where the record's file must go makes the atomic move fail, as a full disk does.
 */
class RecordWriteFailureWithFakesTest {
    @TempDir
    Path temp;

    private final List<String> messages = new ArrayList<>();

    private Suite suite() throws Exception {
        String yaml = FixtureSuites.suite(FixtureSuites.target("a", "ok", "a", "a"), 1);
        return new SuiteLoader(temp).load(Files.writeString(temp.resolve("suite.yaml"), yaml));
    }

    private static FakeMachine machine() {
        return new FakeMachine().steadyWarmupSeconds(12).script(new FakeMachine.Script(1000, Map.of(), 0.2, false));
    }

    /** Where the run's record goes. */
    private Path recordFile(Suite suite) {
        return temp.resolve("results/runs").resolve(RunPlan.of(suite).get(0).fileStem() + ".json");
    }

    /**
     * Blocks the record's file with a non-empty folder of its name, once the run began (a folder that held it before
     * would be a folder with runs: a resume).
     */
    private static void block(Path record) {
        try {
            Files.createDirectories(record);
            Files.writeString(record.resolve("in-the-way"), "x");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void delete(Path blocking) {
        try {
            Files.deleteIfExists(blocking.resolve("in-the-way"));
            Files.deleteIfExists(blocking);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The message of the suite's stop, which names {@code blocking} as the record it could not write. */
    private String stopped(Suite suite, SuiteListener listener, Path blocking) {
        SuiteException stopped = assertThrows(
                SuiteException.class,
                () -> new SuiteRunner(
                                suite,
                                temp.resolve("results"),
                                listener,
                                machine().parts())
                        .run());
        String message = stopped.getMessage();
        assertTrue(message.startsWith("could not write " + blocking + " ("), message);
        return message;
    }

    /** Blocks the record's file as each run begins, and with {@code makeRoom} unblocks it at the first warning. */
    private SuiteListener listener(Path blocking, boolean makeRoom) {
        return new SuiteListener() {
            @Override
            public void runStarted(RunPlan plan, int attempt) {
                block(blocking);
            }

            @Override
            public void message(String text) {
                messages.add(text);
                if (makeRoom && text.startsWith("warning: could not write ")) {
                    delete(blocking); // room is made while duel waits
                }
            }
        };
    }

    @Test
    void aRecordThatCouldNotBeWrittenIsTriedAgainAndLandsOnceThereIsRoom() throws Exception {
        Suite suite = suite();
        Path blocking = recordFile(suite);
        SuiteListener listener = listener(blocking, true);
        SuiteOutcome outcome = new SuiteRunner(
                        suite, temp.resolve("results"), listener, machine().parts())
                .run();
        assertTrue(outcome.clean(), messages.toString());
        List<String> warnings = messages.stream()
                .filter(m -> m.startsWith("warning: could not write "))
                .toList();
        assertEquals(1, warnings.size(), messages.toString());
        assertTrue(
                warnings.get(0).contains("the run's result is kept; trying again in 10 s (1 of 3)"), warnings.get(0));
        RunRecord written = RecordJson.readRun(blocking);
        assertEquals("a", written.target());
    }

    @Test
    void aDuetWhosePartnersRecordCannotBeWrittenKeepsTheOtherAndStopsWithTheUnwrittenOne() throws Exception {
        String targets = FixtureSuites.target("a", "ok", "a", "a") + FixtureSuites.target("b", "ok", "b", "b");
        String yaml = FixtureSuites.suite(targets, 1).replace("repetitions: 1", "repetitions: 1\norder: duet");
        Suite suite = new SuiteLoader(temp).load(Files.writeString(temp.resolve("suite.yaml"), yaml));
        List<RunPlan> plans = RunPlan.of(suite);
        // The first side's record is the one that cannot be written: its partner's, written after it, is kept.
        Path blocking = temp.resolve("results/runs").resolve(plans.get(0).fileStem() + ".json");
        Path written = temp.resolve("results/runs").resolve(plans.get(1).fileStem() + ".json");
        SuiteListener listener = new SuiteListener() {
            @Override
            public void runStarted(RunPlan plan, int attempt) {
                if (plan.equals(plans.get(0))) {
                    block(blocking);
                }
            }

            @Override
            public void message(String text) {
                messages.add(text);
            }
        };
        String message = stopped(suite, listener, blocking);
        assertEquals("b", RecordJson.readRun(written).target(), "the partner's record was written");
        RunRecord kept = RecordJson.read(message.substring(message.indexOf('\n') + 1), "the message", RunRecord.class);
        assertEquals("a", kept.target());
        assertEquals(new RunRecord.Duet(plans.get(1).index(), "b"), kept.duet());
    }

    @Test
    void whenNoWriteSucceedsTheSuiteStopsWithTheWholeRecord() throws Exception {
        Suite suite = suite();
        Path blocking = recordFile(suite);
        SuiteListener listener = listener(blocking, false);
        String message = stopped(suite, listener, blocking);
        assertTrue(message.contains("tried 3 times; the run's record follows"), message);
        assertEquals(
                2,
                messages.stream()
                        .filter(m -> m.startsWith("warning: could not write "))
                        .count());
        String json = message.substring(message.indexOf('\n') + 1);
        RunRecord kept = RecordJson.read(json, "the message", RunRecord.class);
        assertEquals("a", kept.target());
        assertTrue(
                kept.results().size() == 1
                        && kept.results().get(0).load().main().ok() > 0,
                "what was measured is there");
    }
}
