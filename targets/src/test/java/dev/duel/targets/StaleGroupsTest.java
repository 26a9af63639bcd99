package dev.duel.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A second duel removes only the groups whose duel is gone (issue 10, item 18). */
class StaleGroupsTest {
    @TempDir
    Path temp;

    private Cgroups cgroups(Path root, GroupOwner owner) throws IOException {
        Files.createDirectories(root.resolve("sys/fs/cgroup"));
        Path mountInfo =
                Files.writeString(temp.resolve("mountinfo"), "30 25 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
        // A fake hierarchy holds real files: remove them with the group, as the kernel's rmdir does.
        return new Cgroups(mountInfo, root, owner, group -> {
            try (Stream<Path> files = Files.list(group)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(group);
        });
    }

    private static Path group(Path root, String name, String procs) throws IOException {
        Path group = Files.createDirectories(root.resolve("sys/fs/cgroup/duel").resolve(name));
        Files.writeString(group.resolve("cgroup.procs"), procs);
        return group;
    }

    @Test
    void aRunningDuelsEmptyGroupsAreLeftAndOnlyGroupsOfAGoneDuelAreRemoved() throws Exception {
        Process runningDuel = new ProcessBuilder("sleep", "60").start();
        Process goneDuel = new ProcessBuilder("sleep", "60").start();
        try {
            GroupOwner running = GroupOwner.of(runningDuel.toHandle());
            GroupOwner gone = GroupOwner.of(goneDuel.toHandle());
            assertNotNull(running, "this system tells process start times");
            goneDuel.destroy();
            assertTrue(goneDuel.waitFor(10, TimeUnit.SECONDS));
            Path root = temp.resolve("root");
            Cgroups second = cgroups(root, GroupOwner.current());
            Path inUse = group(root, "jdk17-1a2b3c4d" + running.suffix(), "");
            Path left = group(root, "jdk25-5e6f7a8b" + gone.suffix(), "");
            // Same PID as the running duel, another start time: the PID was recycled, its duel is gone.
            Path recycled = group(root, "jdk25-0a0b0c0d@" + running.pid() + "-t" + (running.start() - 1), "");
            Path older = group(root, "jdk17-9f8e7d6c", "");
            Path busy = group(root, "pg-11223344" + gone.suffix(), "4242\n");

            assertEquals(3, second.removeStaleGroups());

            assertTrue(Files.isDirectory(inUse), "the running duel's empty group is kept");
            assertFalse(Files.exists(left), "a gone duel's empty group is removed");
            assertFalse(Files.exists(recycled), "a recycled PID is not the owner");
            assertFalse(Files.exists(older), "an empty group without owner (an older duel's) is removed");
            assertTrue(Files.isDirectory(busy), "a group that holds a process is left alone");
        } finally {
            runningDuel.destroyForcibly();
            goneDuel.destroyForcibly();
        }
    }

    @Test
    void groupsAreNamedAfterTheDuelThatMadeThem() throws IOException {
        Path root = temp.resolve("named");
        Files.createDirectories(root.resolve("sys/fs/cgroup"));
        Files.writeString(root.resolve("sys/fs/cgroup/cgroup.controllers"), "cpu cpuset memory\n");
        GroupOwner self = GroupOwner.current();
        try (LimitedGroup group = cgroups(root, self).create("jdk/17", Limits.NONE)) {
            assertTrue(group.mechanism().startsWith("cgroup v2"), group.mechanism());
            try (Stream<Path> groups = Files.list(root.resolve("sys/fs/cgroup/duel"))) {
                String name = groups.filter(Files::isDirectory)
                        .findFirst()
                        .orElseThrow()
                        .getFileName()
                        .toString();
                assertTrue(name.matches("jdk_17-[0-9a-f]{8}" + self.suffix()), name);
                assertEquals(self, GroupOwner.parse(name).orElseThrow());
                assertTrue(self.alive());
            }
        }
    }

    @Test
    void anOwnerIsMatchedByItsStartInClockTicksWhichAWallClockStepDoesNotMove() throws IOException {
        long pid = ProcessHandle.current().pid();
        // Field 22 of /proc/self/stat, read here on its own: counted after the command name's ')'.
        String stat = Files.readString(Path.of("/proc/self/stat"));
        long ticks = Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[19]);
        GroupOwner self = GroupOwner.current();
        assertEquals("@" + pid + "-t" + ticks, self.suffix(), "not epoch milliseconds derived from the boot time");
        assertTrue(GroupOwner.parse("jdk17-1a2b3c4d@" + pid + "-t" + ticks)
                .orElseThrow()
                .alive());
        assertFalse(GroupOwner.parse("jdk17-1a2b3c4d@" + pid + "-t" + (ticks + 1))
                .orElseThrow()
                .alive());
        // A name an earlier duel wrote, in epoch milliseconds, still reads and matches as it did.
        long millis =
                ProcessHandle.current().info().startInstant().orElseThrow().toEpochMilli();
        GroupOwner older =
                GroupOwner.parse("jdk17-1a2b3c4d@" + pid + "-" + millis).orElseThrow();
        assertEquals(pid, older.pid());
        assertTrue(older.alive());
        assertFalse(GroupOwner.parse("jdk17-1a2b3c4d@" + pid + "-" + (millis - 1))
                .orElseThrow()
                .alive());
    }

    @Test
    void aGroupsMembersAreTheProcessesItHolds() throws IOException {
        Path root = temp.resolve("members");
        Files.createDirectories(root.resolve("sys/fs/cgroup"));
        Files.writeString(root.resolve("sys/fs/cgroup/cgroup.controllers"), "cpu cpuset memory\n");
        try (LimitedGroup group = cgroups(root, GroupOwner.current()).create("pg", Limits.NONE)) {
            Path dir;
            try (Stream<Path> groups = Files.list(root.resolve("sys/fs/cgroup/duel"))) {
                dir = groups.filter(Files::isDirectory).findFirst().orElseThrow();
            }
            // A daemonized database: its server processes left their parent but not its group.
            Files.writeString(dir.resolve("cgroup.procs"), "4100\n4107\n4108\n");
            assertEquals(java.util.List.of(4100L, 4107L, 4108L), group.members());
        }
        assertEquals(java.util.List.of(), LimitedGroup.none().members());
    }
}
