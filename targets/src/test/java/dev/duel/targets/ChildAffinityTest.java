package dev.duel.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Children started after duel pinned itself to the load generator's CPU get their own mask, not
 * duel's (issue 10, item 8): this JVM pins itself as {@code loadgen.cpuset} does, then starts real
 * processes. Its own affinity is restored afterwards.
 */
@Tag("slow") // pins this JVM and starts real processes
class ChildAffinityTest {
    private final TargetLauncher launcher = new TargetLauncher(new JdkResolver(), new Cgroups());
    private final long self = ProcessHandle.current().pid();
    private String before;

    @TempDir
    Path temp;

    private static void taskset(String cpus, long pid) throws IOException, InterruptedException {
        Process taskset = new ProcessBuilder("taskset", "-a", "-cp", cpus, String.valueOf(pid))
                .redirectErrorStream(true)
                .start();
        String output = new String(taskset.getInputStream().readAllBytes());
        assertTrue(taskset.waitFor(10, TimeUnit.SECONDS) && taskset.exitValue() == 0, output);
    }

    @BeforeEach
    void pinThisJvmLikeTheLoadGenerator() throws Exception {
        before = Affinity.of(self);
        String online = Affinity.onlineCpus();
        Assumptions.assumeTrue(
                online != null && Limits.countCpus(online) >= 2 && before != null,
                "needs /proc, /sys and two CPUs: online " + online);
        taskset("0", self);
        assertEquals("0", Affinity.of(self));
    }

    @AfterEach
    void restore() throws Exception {
        if (before != null) {
            taskset(before, self);
        }
    }

    private static TargetSpec fixture(Limits limits) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new TargetSpec(
                "fixture-affinity",
                null,
                null,
                List.of(
                        java,
                        "-Xmx64m",
                        "-XX:+UseSerialGC",
                        "-cp",
                        System.getProperty("java.class.path"),
                        "dev.duel.targets.fixtures.FixtureServer",
                        "ok",
                        "fixture",
                        "${port}"),
                List.of(),
                Map.of(),
                null,
                new ReadySpec("/health", 200, Duration.ofSeconds(30)),
                List.of(),
                limits,
                null,
                TargetSpec.LOOPBACK);
    }

    @Test
    void aTargetWithoutACpusetRunsOnEveryOnlineCpuNotOnTheGenerators() throws Exception {
        try (RunningTarget target = launcher.start(fixture(Limits.NONE), Map.of(), temp.resolve("none.log"))) {
            assertEquals(
                    Affinity.onlineCpus(),
                    Affinity.of(target.pid()),
                    "started after duel pinned itself to CPU 0, via " + target.command());
            assertEquals(
                    List.of(new dev.duel.record.ProcessAffinity("target t", target.pid(), Affinity.onlineCpus())),
                    Affinity.ofTree("target t", target.pid(), target.group().members()));
        }
    }

    @Test
    void aTargetWithACpusetRunsOnItsCpuset() throws Exception {
        try (RunningTarget target =
                launcher.start(fixture(new Limits(null, "1", null)), Map.of(), temp.resolve("cpuset.log"))) {
            assertEquals("1", Affinity.of(target.pid()), target.group().mechanism() + ": " + target.command());
        }
    }
}
