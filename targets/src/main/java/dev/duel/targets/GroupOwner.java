package dev.duel.targets;

import java.time.Instant;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The duel process that made a control group, written into the group's name as
 * {@code @PID-STARTMILLIS} so that another duel can tell a group in use from one a killed duel left:
 * matched by PID and start time (epoch milliseconds), so a recycled PID never passes for the owner,
 * as leftover processes are matched in a results folder's {@code .processes}. Immutable.
 *
 * @param pid         the owner's process id
 * @param startMillis the owner's start, epoch milliseconds
 */
record GroupOwner(long pid, long startMillis) {
    private static final Pattern SUFFIX = Pattern.compile("@(\\d+)-(\\d+)$");

    /** This JVM, or null when the system does not tell a process's start time. */
    static GroupOwner current() {
        return of(ProcessHandle.current());
    }

    /** The given process, or null when its start time is unknown. */
    static GroupOwner of(ProcessHandle process) {
        return process.info()
                .startInstant()
                .map(start -> new GroupOwner(process.pid(), start.toEpochMilli()))
                .orElse(null);
    }

    /** The owner named at the end of a group's name, or empty for a name without one (an older duel's). */
    static Optional<GroupOwner> parse(String groupName) {
        Matcher matcher = SUFFIX.matcher(groupName);
        if (!matcher.find()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new GroupOwner(Long.parseLong(matcher.group(1)), Long.parseLong(matcher.group(2))));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The suffix a group's name carries: {@code @PID-STARTMILLIS}. */
    String suffix() {
        return "@" + pid + "-" + startMillis;
    }

    /** True while the very process that made the group runs (same PID and same start time). */
    boolean alive() {
        return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .flatMap(p -> p.info().startInstant())
                .map(Instant::toEpochMilli)
                .filter(start -> start == startMillis)
                .isPresent();
    }
}
