package dev.duel.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LimitsAndChecksTest {
    @TempDir
    Path temp;

    @Test
    void memoryIsWrittenTheWayDockerWritesIt() {
        assertEquals(512L << 20, Limits.parseMemory("512m"));
        assertEquals(1L << 30, Limits.parseMemory("1g"));
        assertEquals(1536L << 20, Limits.parseMemory("1.5g"));
        assertEquals(512L << 20, Limits.parseMemory("512MiB"));
        assertEquals(4096, Limits.parseMemory("4096"));
        assertThrows(IllegalArgumentException.class, () -> Limits.parseMemory("lots"));
    }

    @Test
    void limitsThatCannotBeEnforcedAreRefused() {
        // Issue 24, item 10: NaN CPUs passed both "<= 0" and "> 1024" and were taken; a reversed or huge cpuset
        // range gave a negative processor count or an exception at run time; "Infinity" memory no limit at all.
        for (double cpus : new double[] {Double.NaN, Double.POSITIVE_INFINITY, 0, -1, 1025}) {
            IllegalArgumentException refused =
                    assertThrows(IllegalArgumentException.class, () -> new Limits(cpus, null, null));
            assertTrue(refused.getMessage().startsWith("limits.cpus must be above 0 and at most 1024"), "" + cpus);
        }
        for (String cpuset : new String[] {"3-1", "0-99999999999", "4096", "0,5-2"}) {
            IllegalArgumentException refused =
                    assertThrows(IllegalArgumentException.class, () -> new Limits(null, cpuset, null));
            assertTrue(refused.getMessage().startsWith("limits.cpuset is a CPU list"), cpuset);
        }
        assertEquals(4, new Limits(null, "0-1,3,4095", null).processors());
        assertThrows(IllegalArgumentException.class, () -> Limits.parseMemory("Infinity"));
        for (String memory : new String[] {"1e30g", "2000000g", "1e400"}) {
            IllegalArgumentException refused =
                    assertThrows(IllegalArgumentException.class, () -> Limits.parseMemory(memory));
            assertTrue(refused.getMessage().startsWith("limits.memory is at most 1024 TiB"), memory);
        }
    }

    @Test
    void limitsKnowHowManyProcessorsTheyLeave() {
        assertEquals(1, new Limits(1.0, null, null).processors());
        assertEquals(2, new Limits(1.5, null, null).processors());
        assertEquals(1, new Limits(2.0, "1", null).processors());
        assertEquals(3, new Limits(null, "0-1,3", null).processors());
        assertEquals(0, Limits.NONE.processors());
        assertThrows(IllegalArgumentException.class, () -> new Limits(0.0, null, null));
        assertThrows(IllegalArgumentException.class, () -> new Limits(null, "one", null));
        assertThrows(IllegalArgumentException.class, () -> new Limits(null, null, 1024L));
        assertEquals("cpus 1.0, cpuset 1, memory 512 MiB", new Limits(1.0, "1", 512L << 20).toString());
    }

    @Test
    void identityChecksCompareOrLookInside() throws IOException {
        var response = new ObjectMapper()
                .readTree("{\"app\":\"minimal\",\"runtime\":\"Eclipse Adoptium 25.0.3+9-LTS\",\"pid\":7}");
        assertTrue(IdentityCheck.parse("/app == \"minimal\"").passes(response));
        assertFalse(IdentityCheck.parse("/app == minimal-ish").passes(response));
        assertTrue(IdentityCheck.parse("/runtime contains \"25.\"").passes(response));
        assertTrue(IdentityCheck.parse("/pid == 7").passes(response));
        assertFalse(IdentityCheck.parse("/missing == x").passes(response));
        assertThrows(IllegalArgumentException.class, () -> IdentityCheck.parse("app is minimal"));
        assertThrows(IllegalArgumentException.class, () -> IdentityCheck.parse("app == minimal"));
    }

    private Path fakeJdk(String folder, String version, String vendor) throws IOException {
        Path home = temp.resolve("jvm").resolve(folder);
        Files.createDirectories(home.resolve("bin"));
        Path java = Files.writeString(home.resolve("bin/java"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(
                home.resolve("release"), "IMPLEMENTOR=\"" + vendor + "\"\nJAVA_VERSION=\"" + version + "\"\n");
        return home;
    }

    @Test
    void jdksAreFoundByFeatureVersionOrPathAndMissingOnesListWhatExists() throws IOException {
        Path temurin = fakeJdk("temurin-25-jdk-amd64", "25.0.3", "Eclipse Adoptium");
        fakeJdk("zulu-21", "21.0.2", "Azul Systems, Inc.");
        JdkResolver resolver = new JdkResolver(temp.resolve("jvm"), Map.of());
        Jdk jdk25 = resolver.resolve("25");
        assertEquals(25, jdk25.feature());
        assertEquals("Eclipse Adoptium", jdk25.vendor());
        assertEquals(21, resolver.resolve("21").feature());
        assertEquals(
                temurin.toAbsolutePath().normalize(),
                resolver.resolve(temurin.resolve("bin/java").toString()).home());
        assertEquals(
                Runtime.version().feature(),
                resolver.resolve(String.valueOf(Runtime.version().feature())).feature());
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> resolver.resolve("11"));
        assertTrue(
                missing.getMessage().contains("no JDK 11 found")
                        && missing.getMessage().contains("25: Eclipse Adoptium 25.0.3"),
                missing.getMessage());
        assertThrows(IllegalArgumentException.class, () -> resolver.resolve("/nowhere/jdk"));
        assertThrows(IllegalArgumentException.class, () -> resolver.resolve("latest"));
    }

    @Test
    void withoutWritableCgroupsLimitsFallBackToAffinityAndSaySo() throws IOException {
        Path mountInfo = Files.writeString(
                temp.resolve("mountinfo"), "30 25 0:26 / /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu\n");
        Cgroups cgroups = new Cgroups(mountInfo, temp.resolve("root"));
        LimitedGroup group = cgroups.create("t", new Limits(1.0, "1", 512L << 20));
        assertFalse(group.enforced());
        assertTrue(
                group.mechanism().startsWith("not enforced (no cgroup v2 mounted; cgroup v1 lacks"), group.mechanism());
        assertEquals(List.of("taskset", "-c", "1", "java"), group.wrap(List.of("java")));
        assertEquals(List.of("-XX:ActiveProcessorCount=1"), group.extraJvmArguments());
        assertEquals("none", cgroups.create("t", Limits.NONE).mechanism());
    }

    @Test
    void cgroupV1GroupsGetTheirQuotaCpusetAndMemoryFiles() throws IOException {
        Path root = temp.resolve("root");
        StringBuilder mounts = new StringBuilder();
        for (String controller : List.of("cpu", "cpuacct", "cpuset", "memory")) {
            Path mount = root.resolve("sys/fs/cgroup/" + controller);
            Files.createDirectories(mount);
            mounts.append("30 25 0:26 / /sys/fs/cgroup/")
                    .append(controller)
                    .append(" rw - cgroup cgroup rw,")
                    .append(controller)
                    .append('\n');
        }
        Files.writeString(root.resolve("sys/fs/cgroup/cpuset/cpuset.cpus"), "0-1\n");
        Files.writeString(root.resolve("sys/fs/cgroup/cpuset/cpuset.mems"), "0\n");
        // A fake hierarchy has no kernel to create the control files of new groups: pre-create them.
        for (String file : List.of("cpuset/duel/cpuset.cpus", "cpuset/duel/cpuset.mems")) {
            Files.createDirectories(root.resolve("sys/fs/cgroup/" + file).getParent());
            Files.writeString(root.resolve("sys/fs/cgroup/" + file), "");
        }
        Path mountInfo = Files.writeString(temp.resolve("mountinfo"), mounts.toString());
        LimitedGroup group = new Cgroups(mountInfo, root).create("app", new Limits(1.5, "1", 512L << 20));
        assertEquals("cgroup v1", group.mechanism());
        assertTrue(group.enforced());
        Path cpu =
                Files.list(root.resolve("sys/fs/cgroup/cpu/duel")).findFirst().orElseThrow();
        assertEquals("150000", Files.readString(cpu.resolve("cpu.cfs_quota_us")));
        assertEquals("100000", Files.readString(cpu.resolve("cpu.cfs_period_us")));
        Path cpuset = root.resolve("sys/fs/cgroup/cpuset/duel").resolve(cpu.getFileName());
        assertEquals("1", Files.readString(cpuset.resolve("cpuset.cpus")));
        assertEquals("0", Files.readString(cpuset.resolve("cpuset.mems")));
        assertEquals("0-1", Files.readString(root.resolve("sys/fs/cgroup/cpuset/duel/cpuset.cpus")));
        Path memory = root.resolve("sys/fs/cgroup/memory/duel").resolve(cpu.getFileName());
        assertEquals(String.valueOf(512L << 20), Files.readString(memory.resolve("memory.limit_in_bytes")));
        List<String> wrapped = group.wrap(List.of("java", "-jar", "app.jar"));
        assertEquals("/bin/sh", wrapped.get(0));
        assertTrue(wrapped.contains(cpu.resolve("cgroup.procs").toString()));
        // Joined, then started on its own cpuset whatever CPUs duel pinned itself to.
        assertEquals(
                List.of("--", "taskset", "-c", "1", "java", "-jar", "app.jar"),
                wrapped.subList(wrapped.size() - 7, wrapped.size()));
    }

    @Test
    void thePlannedMechanismIsReadWithoutCreatingOrWritingAnything() throws IOException {
        Path root = temp.resolve("plan");
        StringBuilder mounts = new StringBuilder();
        for (String controller : List.of("cpu", "cpuacct", "cpuset", "memory")) {
            Files.createDirectories(root.resolve("sys/fs/cgroup/" + controller));
            mounts.append("30 25 0:26 / /sys/fs/cgroup/")
                    .append(controller)
                    .append(" rw - cgroup cgroup rw,")
                    .append(controller)
                    .append('\n');
        }
        Path mountInfo = Files.writeString(temp.resolve("plan-mountinfo"), mounts.toString());
        Cgroups cgroups = new Cgroups(mountInfo, root);
        List<Path> before;
        try (var walk = Files.walk(root)) {
            before = walk.toList();
        }
        assertEquals("cgroup v1", cgroups.mechanismFor(new Limits(1.0, "0", 512L << 20)));
        // The same words the group itself will use, so the plan and the record agree.
        assertEquals("cgroup v1 (accounting only: no limits asked)", cgroups.mechanismFor(Limits.NONE));
        try (var walk = Files.walk(root)) {
            assertEquals(before, walk.toList(), "a plan creates no group");
        }

        Path readOnly = Files.writeString(
                temp.resolve("ro-mountinfo"), mounts.toString().replace(" rw - cgroup", " ro - cgroup"));
        String mechanism = new Cgroups(readOnly, root).mechanismFor(new Limits(1.0, null, null));
        assertTrue(mechanism.startsWith("not enforced (no cgroup v2 mounted; cgroup v1 is not writable"), mechanism);
        assertTrue(
                mechanism.endsWith(
                        "); CPUs pinned with taskset and the JVM told its processor count, memory unlimited"),
                mechanism);
        assertEquals("none", new Cgroups(readOnly, root).mechanismFor(Limits.NONE));
    }
}
