package dev.duel.analysis;

import dev.duel.record.HostSpeed;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Where the host's speed on one CPU moved between levels, from its per-second series ({@link HostSpeed}): each second's
 * speed against the series' fast level (its 90th percentile), a second below it by more than {@link #SHARE} is slow;
 * a flip is a change between fast and slow that holds for {@link #HOLD_SECONDS} seconds or more (so that one noisy
 * sample is none). On this project's vCPUs the slow level is 0.65-0.75 of the fast in the probe's units, for tens of
 * seconds; second-to-second noise at one level is about ±5%. Pure and stateless.
 */
public final class HostFlips {
    /** "flipped once", "flipped twice", "flipped 7 times": a count in words as a reader says it. */
    public static String flipped(int count) {
        return count == 1 ? "flipped once" : count == 2 ? "flipped twice" : "flipped " + count + " times";
    }

    /** A second this much below the fast level is slow: well above the probe's own spread, well below a flip. */
    public static final double SHARE = 0.15;

    /** Seconds a level must hold to count as a flip. */
    public static final int HOLD_SECONDS = 2;

    private HostFlips() {}

    /**
     * One CPU's flips over a stretch of seconds.
     *
     * @param cpu          the CPU
     * @param flipSeconds  the seconds (on the series' axis) at which the speed changed level, in order
     * @param slowSeconds  seconds of the stretch at the slow level
     * @param seconds      seconds of the stretch with a reading
     * @param slowToFast   the slow level over the fast one (the median of each), NaN with no slow second
     */
    public record Flips(String cpu, List<Integer> flipSeconds, int slowSeconds, int seconds, double slowToFast) {
        public Flips {
            flipSeconds = List.copyOf(flipSeconds);
        }

        public int count() {
            return flipSeconds.size();
        }

        /** "flipped 3 times on CPU 0 (to 0.68x for 41 of 120 s)", or "steady on CPU 0". */
        public String describe() {
            if (slowSeconds == 0) {
                return "steady on CPU " + cpu;
            }
            return String.format(
                    Locale.ROOT,
                    "%s on CPU %s (to %.2fx for %d of %d s)",
                    count() == 0 ? "slow throughout" : flipped(count()),
                    cpu,
                    slowToFast,
                    slowSeconds,
                    seconds);
        }
    }

    /** The flips of {@code cpu} over seconds [from, to) of {@code speed}; null when it was not probed. */
    public static Flips of(HostSpeed speed, String cpu, int from, int to) {
        List<Double> series = speed == null ? null : speed.of(cpu);
        if (series == null) {
            return null;
        }
        List<Integer> at = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        for (int s = Math.max(0, from); s < Math.min(to, series.size()); s++) {
            if (series.get(s) != null) {
                at.add(s);
                values.add(series.get(s));
            }
        }
        return of(cpu, at, values, fastLevel(series));
    }

    /** The fast level of a whole series: its 90th percentile, so that a stretch spent slow is judged against it too. */
    public static double fastLevel(List<Double> series) {
        double[] known = series.stream()
                .filter(v -> v != null)
                .mapToDouble(Double::doubleValue)
                .sorted()
                .toArray();
        return known.length == 0 ? Double.NaN : known[(int) Math.min(known.length - 1, Math.floor(0.9 * known.length))];
    }

    static Flips of(String cpu, List<Integer> at, List<Double> values, double fast) {
        int n = values.size();
        if (n == 0 || !(fast > 0)) {
            return new Flips(cpu, List.of(), 0, n, Double.NaN);
        }
        boolean[] slow = new boolean[n];
        List<Double> slowValues = new ArrayList<>();
        List<Double> fastValues = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            slow[i] = values.get(i) < fast * (1 - SHARE);
            (slow[i] ? slowValues : fastValues).add(values.get(i));
        }
        List<Integer> flips = new ArrayList<>();
        // The level held: it changes only when the other holds HOLD_SECONDS seconds in a row.
        boolean level = majority(slow, 0, Math.min(n, HOLD_SECONDS));
        for (int i = 1; i + HOLD_SECONDS <= n; i++) {
            boolean holds = true;
            for (int j = i; j < i + HOLD_SECONDS; j++) {
                holds &= slow[j] != level;
            }
            if (holds) {
                level = !level;
                flips.add(at.get(i));
            }
        }
        return new Flips(
                cpu,
                flips,
                slowValues.size(),
                n,
                slowValues.isEmpty()
                        ? Double.NaN
                        : median(slowValues) / median(fastValues.isEmpty() ? List.of(fast) : fastValues));
    }

    private static boolean majority(boolean[] flags, int from, int to) {
        int count = 0;
        for (int i = from; i < to; i++) {
            count += flags[i] ? 1 : 0;
        }
        return count * 2 > to - from;
    }

    private static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
