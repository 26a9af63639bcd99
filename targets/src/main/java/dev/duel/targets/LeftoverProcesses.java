package dev.duel.targets;

import dev.duel.record.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The targets and services a suite (or a load agent) started, kept in {@code .processes} in its folder as
 * "pid start role". If duel itself is killed (kill -9, a lost terminal), its children live on
 * and would load the machine; the next run into the folder ends exactly those processes, matched by
 * PID and start so that a recycled PID is never touched, before it measures anything. The start is the
 * kernel's tick count ({@link ProcessStart}, written {@code t12345}), which a stepped wall clock does not
 * move: a start in epoch milliseconds (what an earlier duel wrote, still read) is derived from the boot
 * time, so after a clock step a resumed suite would forget its own leftovers, or a stranger whose start
 * happened to match would be taken for one. Thread-safe.
 */
public final class LeftoverProcesses {
    private final Path file;
    private final Map<Long, String> lines = new LinkedHashMap<>();

    public LeftoverProcesses(Path directory) {
        this.file = directory.resolve(".processes");
    }

    /** The environment variable a ledger marks its processes with; its value names the ledger's folder. */
    public static final String MARK_VARIABLE = "DUEL_LEDGER";

    /**
     * The variable and value that mark a process as this ledger's ({@link Spawned#environment}): a process carrying it,
     * or a child of one (environments are inherited), is ended by {@link #endLeftovers} even if it was never noted (a
     * kill -9 of duel between a target's start and its note) or left its parent's tree (a daemonized server).
     */
    public Map<String, String> mark() {
        return Map.of(MARK_VARIABLE, markValue());
    }

    /** The folder, its links resolved where it exists: two names of one folder mark alike. */
    private String markValue() {
        Path folder = file.toAbsolutePath().normalize().getParent();
        try {
            return folder.toRealPath().toString();
        } catch (IOException notYet) {
            return folder.toString();
        }
    }

    /** A {@link Spawned} that notes each process as {@code role} and marks it; what cannot be noted goes to {@code warn}. */
    public Spawned noting(String role, java.util.function.Consumer<String> warn) {
        return new Spawned() {
            @Override
            public void spawned(long pid) {
                try {
                    add(pid, role);
                } catch (IOException e) {
                    warn.accept("could not note " + role + " (pid " + pid + ") in " + file + ": " + e.getMessage());
                }
            }

            @Override
            public Map<String, String> environment() {
                return mark();
            }
        };
    }

    /** Notes {@code pid} (nothing when its start cannot be read: it ended already). */
    public synchronized void add(long pid, String role) throws IOException {
        String start = start(pid);
        if (start == null) {
            return;
        }
        lines.put(pid, pid + " " + start + " " + role);
        save();
    }

    /** {@code pid}'s start as the ledger writes it: "t" and its ticks, else epoch milliseconds; null when unknown. */
    private static String start(long pid) {
        long ticks = ProcessStart.ticks(pid);
        if (ticks >= 0) {
            return "t" + ticks;
        }
        return ProcessHandle.of(pid)
                .flatMap(p -> p.info().startInstant())
                .map(started -> Long.toString(started.toEpochMilli()))
                .orElse(null);
    }

    /** True when {@code pid} runs and started at {@code recorded} (ticks "t..." or epoch milliseconds). */
    private static boolean startedAt(long pid, String recorded) {
        try {
            if (recorded.startsWith("t")) {
                return ProcessStart.ticks(pid) == Long.parseLong(recorded.substring(1));
            }
            long millis = Long.parseLong(recorded);
            return ProcessHandle.of(pid)
                    .flatMap(p -> p.info().startInstant())
                    .map(Instant::toEpochMilli)
                    .filter(started -> started == millis)
                    .isPresent();
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Forgets {@code pid}: it was stopped. */
    public synchronized void remove(long pid) throws IOException {
        if (lines.remove(pid) != null) {
            save();
        }
    }

    private void save() throws IOException {
        if (lines.isEmpty()) {
            Files.deleteIfExists(file);
            return;
        }
        // Unsynced: the note follows a target's start, and a kill -9 of duel between the two leaves the target
        // unnoted; the fsyncs were most of that time. A machine crash, which they guard against, ends the targets too.
        AtomicFiles.writeUnsynced(file, (String.join("\n", lines.values()) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** Ends the processes a killed duel left running from this folder; returns what it ended. */
    public synchronized List<String> endLeftovers() throws IOException {
        List<String> ended = new ArrayList<>();
        List<String> noted = Files.exists(file) ? Files.readAllLines(file) : List.of();
        // Ended here with their children: a child still exiting is not reported again as an unnoted process.
        java.util.Set<Long> handled = new java.util.HashSet<>();
        for (String line : noted) {
            String[] parts = line.trim().split(" ", 3);
            if (parts.length < 2) {
                continue;
            }
            long pid;
            try {
                pid = Long.parseLong(parts[0]);
            } catch (NumberFormatException e) {
                continue;
            }
            Optional<ProcessHandle> process = ProcessHandle.of(pid).filter(p -> startedAt(pid, parts[1]));
            if (process.isPresent()) {
                handled.add(pid);
                process.get().descendants().forEach(child -> handled.add(child.pid()));
                end(process.get());
                ended.add((parts.length > 2 ? parts[2] : "process") + " (pid " + pid + ")");
            }
        }
        Files.deleteIfExists(file);
        lines.clear();
        for (ProcessHandle marked : marked(handled)) {
            end(marked);
            ended.add("a process this folder's duel started before noting it (pid " + marked.pid() + ")");
        }
        return ended;
    }

    /**
     * Processes carrying this ledger's mark, found in /proc (none where there is no /proc): every one alive and not in
     * {@code handled}, other than this JVM, its ancestors and its descendants. Only the oldest of a marked family is
     * returned (ending it ends its descendants).
     */
    private List<ProcessHandle> marked(java.util.Set<Long> handled) {
        Path proc = Path.of("/proc");
        if (!Files.isDirectory(proc)) {
            return List.of();
        }
        byte[] wanted = (MARK_VARIABLE + "=" + markValue()).getBytes(StandardCharsets.UTF_8);
        java.util.Set<Long> spared = new java.util.HashSet<>(handled);
        for (Optional<ProcessHandle> at = Optional.of(ProcessHandle.current());
                at.isPresent();
                at = at.get().parent()) {
            spared.add(at.get().pid());
        }
        // and its own children: a restarted agent takes calls before it ends what the killed one left, and a target
        // it has just started for one is its child, where a leftover is not
        ProcessHandle.current().descendants().forEach(own -> spared.add(own.pid()));
        java.util.Set<Long> found = new java.util.LinkedHashSet<>();
        try (java.util.stream.Stream<Path> entries = Files.list(proc)) {
            for (Path entry : (Iterable<Path>) entries::iterator) {
                String name = entry.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit) || spared.contains(Long.parseLong(name))) {
                    continue;
                }
                try {
                    if (carries(Files.readAllBytes(entry.resolve("environ")), wanted)) {
                        found.add(Long.parseLong(name));
                    }
                } catch (IOException | SecurityException gone) {
                    // ended meanwhile, or another user's: not ours
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            return List.of(); // /proc unreadable: the noted processes were ended all the same
        }
        List<ProcessHandle> oldest = new ArrayList<>();
        for (long pid : found) {
            Optional<ProcessHandle> process = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
            boolean parentMarked = process.flatMap(ProcessHandle::parent)
                    .map(parent -> found.contains(parent.pid()))
                    .orElse(false);
            if (process.isPresent() && !parentMarked) {
                oldest.add(process.get());
            }
        }
        return oldest;
    }

    /** True if the NUL-separated {@code environ} has the entry {@code wanted} exactly. */
    static boolean carries(byte[] environ, byte[] wanted) {
        int start = 0;
        for (int i = 0; i <= environ.length; i++) {
            if (i == environ.length || environ[i] == 0) {
                if (i - start == wanted.length
                        && java.util.Arrays.equals(environ, start, i, wanted, 0, wanted.length)) {
                    return true;
                }
                start = i + 1;
            }
        }
        return false;
    }

    private static void end(ProcessHandle process) {
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroy();
        descendants.forEach(ProcessHandle::destroy);
        try {
            process.onExit().get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        } catch (ExecutionException | TimeoutException e) {
            process.destroyForcibly();
        }
        descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
