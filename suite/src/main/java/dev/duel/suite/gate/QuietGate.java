package dev.duel.suite.gate;

import dev.duel.suite.CpuMeter;
import java.time.Duration;

/**
 * The quiet gate: before a run, wait until the CPU used outside duel stays under a bound for a
 * while, checking each second (or each {@code quietFor} when that is shorter, but not more often than every
 * 100 ms, where /proc/stat's 10 ms ticks still give ten readings per CPU), for at most a given time. Time comes from the meter's readings and
 * waiting from an injected {@link Sleeper}, so the gate is tested on a fake clock. Not thread-safe.
 */
public final class QuietGate {
    private static final Duration CHECK_AT_MOST_EVERY = Duration.ofSeconds(1);
    private static final Duration CHECK_AT_LEAST_EVERY = Duration.ofMillis(100);
    private final CpuMeter meter;
    private final Sleeper sleeper;

    public QuietGate(CpuMeter meter, Sleeper sleeper) {
        this.meter = meter;
        this.sleeper = sleeper;
    }

    /**
     * Waits until the outside CPU stays at or under {@code maxCores} for {@code quietFor}, for at
     * most {@code maxWait}.
     *
     * @return the outcome, whether or not the machine became quiet
     */
    public Outcome await(double maxCores, Duration quietFor, Duration maxWait) throws InterruptedException {
        CpuMeter.Reading first = meter.read();
        long start = first.atNanos();
        long quietSince = start;
        CpuMeter.Reading previous = first;
        // A check every second would make a 200 ms quiet wait last a second.
        Duration checkEvery = quietFor.compareTo(CHECK_AT_MOST_EVERY) < 0 ? quietFor : CHECK_AT_MOST_EVERY;
        if (checkEvery.compareTo(CHECK_AT_LEAST_EVERY) < 0) {
            checkEvery = CHECK_AT_LEAST_EVERY;
        }
        while (true) {
            sleeper.sleep(checkEvery);
            CpuMeter.Reading now = meter.read();
            double cores = now.outsideCoresSince(previous);
            previous = now;
            if (cores > maxCores) {
                quietSince = now.atNanos();
            }
            if (now.atNanos() - quietSince >= quietFor.toNanos()) {
                return new Outcome(true, cores, (now.atNanos() - start) / 1e9);
            }
            if (now.atNanos() - start >= maxWait.toNanos()) {
                return new Outcome(false, cores, (now.atNanos() - start) / 1e9);
            }
        }
    }

    /**
     * How the wait ended.
     *
     * @param quiet         true if the machine stayed quiet for long enough
     * @param outsideCores  cores busy outside duel in the last second checked
     * @param waitedSeconds how long the gate waited
     */
    public record Outcome(boolean quiet, double outsideCores, double waitedSeconds) {}

    /** Waits; {@link #SYSTEM} sleeps the thread, tests advance a fake clock. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;

        Sleeper SYSTEM = duration -> Thread.sleep(duration.toMillis());
    }
}
