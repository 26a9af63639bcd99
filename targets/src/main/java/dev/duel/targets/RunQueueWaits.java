package dev.duel.targets;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;

/**
 * How long each thread of a group of processes has waited on a run queue so far: runnable, but kept off a CPU because
 * another thread held it. The kernel counts it per thread in the second of the three numbers of
 * {@code /proc/PID/task/TID/schedstat} (time on a CPU, time waiting on a run queue, timeslices; nanoseconds, counted
 * since the thread began). The wait may include time the thread's control group was throttled by its CPU quota, as the
 * kernel counts a throttled thread as still queued; a reader that wants the machine's share must ask whether the group
 * was throttled. Subtract two readings with {@link #since}: a thread that ended between them is lost with all its wait,
 * so the difference is a lower bound of what the group waited in between. Immutable.
 *
 * @param nanosByThread each thread's wait so far, nanoseconds, by its thread id (tids are unique on the machine)
 */
public record RunQueueWaits(Map<Long, Long> nanosByThread) {
    public RunQueueWaits {
        nanosByThread = Map.copyOf(nanosByThread);
    }

    /** The wait of every thread summed, nanoseconds. */
    public long totalNanos() {
        return nanosByThread.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * The growth since {@code earlier}, thread by thread: a thread only in this reading began in between and counts
     * from 0; a thread only in {@code earlier} ended in between and is left out (its wait since {@code earlier} is lost).
     */
    public RunQueueWaits since(RunQueueWaits earlier) {
        Map<Long, Long> grown = new HashMap<>();
        nanosByThread.forEach((thread, nanos) ->
                grown.put(thread, Math.max(0, nanos - earlier.nanosByThread.getOrDefault(thread, 0L))));
        return new RunQueueWaits(grown);
    }

    /** The threads of {@code pids} on this machine's {@code /proc}, or null when none could be read. */
    public static RunQueueWaits read(Collection<Long> pids) {
        return read(Path.of("/proc"), pids);
    }

    /**
     * The threads of {@code pids} (each process once, however often named) under {@code procRoot}, or null when no
     * thread's {@code schedstat} could be read (no {@code /proc}, a kernel without schedstats, processes that all
     * ended). A process or thread that ends while it is read is left out.
     */
    public static RunQueueWaits read(Path procRoot, Collection<Long> pids) {
        Map<Long, Long> waits = new HashMap<>();
        for (long pid : new LinkedHashSet<>(pids)) {
            try (DirectoryStream<Path> tasks = Files.newDirectoryStream(
                    procRoot.resolve(String.valueOf(pid)).resolve("task"))) {
                for (Path task : tasks) {
                    long wait = waitNanos(readOrEmpty(task.resolve("schedstat")));
                    if (wait >= 0) {
                        waits.put(Long.parseLong(task.getFileName().toString()), wait);
                    }
                }
            } catch (IOException | NumberFormatException e) {
                // ended, or not ours to read: its threads are not in this reading
            }
        }
        return waits.isEmpty() ? null : new RunQueueWaits(waits);
    }

    /**
     * The run-queue wait of one {@code schedstat} line ("1234 567 89": on CPU, waiting, timeslices), nanoseconds; -1
     * when the text is not such a line.
     */
    static long waitNanos(String schedstat) {
        String[] fields = schedstat.strip().split("\\s+");
        if (fields.length < 3) {
            return -1;
        }
        try {
            long wait = Long.parseLong(fields[1]);
            return wait < 0 ? -1 : wait;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String readOrEmpty(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
