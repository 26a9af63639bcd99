package dev.duel.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Anonymous memory (no page cache) from each mechanism (issue 10, item 7). */
class AnonymousMemoryTest {
    @TempDir
    Path temp;

    @Test
    void cgroupV2ReadsAnonFromMemoryStatBesideTheGroupsUseWithPageCache() throws IOException {
        Path root = temp.resolve("root");
        Files.createDirectories(root.resolve("sys/fs/cgroup"));
        Files.writeString(root.resolve("sys/fs/cgroup/cgroup.controllers"), "cpu cpuset memory\n");
        Path mountInfo =
                Files.writeString(temp.resolve("mountinfo"), "30 25 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
        LimitedGroup group = new Cgroups(mountInfo, root).create("app", Limits.NONE);
        Path dir;
        try (Stream<Path> groups = Files.list(root.resolve("sys/fs/cgroup/duel"))) {
            dir = groups.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        Files.writeString(dir.resolve("memory.current"), "500000000\n");
        Files.writeString(dir.resolve("memory.peak"), "600000000\n");
        Files.writeString(dir.resolve("memory.stat"), "anon 123456789\nfile 376543211\nkernel 1000\n");
        ResourceReading reading = group.read(1);
        assertEquals(123_456_789L, reading.anonBytes());
        assertEquals(500_000_000L, reading.memoryBytes());
        assertEquals(600_000_000L, reading.peakMemoryBytes());
    }

    @Test
    void withoutAGroupTheProcessTreesRssAnonIsRead() {
        ResourceReading reading =
                LimitedGroup.none().read(ProcessHandle.current().pid());
        assertTrue(reading.anonBytes() > 0, "this JVM has a heap: " + reading);
        assertTrue(reading.anonBytes() <= reading.memoryBytes(), "anonymous memory is part of the resident set");
    }
}
