package dev.duel.suite.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A target that never starts stops the suite after its first runs; one that started once goes on. */
class StartFailuresTest {
    private static final List<String> OOM_LOG = List.of(
            "Exception in thread \"main\" java.lang.reflect.InvocationTargetException",
            "\tat java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)",
            "Caused by: java.lang.OutOfMemoryError: Java heap space",
            "\tat dev.duel.reference.logic.Dataset.generate(Dataset.java:84)",
            "\t... 7 more");

    private static RunRecord ok(String target, int index) {
        return RepetitionCheckTest.run(target, index, Status.OK, 1000);
    }

    private static RunRecord failedStart(String target, int index, String reason, List<String> log) {
        RunRecord r = ok(target, index);
        return new RunRecord(
                r.schemaVersion(),
                r.duelVersion(),
                r.suite(),
                index,
                r.repetition(),
                1,
                target,
                r.scenarios(),
                Status.FAILED,
                reason,
                r.startedAt(),
                r.endedAt(),
                r.targetInfo(),
                null,
                List.of(),
                r.gates(),
                r.environment(),
                "runs/00" + index + "-" + target + "-json.log",
                log,
                null,
                null,
                null,
                null,
                null);
    }

    @Test
    void twoFailedStartsFromTheFirstRunStopWithTheLogsCause() {
        List<RunRecord> records = new ArrayList<>();
        records.add(failedStart("jdk17", 1, "target jdk17 exited with code 1 before it was ready", OOM_LOG));
        records.add(failedStart("jdk25", 2, "its duet partner 001-jdk17-json failed: target jdk17 exited", List.of()));
        assertEquals(Optional.empty(), StartFailures.stop(records), "one failure may be bad luck");
        records.add(failedStart("jdk25", 3, "target jdk25 exited with code 1 before it was ready", OOM_LOG));
        assertEquals(Optional.empty(), StartFailures.stop(records), "a partner's failure is not the target's own");
        records.add(failedStart("jdk17", 4, "target jdk17 exited with code 1 before it was ready", OOM_LOG));
        String why = StartFailures.stop(records).orElseThrow();
        assertEquals(
                "target jdk17 did not start in its first 2 runs (target jdk17 exited with code 1 before it was ready);"
                        + " its log says: Caused by: java.lang.OutOfMemoryError: Java heap space (runs/004-jdk17-json.log):"
                        + " fix that (a JVM flag such as a larger heap, a setting the app needs, the port it reads), then"
                        + " run again",
                why);
    }

    @Test
    void aTargetThatStartedOnceGoesOnWhateverFollows() {
        List<RunRecord> records = new ArrayList<>();
        records.add(ok("a", 1));
        for (int i = 2; i < 8; i++) {
            records.add(failedStart("a", i, "target a did not answer on /health within 120 s", List.of()));
        }
        assertEquals(Optional.empty(), StartFailures.stop(records));
    }

    @Test
    void anAotCacheThatFailsItsTargetsRunsLetsTheOthersGoOn() {
        List<RunRecord> records = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            records.add(
                    failedStart("cached", i, "AOT cache training failed: the training JVM exited (code 3)", List.of()));
        }
        assertEquals(Optional.empty(), StartFailures.stop(records));
    }

    @Test
    void theCauseIsTheLastCausedByElseAnExceptionElseTheLastLine() {
        assertEquals("Caused by: java.lang.OutOfMemoryError: Java heap space", StartFailures.cause(OOM_LOG));
        assertEquals(
                "java.net.BindException: Address already in use",
                StartFailures.cause(
                        List.of("starting", "java.net.BindException: Address already in use", "\tat x.y(Z)")));
        assertEquals("port 8080 taken", StartFailures.cause(List.of("starting", "port 8080 taken")));
        assertTrue(StartFailures.cause(List.of()) == null);
    }
}
