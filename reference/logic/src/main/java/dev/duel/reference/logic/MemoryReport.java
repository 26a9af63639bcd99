package dev.duel.reference.logic;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code /memory} reports: heap, resident memory from {@code /proc/self/status}, collectors and threads.
 *
 * @param rssBytes     VmRSS, or -1 where /proc is missing
 * @param peakRssBytes VmHWM, or -1 where /proc is missing
 */
public record MemoryReport(
        long heapUsedBytes,
        long heapCommittedBytes,
        long heapMaxBytes,
        long rssBytes,
        long peakRssBytes,
        List<Collector> gcs,
        int threads) {

    /** One garbage collector: collections so far and their total time. */
    public record Collector(String name, long count, long timeMillis) {}

    public static MemoryReport current() {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        List<Collector> collectors = ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(gc -> new Collector(gc.getName(), gc.getCollectionCount(), gc.getCollectionTime()))
                .toList();
        long rss = -1;
        long peak = -1;
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    rss = kilobytes(line) * 1024;
                } else if (line.startsWith("VmHWM:")) {
                    peak = kilobytes(line) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux: leave -1
        }
        return new MemoryReport(
                heap.getUsed(),
                heap.getCommitted(),
                heap.getMax(),
                rss,
                peak,
                collectors,
                ManagementFactory.getThreadMXBean().getThreadCount());
    }

    private static long kilobytes(String line) {
        return Long.parseLong(
                line.substring(line.indexOf(':') + 1).replace("kB", "").trim());
    }
}
