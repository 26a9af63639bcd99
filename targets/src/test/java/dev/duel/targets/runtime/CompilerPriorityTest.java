package dev.duel.targets.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.targets.Jdk;
import dev.duel.targets.JdkResolver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Raising a JVM's JIT compiler threads for a warm-up and putting them back: on a /proc of our making, then for real. */
class CompilerPriorityTest {
    @TempDir
    Path proc;

    /** A renice that sets the fake /proc's stat lines, and remembers each call. */
    private final List<String> calls = new ArrayList<>();

    private final Map<Long, String> names = new HashMap<>();

    private final CompilerPriority.Renice fake = (ids, nice) -> {
        calls.add(ids + " -> " + nice);
        for (long id : ids) {
            writeThread(id, names.get(id), nice);
        }
    };

    private void writeThread(long id, String comm, int nice) {
        names.put(id, comm);
        Path task = proc.resolve("100").resolve("task").resolve(String.valueOf(id));
        try {
            Files.createDirectories(task);
            Files.writeString(task.resolve("comm"), comm + "\n");
            // The name holds spaces and a parenthesis: the fields count from the last ')'.
            Files.writeString(
                    task.resolve("stat"),
                    id + " (" + comm + ") S 1 100 100 0 -1 4194624 10 0 0 0 5 1 0 0 20 " + nice
                            + " 20 0 95 0 0 18446744073709551615\n");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void raisesOnlyTheCompilerThreadsThenPutsEachBackWhereItWas() throws IOException {
        writeThread(100, "java", 0);
        writeThread(101, "C2 CompilerThre", 0);
        writeThread(102, "C1 CompilerThre", 2);
        writeThread(103, "qtp(1)-23 (x)", 0);
        writeThread(104, "GC Thread#0", 0);
        CompilerPriority priority = new CompilerPriority(proc, 100, fake);

        assertEquals(2, priority.raise(CompilerPriority.RAISED_NICE));
        assertEquals(List.of("[101, 102] -> -10"), sortedIds(calls));
        assertEquals(-10, niceOf(101));
        assertEquals(-10, niceOf(102));
        assertEquals(0, niceOf(103));

        // Raised again while the warm-up lasts: nothing new, nothing done; a compiler thread started since is raised.
        assertEquals(2, priority.raise(CompilerPriority.RAISED_NICE));
        assertEquals(1, calls.size());
        writeThread(105, "C2 CompilerThre", 0);
        assertEquals(3, priority.raise(CompilerPriority.RAISED_NICE));
        assertEquals("[105] -> -10", calls.get(1));

        // A dynamic compiler thread that ended is left out of the restore; each other goes back to its own value.
        deleteThread(105);
        calls.clear();
        priority.restore();
        assertEquals(List.of("[101] -> 0", "[102] -> 2"), sortedIds(calls));
        assertEquals(0, niceOf(101));
        assertEquals(2, niceOf(102));
        calls.clear();
        priority.restore();
        assertEquals(List.of(), calls, "nothing raised, nothing to restore");
    }

    @Test
    void aRefusedReniceCountsNothingRaised() throws IOException {
        writeThread(101, "C2 CompilerThre", 0);
        CompilerPriority priority = new CompilerPriority(proc, 100, (ids, nice) -> {
            throw new IOException("failed to set priority for 101 (process ID): Permission denied");
        });
        IOException refused = assertThrows(IOException.class, () -> priority.raise(-10));
        assertTrue(refused.getMessage().contains("Permission denied"), refused.getMessage());
        priority.restore(); // nothing was raised: renice is not asked again
    }

    @Test
    void theNiceFieldOfAStatLineWhoseNameHoldsParentheses() {
        assertEquals(-10, CompilerPriority.niceOf("7 (a) b) R 1 7 7 0 -1 0 0 0 0 0 0 0 0 0 10 -10 1 0"));
        assertEquals(19, CompilerPriority.niceOf("7 (x) S 1 7 7 0 -1 0 0 0 0 0 0 0 0 0 39 19 1 0"));
        assertNull(CompilerPriority.niceOf("7 (x) S 1 7"));
        assertNull(CompilerPriority.niceOf(""));
    }

    /** A real JVM's compiler threads, raised and put back with renice (root, or CAP_SYS_NICE, as duel's suites run). */
    @Test
    @Tag("slow") // starts a JVM
    void aRealJvmsCompilerThreads() throws Exception {
        Jdk jdk = new JdkResolver().resolve("17");
        Process process = new ProcessBuilder(
                        jdk.java().toString(),
                        "-XX:+UseSerialGC",
                        "-XX:ActiveProcessorCount=1",
                        "-cp",
                        System.getProperty("java.class.path"),
                        BusyMain.class.getName(),
                        "20000")
                .redirectErrorStream(true)
                .redirectOutput(proc.resolve("out.log").toFile())
                .start();
        try {
            CompilerPriority priority = null;
            for (int i = 0; i < 100 && priority == null; i++) {
                try {
                    priority = CompilerPriority.ofTree(process.pid());
                } catch (IOException notYet) {
                    Thread.sleep(50); // the JVM has not named its VM Thread yet
                }
            }
            assertTrue(priority != null, "the JVM started");
            // The JVM names its VM Thread before it starts its compiler threads: raised as they come, as duel does.
            int raised = priority.raise(CompilerPriority.RAISED_NICE);
            for (int i = 0; i < 100 && raised == 0; i++) {
                Thread.sleep(50);
                raised = priority.raise(CompilerPriority.RAISED_NICE);
            }
            assertTrue(raised >= 1, "a JVM under one processor has a C1 and a C2 thread: " + raised);
            Map<String, Integer> byName = nicesByName(process.pid());
            assertEquals(-10, byName.get("C2 CompilerThre"), byName.toString());
            assertEquals(0, byName.get("VM Thread"), byName.toString());
            priority.restore();
            assertEquals(0, nicesByName(process.pid()).get("C2 CompilerThre"));
        } finally {
            process.destroy();
            process.waitFor(20, TimeUnit.SECONDS);
        }
    }

    private static Map<String, Integer> nicesByName(long pid) throws IOException {
        Map<String, Integer> nices = new HashMap<>();
        try (var tasks = Files.list(Path.of("/proc", String.valueOf(pid), "task"))) {
            for (Path task : tasks.toList()) {
                String comm = Files.readString(task.resolve("comm")).strip();
                Integer nice = CompilerPriority.niceOf(Files.readString(task.resolve("stat")));
                nices.merge(comm, nice, Math::min);
            }
        }
        return nices;
    }

    private int niceOf(long id) throws IOException {
        return CompilerPriority.niceOf(Files.readString(
                proc.resolve("100").resolve("task").resolve(String.valueOf(id)).resolve("stat")));
    }

    private void deleteThread(long id) throws IOException {
        Path task = proc.resolve("100").resolve("task").resolve(String.valueOf(id));
        Files.delete(task.resolve("comm"));
        Files.delete(task.resolve("stat"));
        Files.delete(task);
    }

    /** Each call with its ids in order: the directory lists threads in no set order. */
    private static List<String> sortedIds(List<String> calls) {
        List<String> sorted = new ArrayList<>();
        for (String call : calls) {
            String ids = call.substring(1, call.indexOf(']'));
            List<Long> each = new ArrayList<>();
            for (String id : ids.split(",\\s*")) {
                each.add(Long.parseLong(id));
            }
            each.sort(null);
            sorted.add(each + call.substring(call.indexOf(']') + 1));
        }
        sorted.sort(null);
        return sorted;
    }
}
