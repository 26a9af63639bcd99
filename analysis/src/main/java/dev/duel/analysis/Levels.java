package dev.duel.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Whether a series of equally spaced values moves between two levels, and how long it stays at each: a target whose
 * answer time alternates every few seconds, a host whose speed flips. The judge ({@link SteadyState}) cannot say it:
 * stays shorter than a segment's least length read as noise to the cut (a target 3 s at 10,000 requests/s, then 7 s
 * at 2,500, forever, was called flat), and longer ones as changes. A pure function of the values and their spacing,
 * so that it reads per-second series and the per-slice series of interleaved pairs alike:
 *
 * <ol>
 *   <li><b>Two groups.</b> The values are split at the threshold that maximises the variance between the two groups
 *       (Otsu's). Each group's level is its median: a second that a switch cuts (part at each level) lies between
 *       the levels and moves a median little.
 *   <li><b>Apart.</b> The higher level is at least (1 + {@link Settings#leastStep()}) × the lower, and their
 *       difference at least {@link Settings#leastSeparation()} robust spreads (1.4826 × the median absolute deviation
 *       about each group's median, pooled): one level with noise splits into groups about 2.7 spreads apart.
 *   <li><b>In stays.</b> The groups, in time order, form stays; a stay shorter than {@link Settings#leastStayValues()}
 *       (one second's dip) joins the stays around it. The series alternates when it switched at least {@link
 *       Settings#leastSwitches()} times between stays (two cycles: a step, or a step and back, does not alternate)
 *       and its values cluster in time: a runs test (Wald and Wolfowitz) on the groups in time order finds fewer runs
 *       than a random order would give, by {@link Settings#runsZ()} standard deviations (one-sided 1%). A GC-bound
 *       target whose seconds fall 25% low at random is bimodal, not in stays.
 * </ol>
 *
 * Which values to give it is the caller's business: {@link RunSteadyState} gives a run's steady seconds (all of them
 * when it has no steady state). Stateless and thread-safe.
 */
public final class Levels {
    private static final double MAD_TO_SD = 1.4826;

    private Levels() {}

    /**
     * @param leastStep       the higher level is at least (1 + this) × the lower (0.25: the judge's wander bound,
     *                        beyond which regimes are levels rather than wander)
     * @param leastSeparation the levels differ by at least this many robust spreads of the values about their group's
     *                        level (4)
     * @param leastStayValues a stay holds at least this many values (2); shorter ones join the stays around them
     * @param leastSwitches   least switches between stays (4: two cycles; with 3, a step whose noise dipped for two
     *                        seconds on one side of it passed for levels in 0.6% to 3.7% of seeded steps)
     * @param runsZ           the runs test's one-sided bound, in standard deviations below the runs a random order
     *                        gives (2.33: 1%)
     */
    public record Settings(
            double leastStep, double leastSeparation, int leastStayValues, int leastSwitches, double runsZ) {
        /** The defaults; their detection and false-alarm rates are in docs/steady-state.md. */
        public static final Settings DEFAULT = new Settings(0.25, 4, 2, 4, 2.33);

        public Settings {
            if (!(leastStep > 0)
                    || !(leastSeparation > 0)
                    || leastStayValues < 1
                    || leastSwitches < 2
                    || !(runsZ >= 0)) {
                throw new IllegalArgumentException("invalid level settings: "
                        + List.of(leastStep, leastSeparation, leastStayValues, leastSwitches, runsZ));
            }
        }
    }

    /**
     * Two levels a series moved between, in the series' unit and in seconds.
     *
     * @param lowLevel        the lower level: the median of the lower group's values
     * @param highLevel       the higher level, likewise
     * @param lowStaySeconds  the mean length of the stays at the lower level that began and ended inside the series,
     *                        in seconds (values × spacing)
     * @param highStaySeconds the same at the higher level
     * @param lowShare        the share of the series' time spent at the lower level, 0 to 1
     * @param switches        switches between stays
     * @param spanSeconds     the time the values cover (finite values × spacing)
     */
    public record Alternation(
            double lowLevel,
            double highLevel,
            double lowStaySeconds,
            double highStaySeconds,
            double lowShare,
            int switches,
            double spanSeconds) {}

    /**
     * @param values         equally spaced, oldest first, non-negative (rates, counts); non-finite values (nothing
     *                       measured) are left out and the stays around them joined
     * @param spacingSeconds the time from one value to the next (1 for per-second series), above 0
     * @return the two levels and their stays, or empty when the series does not alternate (class comment)
     */
    public static Optional<Alternation> of(double[] values, double spacingSeconds, Settings settings) {
        if (!(spacingSeconds > 0) || Double.isInfinite(spacingSeconds)) {
            throw new IllegalArgumentException("spacingSeconds must be positive and finite, was " + spacingSeconds);
        }
        double[] finite = Arrays.stream(values).filter(Double::isFinite).toArray();
        int n = finite.length;
        double[] sorted = finite.clone();
        Arrays.sort(sorted);
        int split = betweenVarianceSplit(sorted);
        if (split < 0) {
            return Optional.empty();
        }
        double threshold = sorted[split];
        double[] low = Arrays.copyOfRange(sorted, 0, split);
        double[] high = Arrays.copyOfRange(sorted, split, n);
        double lowLevel = median(low);
        double highLevel = median(high);
        if (!(highLevel > 0 && highLevel >= (1 + settings.leastStep()) * lowLevel)) {
            return Optional.empty();
        }
        double lowSpread = MAD_TO_SD * medianAbsoluteDeviation(low);
        double highSpread = MAD_TO_SD * medianAbsoluteDeviation(high);
        double spread = Math.sqrt((lowSpread * lowSpread + highSpread * highSpread) / 2);
        if (highLevel - lowLevel < settings.leastSeparation() * spread) {
            return Optional.empty();
        }
        boolean[] isHigh = new boolean[n];
        for (int i = 0; i < n; i++) {
            isHigh[i] = finite[i] >= threshold;
        }
        if (!clustered(isHigh, high.length, settings.runsZ())) {
            return Optional.empty();
        }
        List<int[]> stays = stays(isHigh, settings.leastStayValues());
        int switches = stays.size() - 1;
        if (switches < settings.leastSwitches()) {
            return Optional.empty();
        }
        double[] staySum = new double[2];
        int[] stayCount = new int[2];
        int lowValues = 0;
        for (int s = 0; s < stays.size(); s++) {
            int[] stay = stays.get(s);
            if (stay[0] == 0) {
                lowValues += stay[1];
            }
            // A first or last stay was cut by the series' ends: its length is a lower bound, not a stay's length.
            if (s > 0 && s < stays.size() - 1) {
                staySum[stay[0]] += stay[1];
                stayCount[stay[0]]++;
            }
        }
        return Optional.of(new Alternation(
                lowLevel,
                highLevel,
                staySum[0] / stayCount[0] * spacingSeconds,
                staySum[1] / stayCount[1] * spacingSeconds,
                lowValues / (double) n,
                switches,
                n * spacingSeconds));
    }

    /**
     * The index into {@code sorted} of the first value of the higher group, chosen to maximise the variance between
     * the groups (Otsu's threshold; a split falls only between different values); -1 when all values are equal.
     */
    private static int betweenVarianceSplit(double[] sorted) {
        int n = sorted.length;
        double total = 0;
        for (double v : sorted) {
            total += v;
        }
        double below = 0;
        int best = -1;
        double bestBetween = -1;
        for (int k = 1; k < n; k++) {
            below += sorted[k - 1];
            if (sorted[k] == sorted[k - 1]) {
                continue;
            }
            double difference = (total - below) / (n - k) - below / k;
            double between = (double) k * (n - k) * difference * difference;
            if (between > bestBetween) {
                bestBetween = between;
                best = k;
            }
        }
        return best;
    }

    /**
     * Whether the groups cluster in time: the runs test's z, (runs − expected) / its standard deviation under a random
     * order, is at most −z.
     */
    private static boolean clustered(boolean[] isHigh, int highCount, double z) {
        int n = isHigh.length;
        double n1 = highCount;
        double n0 = n - n1;
        int runs = 1;
        for (int i = 1; i < n; i++) {
            if (isHigh[i] != isHigh[i - 1]) {
                runs++;
            }
        }
        double expected = 2 * n0 * n1 / n + 1;
        double variance = 2 * n0 * n1 * (2 * n0 * n1 - n) / ((double) n * n * (n - 1));
        return variance > 0 && (runs - expected) / Math.sqrt(variance) <= -z;
    }

    /**
     * The runs of equal groups as {group (1 high, 0 low), length}, in order, after the shortest run under {@code
     * least} values has joined its neighbours, again and again (earliest first among equals): one second's dip is
     * no stay.
     */
    private static List<int[]> stays(boolean[] isHigh, int least) {
        List<int[]> runs = new ArrayList<>();
        for (boolean high : isHigh) {
            int group = high ? 1 : 0;
            if (runs.isEmpty() || runs.get(runs.size() - 1)[0] != group) {
                runs.add(new int[] {group, 1});
            } else {
                runs.get(runs.size() - 1)[1]++;
            }
        }
        while (runs.size() > 1) {
            int shortest = -1;
            for (int r = 0; r < runs.size(); r++) {
                if (runs.get(r)[1] < least && (shortest < 0 || runs.get(r)[1] < runs.get(shortest)[1])) {
                    shortest = r;
                }
            }
            if (shortest < 0) {
                break;
            }
            int length = runs.remove(shortest)[1];
            if (shortest == 0) {
                runs.get(0)[1] += length;
            } else if (shortest == runs.size()) {
                runs.get(shortest - 1)[1] += length;
            } else {
                // Between two stays of the other group: all three become one.
                runs.get(shortest - 1)[1] += length + runs.remove(shortest)[1];
            }
        }
        return runs;
    }

    private static double median(double[] sorted) {
        return Outliers.quantile(sorted, 0.5);
    }

    private static double medianAbsoluteDeviation(double[] sorted) {
        double median = median(sorted);
        double[] deviations =
                Arrays.stream(sorted).map(v -> Math.abs(v - median)).sorted().toArray();
        return median(deviations);
    }
}
