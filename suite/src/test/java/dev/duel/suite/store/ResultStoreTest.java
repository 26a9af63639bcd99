package dev.duel.suite.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.suite.RunPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24, item 7: a resumed run appended to the killed attempt's log, and its AOT-cache warning check and flight
 * recording could read the old run's output. Each attempt now starts on files of its own; the killed one's are kept.
 */
class ResultStoreTest {
    @TempDir
    Path temp;

    @Test
    void anAttemptAKilledDuelLeftIsKeptAsideAndTheNewOneStartsClean() throws Exception {
        ResultStore store = new ResultStore(temp);
        RunPlan plan = new RunPlan(3, 2, "jdk25", List.of("json"));
        assertEquals(List.of(), store.startAttempt(plan, 1), "nothing to keep aside the first time");
        assertTrue(store.wasInFlight(plan));
        Path log = store.log(plan, 1);
        Files.writeString(log, "killed attempt: [warning][aot] the cache was made by another JVM\n");
        Files.writeString(temp.resolve("runs/003-jdk25-json.jfr"), "killed recording");

        // duel was killed here; the resume starts the same attempt again.
        List<Path> kept = store.startAttempt(plan, 1);
        assertEquals(
                List.of(
                        temp.resolve("runs/003-jdk25-json.killed-1.log"),
                        temp.resolve("runs/003-jdk25-json.killed-1.jfr")),
                kept);
        assertTrue(Files.notExists(log) && Files.notExists(temp.resolve("runs/003-jdk25-json.jfr")));
        assertTrue(Files.readString(kept.get(0)).startsWith("killed attempt"), "nothing measured is lost");
        assertTrue(store.wasInFlight(plan));

        Files.writeString(log, "killed again\n");
        assertEquals(List.of(temp.resolve("runs/003-jdk25-json.killed-2.log")), store.startAttempt(plan, 1));
        assertEquals("killed again\n", Files.readString(temp.resolve("runs/003-jdk25-json.killed-2.log")));

        // A later attempt (after a discarded one) has its own file already, and is kept apart the same way.
        Files.writeString(store.log(plan, 2), "attempt 2 killed\n");
        assertEquals(List.of(temp.resolve("runs/003-jdk25-json.attempt-2.killed-1.log")), store.startAttempt(plan, 2));
    }
}
