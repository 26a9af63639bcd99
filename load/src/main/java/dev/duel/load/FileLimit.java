package dev.duel.load;

import java.lang.management.ManagementFactory;

/**
 * Whether this process may open the files a load needs: one per connection, beside those it holds already. Without
 * this check a load past the limit failed its connects with "too many open files", and those failures were counted
 * against the target. The decision is pure ({@link #problem}); reading the process's numbers is {@link #current}.
 * Stateless; thread-safe.
 */
public final class FileLimit {
    /** Files kept free beside the connections: the JVM's own, logs, records, a flight recording, a database's. */
    public static final int MARGIN = 64;

    private FileLimit() {}

    /**
     * What this process has open and may open at most (the soft limit, which the JVM raises to the hard one at start
     * where it may).
     *
     * @param open how many file descriptors it holds now
     * @param max  how many it may hold
     */
    public record Reading(long open, long max) {}

    /** This process's reading, or null where the JVM does not tell (not a Unix). */
    public static Reading current() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
            return new Reading(unix.getOpenFileDescriptorCount(), unix.getMaxFileDescriptorCount());
        }
        return null;
    }

    /**
     * Why {@code connections} more connections would not fit under the limit, in words that name the fix; null when
     * they fit, or when the reading is unknown.
     */
    public static String problem(int connections, Reading reading) {
        if (reading == null || reading.max() <= 0) {
            return null;
        }
        long needed = reading.open() + connections + MARGIN;
        if (needed <= reading.max()) {
            return null;
        }
        long suggested = Long.highestOneBit(needed) << 1; // the next power of two: room to spare
        return connections + " connection(s) need about " + needed + " open files (" + reading.open()
                + " open now, " + MARGIN + " kept free) and this process may open " + reading.max()
                + ": raise the limit in the shell that starts duel (ulimit -n " + suggested
                + "), or use fewer connections";
    }
}
