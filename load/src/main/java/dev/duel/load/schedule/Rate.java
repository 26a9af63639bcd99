package dev.duel.load.schedule;

import dev.duel.load.InvalidSettingException;
import dev.duel.load.Setting;
import java.math.BigInteger;

/**
 * An arrival rate of {@code count} requests per {@code periodNanos}, kept as a ratio of integers
 * so that intended start times are exact arithmetic, with no drift however long the run.
 * Immutable and thread-safe. A count or period that is not positive is an
 * {@link InvalidSettingException} naming {@link Setting#RATE}.
 */
public record Rate(long count, long periodNanos) {
    public static final long NANOS_PER_SECOND = 1_000_000_000L;

    public Rate {
        if (count <= 0) {
            throw new InvalidSettingException(Setting.RATE, "needs a positive count, got " + count);
        }
        if (periodNanos <= 0) {
            throw new InvalidSettingException(Setting.RATE, "needs a positive period, got " + periodNanos + " ns");
        }
    }

    /**
     * {@code 1000} or {@code 1000/s}: per second; {@code 30/1m}, {@code 5/100ms}: per period.
     *
     * @throws InvalidSettingException {@link Setting#RATE}, saying how to write one
     */
    public static Rate parse(String text) {
        String trimmed = text == null ? "" : text.trim();
        int slash = trimmed.indexOf('/');
        String count = slash < 0 ? trimmed : trimmed.substring(0, slash);
        String period = slash < 0 ? "1s" : trimmed.substring(slash + 1);
        if (!period.isEmpty() && !Character.isDigit(period.charAt(0))) {
            period = "1" + period;
        }
        try {
            long requests = Long.parseLong(count.trim());
            long periodNanos = dev.duel.load.Durations.parse(period).toNanos();
            return new Rate(requests, periodNanos);
        } catch (RuntimeException e) {
            throw new InvalidSettingException(
                    Setting.RATE,
                    "'" + text + "' is not a rate: write requests per second (1000) or per period (30/1m, 5/100ms)");
        }
    }

    public static Rate perSecond(long count) {
        return new Rate(count, NANOS_PER_SECOND);
    }

    public double perSecond() {
        return count * (double) NANOS_PER_SECOND / periodNanos;
    }

    /** The offset from the schedule's origin of arrival {@code index} (0-based): floor(index * period / count). */
    public long offsetNanos(long index) {
        if (index < 0) {
            throw new IllegalArgumentException("arrival index must be >= 0, got " + index);
        }
        long whole = index / count;
        long rest = index % count;
        try {
            return Math.addExact(Math.multiplyExact(whole, periodNanos), Math.multiplyExact(rest, periodNanos) / count);
        } catch (ArithmeticException overflow) {
            return BigInteger.valueOf(index)
                    .multiply(BigInteger.valueOf(periodNanos))
                    .divide(BigInteger.valueOf(count))
                    .longValueExact();
        }
    }

    /** This rate split evenly over {@code parts} independent streams. */
    public Rate dividedBy(int parts) {
        return new Rate(count, Math.multiplyExact(periodNanos, (long) parts));
    }

    /** Mean time between arrivals in nanoseconds. */
    public double meanIntervalNanos() {
        return periodNanos / (double) count;
    }

    @Override
    public String toString() {
        return periodNanos == NANOS_PER_SECOND ? count + "/s" : count + " per " + periodNanos + " ns";
    }
}
