package dev.duel.load.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The event loops' run-queue wait, read from this JVM's own threads (Linux). */
class EngineMonitorTest {
    @Test
    void eachThreadKnowsItsKernelIdAndItsWaitCanBeRead() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/thread-self")), "no /proc/thread-self here");
        long mine = EngineMonitor.currentTid();
        AtomicLong other = new AtomicLong();
        Thread thread = new Thread(() -> other.set(EngineMonitor.currentTid()));
        thread.start();
        thread.join();
        assertTrue(mine > 0 && other.get() > 0, mine + " " + other.get());
        assertNotEquals(mine, other.get(), "a thread's own id, not the process's");
        assertTrue(Files.isDirectory(Path.of("/proc/self/task/" + mine)), "this JVM's task " + mine);
        Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/task/" + mine + "/schedstat")), "no schedstat");
        long before = EngineMonitor.runQueueWaitNanos(List.of(mine));
        assertTrue(before >= 0, "waited " + before + " ns so far");
        long spin = System.nanoTime() + 50_000_000L;
        while (System.nanoTime() < spin) {
            Thread.onSpinWait();
        }
        assertTrue(EngineMonitor.runQueueWaitNanos(List.of(mine)) >= before, "a counter only grows");
    }

    @Test
    void anUnknownThreadOrNoneIsNotMeasured() {
        assertEquals(-1, EngineMonitor.runQueueWaitNanos(List.of()));
        assertEquals(-1, EngineMonitor.runQueueWaitNanos(List.of(-1L)), "a loop whose id could not be read");
    }
}
