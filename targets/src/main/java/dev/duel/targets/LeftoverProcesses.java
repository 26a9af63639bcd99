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
        AtomicFiles.write(file, (String.join("\n", lines.values()) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** Ends the processes a killed duel left running from this folder; returns what it ended. */
    public synchronized List<String> endLeftovers() throws IOException {
        List<String> ended = new ArrayList<>();
        if (!Files.exists(file)) {
            return ended;
        }
        for (String line : Files.readAllLines(file)) {
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
                end(process.get());
                ended.add((parts.length > 2 ? parts[2] : "process") + " (pid " + pid + ")");
            }
        }
        Files.deleteIfExists(file);
        lines.clear();
        return ended;
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
