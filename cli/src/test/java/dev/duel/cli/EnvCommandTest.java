package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.duel.record.HostProbe;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code duel env} prints the host drift probe, timed where the targets will run. */
class EnvCommandTest {
    @Test
    void theProbeIsPrintedForEachCpuSetAndAFailureSaysWhy() throws Exception {
        List<String> probed = new ArrayList<>();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

        EnvCommand.printProbes(out, Arrays.asList(null, "1", "0"), cpuset -> {
            probed.add(String.valueOf(cpuset));
            if ("0".equals(cpuset)) {
                throw new IOException("cannot pin the host probe to CPUs 0: install taskset");
            }
            return new HostProbe.Reading(
                    "17.0.15",
                    cpuset == null ? "0-1" : cpuset,
                    100,
                    461.2,
                    216.8,
                    230.0,
                    0.0167,
                    cpuset == null ? null : 2_400.0);
        });

        assertEquals(List.of("null", "1", "0"), probed);
        assertEquals(
                List.of(
                        "probe      CPUs 0-1: 100 units in 461 ms (CPU 230 ms), 216.8 units/s, 434.8 per CPU second, steal 1.7%, "
                                + "frequency not visible (a change above 5% between sessions is a different host)",
                        "probe      CPUs 1: 100 units in 461 ms (CPU 230 ms), 216.8 units/s, 434.8 per CPU second, steal 1.7%, "
                                + "frequency 2400 MHz (a change above 5% between sessions is a different host)",
                        "probe      CPUs 0: could not run: cannot pin the host probe to CPUs 0: install taskset"),
                bytes.toString(StandardCharsets.UTF_8).lines().toList());
    }

    @Test
    void withoutASuiteTheProbeRunsOnEveryOnlineCpu() {
        assertEquals(Arrays.asList((String) null), EnvCommand.cpusets(List.of()));
    }

    @Test
    void theLimitsLineSaysWhetherASuitesLimitsAreEnforcedAndHowToEnforceThem() {
        assertEquals("a suite's CPU and memory limits are enforced here (cgroup v2)", EnvCommand.limits("cgroup v2"));
        String not = EnvCommand.limits("not enforced (cgroup v2 at /sys/fs/cgroup is not writable; cgroup v1 lacks some"
                + " of cpu, cpuacct, cpuset, memory); CPUs pinned with taskset and the JVM told its processor count,"
                + " memory unlimited");
        org.junit.jupiter.api.Assertions.assertTrue(
                not.startsWith("a suite's CPU and memory limits are not enforced (cgroup v2 at /sys/fs/cgroup is not"),
                not);
        org.junit.jupiter.api.Assertions.assertTrue(not.endsWith("Delegate=yes), to enforce them"), not);
    }
}
