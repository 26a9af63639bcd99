package dev.duel.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.suite.RuntimeReaders;
import dev.duel.targets.TargetProcess;
import dev.duel.targets.runtime.CompilerPriority;
import dev.duel.targets.runtime.JfrEvents;
import dev.duel.targets.runtime.ThreadCpuSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One side's compilers raised for a warm-up, raised again each second, put back once at its end. */
class CompilerBoostTest {
    @TempDir
    Path proc;

    private final List<String> renices = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private Runnable eachSecond;
    private boolean tickingClosed;
    private boolean refuse;
    /** Readers as a non-JVM target's: the interface's own answer. */
    private boolean noJvm;

    private final RuntimeReaders readers = new RuntimeReaders() {
        @Override
        public ThreadCpuSource threads(TargetProcess target) throws IOException {
            throw new IOException("not read here");
        }

        @Override
        public JfrEvents recording(Path file) throws IOException {
            throw new IOException("not read here");
        }

        @Override
        public AutoCloseable everySecond(Runnable task) {
            eachSecond = task;
            return () -> tickingClosed = true;
        }

        @Override
        public CompilerPriority compilers(TargetProcess target) throws IOException {
            if (noJvm) {
                return RuntimeReaders.super.compilers(target);
            }
            return new CompilerPriority(proc, 7, (ids, nice) -> {
                if (refuse) {
                    throw new IOException("failed to set priority: Permission denied");
                }
                renices.add(ids + " " + nice);
            });
        }
    };

    private void thread(long id, String comm) throws IOException {
        Path task = Files.createDirectories(proc.resolve("7/task/" + id));
        Files.writeString(task.resolve("comm"), comm + "\n");
        Files.writeString(task.resolve("stat"), id + " (" + comm + ") S 1 7 7 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0\n");
    }

    @Test
    void raisedAtTheStartAndEachSecondThenPutBackOnce() throws IOException {
        thread(8, "C2 CompilerThre");
        CompilerBoost boost = CompilerBoost.start(readers, null, problems::add);
        assertEquals(List.of("[8] -10"), renices);
        thread(9, "C1 CompilerThre");
        eachSecond.run();
        assertEquals(List.of("[8] -10", "[9] -10"), renices);
        boost.end();
        assertTrue(tickingClosed);
        assertEquals(List.of("[8] -10", "[9] -10", "[8, 9] 0"), sorted(renices));
        boost.end();
        eachSecond.run(); // a tick that raced the end raises nothing
        assertEquals(3, renices.size());
        assertEquals(CompilerPriority.RAISED_NICE, boost.heldNice());
        assertEquals(List.of(), problems);
    }

    @Test
    void aRefusedReniceLeavesTheWarmupAsItWasAndSaysWhy() throws IOException {
        thread(8, "C2 CompilerThre");
        refuse = true;
        CompilerBoost boost = CompilerBoost.start(readers, null, problems::add);
        boost.end();
        assertNull(boost.heldNice());
        assertEquals(List.of("failed to set priority: Permission denied"), problems);
        assertNull(eachSecond, "nothing ticks after a refusal");
    }

    @Test
    void aTargetWithoutCompilerThreadsHeldNoRaisedPriority() {
        noJvm = true;
        CompilerBoost boost = CompilerBoost.start(readers, null, problems::add);
        boost.end();
        assertNull(boost.heldNice());
        assertEquals(List.of("no compiler threads to raise here"), problems);
    }

    private static List<String> sorted(List<String> calls) {
        List<String> copy = new ArrayList<>(calls);
        int last = copy.size() - 1;
        if (copy.get(last).startsWith("[9, 8]")) {
            copy.set(last, copy.get(last).replace("[9, 8]", "[8, 9]"));
        }
        return copy;
    }
}
