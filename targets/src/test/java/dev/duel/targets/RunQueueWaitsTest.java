package dev.duel.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.CpuList;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Run-queue wait per thread from {@code /proc/PID/task/TID/schedstat} (issue 22, point 6): the parser on fixture
 * text, a fake /proc, and on Linux the test JVM's own threads.
 */
class RunQueueWaitsTest {
    @TempDir
    Path proc;

    @Test
    void theSecondOfTheThreeNumbersIsTheWait() {
        assertEquals(44_076, RunQueueWaits.waitNanos("177146294 44076 3\n"));
        assertEquals(0, RunQueueWaits.waitNanos("0 0 1"));
        assertEquals(-1, RunQueueWaits.waitNanos(""), "no schedstat (a kernel without schedstats)");
        assertEquals(-1, RunQueueWaits.waitNanos("177146294 44076"), "not the three numbers");
        assertEquals(-1, RunQueueWaits.waitNanos("177146294 x 3"));
    }

    @Test
    void aReadingHoldsEveryThreadOfEveryProcessNamedOnce() throws IOException {
        thread(100, 100, "5000 700 4");
        thread(100, 101, "9000 300 9");
        thread(200, 200, "1000 50 1");
        thread(300, 300, "garbled"); // not a schedstat line: left out
        RunQueueWaits waits = RunQueueWaits.read(proc, List.of(100L, 200L, 100L, 300L, 999L));
        assertEquals(Map.of(100L, 700L, 101L, 300L, 200L, 50L), waits.nanosByThread());
        assertEquals(1_050, waits.totalNanos());
        assertNull(RunQueueWaits.read(proc, List.of(999L)), "nothing readable: not measured, not 0");
    }

    @Test
    void theGrowthIsPerThreadANewThreadCountsFromZeroAndAnEndedOneIsLost() {
        RunQueueWaits before = new RunQueueWaits(Map.of(1L, 1_000L, 2L, 5_000L, 3L, 90_000L));
        // thread 3 ended (its 90 us and whatever it waited since are gone), thread 4 began
        RunQueueWaits after = new RunQueueWaits(Map.of(1L, 1_400L, 2L, 5_000L, 4L, 250L));
        RunQueueWaits grown = after.since(before);
        assertEquals(Map.of(1L, 400L, 2L, 0L, 4L, 250L), grown.nanosByThread());
        assertEquals(650, grown.totalNanos(), "a lower bound: the sums' difference would be -88,350 ns");
    }

    @Test
    void aResourceReadingSubtractsItsWaitsAndKeepsUnknownUnknown() {
        ResourceReading before = reading(new RunQueueWaits(Map.of(1L, 1_000L)));
        ResourceReading after = reading(new RunQueueWaits(Map.of(1L, 4_000L, 2L, 500L)));
        assertEquals(3_500, after.since(before).runQueueWaitNanos());
        assertEquals(-1, after.since(reading(null)).runQueueWaitNanos());
        assertEquals(-1, reading(null).since(before).runQueueWaitNanos());
        assertEquals(-1, ResourceReading.UNKNOWN.runQueueWaitNanos());
    }

    @Test
    void theTestJvmsOwnThreadsWaitWhenMoreSpinThanThereAreCpus() throws Exception {
        long self = ProcessHandle.current().pid();
        Assumptions.assumeTrue(
                Files.isReadable(Path.of("/proc/" + self + "/task/" + self + "/schedstat")), "no schedstat here");
        RunQueueWaits before = ProcessTree.runQueueWaits(self, List.of());
        assertNotNull(before);
        assertTrue(before.nanosByThread().size() > 5, "a JVM has many threads: " + before.nanosByThread());
        assertTrue(before.nanosByThread().containsKey(self), "the main thread's tid is the pid");

        // Twice as many spinning threads as this JVM's CPUs, and one more: at any moment about half of them wait.
        int cpus = CpuList.parse(Affinity.of(self)).size();
        int spinners = 2 * Math.max(1, cpus) + 1;
        CountDownLatch started = new CountDownLatch(spinners);
        List<Thread> threads = new ArrayList<>();
        long until = System.nanoTime() + 2_000_000_000L;
        for (int i = 0; i < spinners; i++) {
            Thread spinner = new Thread(() -> {
                started.countDown();
                long x = 0;
                while (System.nanoTime() < until) {
                    x += x * 31 + 7;
                }
                if (x == 42) {
                    System.out.println(x);
                }
            });
            threads.add(spinner);
            spinner.start();
        }
        started.await();
        Thread.sleep(300);
        RunQueueWaits during = ProcessTree.runQueueWaits(self, List.of());
        for (Thread thread : threads) {
            thread.join();
        }
        long spinnersWaited = during.since(before).nanosByThread().entrySet().stream()
                .filter(e -> !before.nanosByThread().containsKey(e.getKey()))
                .mapToLong(Map.Entry::getValue)
                .sum();
        // At least (spinners - cpus) x 300 ms in theory; a twentieth of one spinner's 300 ms is bound enough.
        assertTrue(spinnersWaited > 15_000_000L, "the spinners waited " + spinnersWaited + " ns on " + cpus + " CPUs");
    }

    private static ResourceReading reading(RunQueueWaits waits) {
        return new ResourceReading(0, -1, -1, -1, 1, 1, 1, waits);
    }

    private void thread(long pid, long tid, String schedstat) throws IOException {
        Path task = Files.createDirectories(proc.resolve(pid + "/task/" + tid));
        Files.writeString(task.resolve("schedstat"), schedstat + "\n");
    }
}
