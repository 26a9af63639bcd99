package dev.duel.targets.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.runtime.ThreadCpuWindow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Thread CPU from a fake /proc: names sorted into kinds, and windows between samples (issue 12, item 1). */
class ThreadCpuReadingTest {
    private static final long PID = 4242;

    @TempDir
    Path proc;

    private final AtomicLong nanos = new AtomicLong(5_000_000_000L);

    @Test
    void threadNamesOfJdk17And25AreSortedIntoKinds() {
        assertEquals(ThreadKind.C1, ThreadKind.of("C1 CompilerThre"));
        assertEquals(ThreadKind.C2, ThreadKind.of("C2 CompilerThre"));
        assertEquals(ThreadKind.VM_THREAD, ThreadKind.of("VM Thread"));
        for (String gc : List.of(
                "GC Thread#0",
                "G1 Conc#0",
                "G1 Refine#0",
                "G1 Main Marker",
                "G1 Service",
                "ZDirector",
                "ZDriverMajor",
                "ZWorkerYoung#0",
                "ZUncommitter#0",
                "RuntimeWorker#1",
                "Shenandoah Cont")) {
            assertEquals(ThreadKind.GC, ThreadKind.of(gc), gc);
        }
        for (String other : List.of("java", "VM Periodic Tas", "Sweeper thread", "qtp-worker-1", "Zookeeper")) {
            assertEquals(ThreadKind.OTHER, ThreadKind.of(other), other);
        }
    }

    @Test
    void aSampleReadsEachThreadsNameAndTicksAndTheProcessTotal() throws IOException {
        thread(1, "java", 100, 20);
        thread(2, "C2 CompilerThre", 50, 1);
        thread(3, "weird (name) x", 7, 0);
        process(300);
        ThreadCpuSample sample = reader().read();
        assertEquals(5_000_000_000L, sample.atNanos());
        assertEquals(
                new ThreadCpuSample.Thread(ThreadKind.OTHER, 120),
                sample.threads().get(1L));
        assertEquals(
                new ThreadCpuSample.Thread(ThreadKind.C2, 51), sample.threads().get(2L));
        assertEquals(7, sample.threads().get(3L).ticks(), "parentheses in a name do not shift the fields");
        assertEquals(300, sample.processTicks());
    }

    @Test
    void windowsAreDifferencesPerThreadANewThreadCountsFromZeroAndEndedThreadsShowAsLost() throws IOException {
        thread(1, "java", 100, 0);
        thread(2, "C1 CompilerThre", 10, 0);
        thread(3, "C2 CompilerThre", 40, 0);
        thread(4, "qtp-1", 5, 0); // ends before the next sample
        process(200);
        ThreadCpuSample first = reader().read();

        nanos.addAndGet(1_000_000_000L);
        thread(1, "java", 150, 10);
        thread(2, "C1 CompilerThre", 12, 0);
        thread(3, "C2 CompilerThre", 70, 0);
        Files.walk(proc.resolve(PID + "/task/4"))
                .sorted(java.util.Comparator.reverseOrder())
                .forEach(path -> path.toFile().delete());
        thread(5, "GC Thread#0", 3, 0); // started in the window
        thread(6, "VM Thread", 4, 0);
        process(200 + 60 + 2 + 30 + 3 + 4 + 8);
        ThreadCpuSample second = reader().read();

        List<ThreadCpuWindow> windows = ThreadCpuTimeline.windows(List.of(first, second), 4_500_000_000L, 100);
        assertEquals(1, windows.size());
        ThreadCpuWindow window = windows.get(0);
        assertEquals(0.5, window.startSeconds(), 1e-9);
        assertEquals(1.0, window.seconds(), 1e-9);
        assertEquals(20, window.c1CpuMillis(), 1e-9);
        assertEquals(300, window.c2CpuMillis(), 1e-9);
        assertEquals(30, window.gcCpuMillis(), 1e-9);
        assertEquals(40, window.vmThreadCpuMillis(), 1e-9);
        assertEquals(600, window.otherCpuMillis(), 1e-9);
        assertEquals(80, window.lostCpuMillis(), 1e-9, "the ended thread's CPU in the window");
        assertEquals(1070, window.totalCpuMillis(), 1e-9);
    }

    @Test
    void aProcessTotalReadAfterItsThreadsNeverMakesLostNegative() {
        ThreadCpuSample before = new ThreadCpuSample(0, java.util.Map.of(1L, other(10)), 12);
        ThreadCpuSample after = new ThreadCpuSample(1_000_000_000L, java.util.Map.of(1L, other(20)), 21);
        assertEquals(
                0,
                ThreadCpuTimeline.windows(List.of(before, after), 0, 100).get(0).lostCpuMillis());
    }

    @Test
    void theJvmIsTheFirstProcessOfTheTreeWithAVmThread() throws IOException {
        Files.createDirectories(proc.resolve("10/task/10"));
        Files.writeString(proc.resolve("10/task/10/comm"), "taskset\n");
        thread(1, "java", 0, 0);
        thread(2, "VM Thread", 0, 0);
        Files.writeString(proc.resolve(PID + "/task/1/comm"), "java\n");
        Files.writeString(proc.resolve(PID + "/task/2/comm"), "VM Thread\n");
        assertEquals(PID, ProcThreads.findJvm(proc, List.of(10L, 99L, PID)));
        IOException none = assertThrows(IOException.class, () -> ProcThreads.findJvm(proc, List.of(10L)));
        assertTrue(none.getMessage().contains("no JVM"), none.getMessage());
    }

    @Test
    void anEndedProcessIsAnIoExceptionNotAnEmptySample() {
        IOException ended = assertThrows(IOException.class, () -> reader().read());
        assertTrue(ended.getMessage().contains("ended"), ended.getMessage());
    }

    private static ThreadCpuSample.Thread other(long ticks) {
        return new ThreadCpuSample.Thread(ThreadKind.OTHER, ticks);
    }

    private ProcThreads reader() {
        return new ProcThreads(proc, PID, 100, nanos::get);
    }

    private void thread(long tid, String name, long utime, long stime) throws IOException {
        Path task = Files.createDirectories(proc.resolve(PID + "/task/" + tid));
        Files.writeString(task.resolve("stat"), stat(tid, name, utime, stime));
    }

    private void process(long ticks) throws IOException {
        Files.writeString(
                Files.createDirectories(proc.resolve(String.valueOf(PID))).resolve("stat"),
                stat(PID, "java", ticks, 0));
    }

    /** A stat line as proc(5) lays it out: utime and stime are fields 14 and 15. */
    private static String stat(long id, String name, long utime, long stime) {
        return id + " (" + name + ") S 1 " + id + " " + id + " 0 -1 4194368 100 0 0 0 " + utime + " " + stime
                + " 0 0 20 0 30 0 1234 5000000 300 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n";
    }
}
