package dev.duel.targets.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.runtime.JfrWindow;
import dev.duel.record.runtime.ThreadCpuWindow;
import dev.duel.targets.Jdk;
import dev.duel.targets.JdkResolver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real JVM on JDK 17 and on JDK 25, started with duel's recording: its threads read from /proc while it
 * works, then its recording (dumped on SIGTERM) read back with this JVM's reader (issue 12, item 1).
 */
@Tag("slow") // starts a JVM per JDK, about 6 s each
class RealJvmRuntimeTest {
    @TempDir
    Path temp;

    @ParameterizedTest
    @ValueSource(strings = {"17", "25"})
    void threadsAndRecordingOfARealJvm(String feature) throws Exception {
        Jdk jdk = new JdkResolver().resolve(feature);
        Path recording = temp.resolve("001-app.jfr");
        Process process = new ProcessBuilder(
                        jdk.java().toString(),
                        "-XX:+UseSerialGC",
                        "-XX:ActiveProcessorCount=1",
                        JfrSettings.startFlag(recording),
                        "-cp",
                        System.getProperty("java.class.path"),
                        BusyMain.class.getName(),
                        "5000")
                .redirectErrorStream(true)
                .redirectOutput(temp.resolve("out.log").toFile())
                .start();
        try {
            // A first reading of the 1 s counters before the windows: counted from the recording's start, not the
            // process's (a JVM beside other test JVMs took over 2.5 s to start its recording).
            awaitRecordingStarted(temp.resolve("out.log"), process);
            Thread.sleep(2_000);
            ProcThreads threads = ProcThreads.ofTree(process.pid());
            Instant origin = Instant.now();
            long originNanos = System.nanoTime();
            List<ThreadCpuSample> samples = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                samples.add(threads.read());
                Thread.sleep(700);
            }
            List<ThreadCpuWindow> windows = ThreadCpuTimeline.windows(samples, originNanos, threads.ticksPerSecond());
            assertEquals(3, windows.size());
            double other = windows.stream()
                    .mapToDouble(ThreadCpuWindow::otherCpuMillis)
                    .sum();
            long jitTicks = samples.get(samples.size() - 1).threads().values().stream()
                    .filter(t -> t.kind() == ThreadKind.C1 || t.kind() == ThreadKind.C2)
                    .mapToLong(ThreadCpuSample.Thread::ticks)
                    .sum();
            assertTrue(other > 500, "the main thread spun: " + windows);
            assertTrue(jitTicks > 0, "C1 or C2 compiled the loop since the start: " + samples);
            assertTrue(samples.get(0).threads().values().stream().anyMatch(t -> t.kind() == ThreadKind.VM_THREAD));

            Thread.sleep(1_200); // and one after them
            process.destroy(); // SIGTERM: the recording is dumped on exit
            assertTrue(process.waitFor(20, TimeUnit.SECONDS));
            assertTrue(Files.size(recording) > 0);
            JfrEvents events = JfrRecording.read(recording);
            assertTrue(
                    events.compilations().size() > 10,
                    "compilations: " + events.compilations().size());
            assertTrue(events.compilations().stream().anyMatch(c -> c.tier() == 4), "a C2 compilation");
            assertTrue(!events.collections().isEmpty(), "Serial collected the young generation");
            assertTrue(!events.safepoints().isEmpty());
            assertTrue(!events.allocations().isEmpty());
            assertTrue(!events.classesLoaded().isEmpty());
            List<JfrWindow> jfr = JfrTimeline.windows(events, origin, windows);
            assertEquals(3, jfr.size());
            for (JfrWindow window : jfr) {
                assertTrue(window.allocatedBytes() > 10_000_000, "the loop allocates hundreds of MB a second: " + jfr);
                assertTrue(window.classesLoaded() >= 0, "counted: " + jfr);
            }
            assertNotNull(jfr.get(0).compilationsByTier());
        } finally {
            process.destroyForcibly();
        }
    }

    /** Waits (at most 30 s) until the JVM says its recording started ({@code jfr,startup} prints it by default). */
    private static void awaitRecordingStarted(Path log, Process process) throws Exception {
        long deadlineNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!(Files.exists(log) && Files.readString(log).contains("Started recording"))) {
            assertTrue(process.isAlive(), () -> "the JVM ended before its recording started: " + read(log));
            assertTrue(System.nanoTime() < deadlineNanos, () -> "no recording started within 30 s: " + read(log));
            Thread.sleep(50);
        }
    }

    private static String read(Path log) {
        try {
            return Files.exists(log) ? Files.readString(log) : "(no output)";
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }
}
