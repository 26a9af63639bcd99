package dev.duel.targets;

import java.time.Instant;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The duel process that made a control group, written into the group's name as
 * {@code @PID-tTICKS} so that another duel can tell a group in use from one a killed duel left:
 * matched by PID and start time, so a recycled PID never passes for the owner. The start time is the
 * kernel's own count of clock ticks since boot ({@code /proc/PID/stat} field 22), which never moves:
 * a start in epoch milliseconds is derived from the boot time, and that moves when the wall clock is
 * stepped (NTP, a suspended laptop), so a running duel's groups would then look like a gone duel's.
 * Names an earlier duel wrote ({@code @PID-STARTMILLIS}, epoch milliseconds) are still read and matched
 * as they were. Immutable.
 *
 * @param pid   the owner's process id
 * @param start the owner's start: clock ticks since boot, or epoch milliseconds (see {@code unit})
 * @param unit  what {@code start} counts
 */
record GroupOwner(long pid, long start, StartUnit unit) {
    private static final Pattern SUFFIX = Pattern.compile("@(\\d+)-(t?)(\\d+)$");

    /** What a start time counts. */
    enum StartUnit {
        /** Clock ticks since boot, {@code /proc/PID/stat} field 22: unmoved by wall clock steps. */
        TICKS,
        /** Epoch milliseconds, as names written before ticks were used say. */
        EPOCH_MILLIS
    }

    /** This JVM, or null when the system does not tell a process's start time. */
    static GroupOwner current() {
        return of(ProcessHandle.current());
    }

    /** The given process, or null when its start time is unknown; in ticks wherever /proc tells them. */
    static GroupOwner of(ProcessHandle process) {
        long ticks = startTicks(process.pid());
        if (ticks >= 0) {
            return new GroupOwner(process.pid(), ticks, StartUnit.TICKS);
        }
        return process.info()
                .startInstant()
                .map(start -> new GroupOwner(process.pid(), start.toEpochMilli(), StartUnit.EPOCH_MILLIS))
                .orElse(null);
    }

    /** The owner named at the end of a group's name, or empty for a name without one (an older duel's). */
    static Optional<GroupOwner> parse(String groupName) {
        Matcher matcher = SUFFIX.matcher(groupName);
        if (!matcher.find()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new GroupOwner(
                    Long.parseLong(matcher.group(1)),
                    Long.parseLong(matcher.group(3)),
                    matcher.group(2).isEmpty() ? StartUnit.EPOCH_MILLIS : StartUnit.TICKS));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The suffix a group's name carries: {@code @PID-tTICKS} (or {@code @PID-STARTMILLIS} without /proc). */
    String suffix() {
        return "@" + pid + "-" + (unit == StartUnit.TICKS ? "t" : "") + start;
    }

    /** True while the very process that made the group runs (same PID and same start time). */
    boolean alive() {
        Optional<ProcessHandle> process = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (process.isEmpty()) {
            return false;
        }
        if (unit == StartUnit.TICKS) {
            return startTicks(pid) == start;
        }
        return process.flatMap(p -> p.info().startInstant())
                .map(Instant::toEpochMilli)
                .filter(millis -> millis == start)
                .isPresent();
    }

    /** {@link ProcessStart#ticks}. */
    static long startTicks(long pid) {
        return ProcessStart.ticks(pid);
    }
}
