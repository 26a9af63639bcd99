package dev.duel.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The verdict of B against A on one measure from every run of each side, some counted with a mark (never steady, thin
 * samples, invalid...): the one decision the report's rows and the suite's {@code repetitions: {until}} rule share, so
 * the rule stops on the answer the report prints. A pure function of the values.
 *
 * <ol>
 *   <li>Fewer than 2 runs a side, or no run-to-run variation: no interval ({@link Kind#TOO_FEW_RUNS}, {@link
 *       Kind#NO_NOISE}).
 *   <li>Every run counts: the interval is over every run ({@link RatioInterval}); paired by repetition ({@link
 *       RatioInterval#paired}) when both sides hold the same repetitions once each and each repetition's runs ran back
 *       to back ({@link Side#pairs}), so that what the machine did to a repetition cancels. When some runs are marked, the clean
 *       runs' interval is computed beside it, and the verdict depends on the marked runs ({@link
 *       Kind#DEPENDS_ON_MARKED}) when a marked run lies outside what its side's clean runs predict for one more run
 *       ({@link Side#predictedByClean}), or when the two point the opposite ways and either excludes no change. Not the
 *       clean runs' range: one more run like the others falls outside the range of k of them with probability 2 / (k +
 *       1), so with 2 clean runs a side and one marked run each, the range took the verdict away from 89% of pairs
 *       whose marked runs were no different (1 − (1/3)²).
 *   <li>With runs marked and fewer than {@link #MIN_CLEAN} clean runs on a side that has marked ones (paired: fewer
 *       than {@link #MIN_CLEAN} clean repetitions), no verdict ({@link Kind#TOO_FEW_CLEAN}): the check above cannot
 *       work. Unless no run of either side is clean: then nothing clean is mixed with anything marked, and the verdict
 *       is that of the marked values alike (main's, for runs that never settled), which the report says. With one clean run there is nothing to predict from; with two, the prediction interval is the mean ±
 *       12.7 · s · √1.5 and lets almost anything through. Seeded, 6 repetitions with 2% noise a run: two equal
 *       targets with B's runs marked and 10% low in 5 of them were called different 98% of the time (40% with 4
 *       marked), and B 7% faster with 5 of 6 marked and 7% low came out "the same within ±5%" in 71%: verdicts the
 *       marked runs made ({@code RatioVerdictTest}). One exception, never "the same within": a change the clean runs
 *       alone show too, both intervals excluding no change the same way and each estimate inside the other's interval
 *       ({@link #changeOnTheCleanRunsAlone}); it rests on the clean runs, at their own confidence (in the seeded case
 *       above, equal targets are called different in 0-0.9% of trials). Without it a run against the history whose
 *       requests/s fell 98% got no verdict, its 2 never-steady runs of 4 at the level of the 2 steady ones
 *       ({@code bench/history-e2e.sh}).
 *   <li>The same within ±margin ({@link Kind#SAME}) when two one-sided tests support it (the interval at 1 − 2α inside
 *       the margin): before a change, since a change inside the margin is not one that matters.
 *   <li>Higher or lower ({@link Kind#HIGHER}, {@link Kind#LOWER}) when the interval excludes no change.
 *   <li>Otherwise {@link Kind#CANNOT_TELL}, with the smallest rise and fall these runs would have detected (80%
 *       power, {@link DetectableChange}).
 * </ol>
 *
 * Stateless and thread-safe.
 */
public final class RatioVerdict {
    /** ±5%: the equivalence margin when a suite or report names none (docs/reports.md has the data behind it). */
    public static final double DEFAULT_SAME_WITHIN = 0.05;

    /** The power at which {@link Outcome#detectable()} is said. */
    public static final double POWER = 0.8;

    /**
     * Clean runs a side (paired: clean repetitions) that a verdict with marked runs needs: the fewest from which a
     * prediction interval for one more run (t with 2 degrees of freedom) can tell a marked run that moved the answer.
     */
    public static final int MIN_CLEAN = 3;

    private RatioVerdict() {}

    public enum Kind {
        HIGHER,
        LOWER,
        SAME,
        CANNOT_TELL,
        TOO_FEW_RUNS,
        NO_NOISE,
        DEPENDS_ON_MARKED,
        /** Some runs are marked and too few are clean to check them against ({@link #MIN_CLEAN}): no verdict. */
        TOO_FEW_CLEAN
    }

    /**
     * One side's runs.
     *
     * @param values each run's value, positive
     * @param marked for each run, whether it is counted with a mark
     * @param pairs  for each run, the repetition it ran in, when the runs of each repetition ran back to back (one
     *               suite session, alternating order); null when they did not or nothing says. Two sides whose runs
     *               hold the same repetitions once each are compared paired ({@link RatioInterval#paired})
     */
    public record Side(
            double[] values, boolean[] marked, String[] pairs, double[] duetRatios, RatioInterval.Method pairedMethod) {
        public Side {
            if (values.length != marked.length
                    || (pairs != null && pairs.length != values.length)
                    || (duetRatios != null && duetRatios.length != values.length)) {
                throw new IllegalArgumentException("a mark (and a repetition, a duet ratio) per value: " + values.length
                        + ", " + marked.length + (pairs == null ? "" : ", " + pairs.length)
                        + (duetRatios == null ? "" : ", " + duetRatios.length));
            }
            if (pairedMethod != RatioInterval.Method.DUET && pairedMethod != RatioInterval.Method.INTERLEAVED) {
                throw new IllegalArgumentException("paired runs are a duet's or interleaved pairs': " + pairedMethod);
            }
            if (duetRatios != null && pairs == null) {
                throw new IllegalArgumentException("a duet ratio is of a repetition: the runs need their repetitions");
            }
            values = values.clone();
            marked = marked.clone();
            pairs = pairs == null ? null : pairs.clone();
            duetRatios = duetRatios == null ? null : duetRatios.clone();
        }

        /** Runs of a duet, or made alone ({@code duetRatios} null). */
        public Side(double[] values, boolean[] marked, String[] pairs, double[] duetRatios) {
            this(values, marked, pairs, duetRatios, RatioInterval.Method.DUET);
        }

        /** Runs paired by repetition, or not (null), measured alone. */
        public Side(double[] values, boolean[] marked, String[] pairs) {
            this(values, marked, pairs, null);
        }

        /** Runs not paired with the other side's. */
        public Side(double[] values, boolean[] marked) {
            this(values, marked, null);
        }

        /** Every run clean. */
        public static Side clean(double... values) {
            return new Side(values, new boolean[values.length]);
        }

        @Override
        public String[] pairs() {
            return pairs == null ? null : pairs.clone();
        }

        /**
         * For each run of a duet ({@code order: duet}), this side's value against its partner's, the other side's run
         * of the same repetition measured at the same instants: exp of the mean per-second log ratio over their common
         * seconds ({@link DuetRatio}); null for runs made alone. Compared with a side whose runs are the partners, the
         * verdict reads these instead of the ratio of the two runs' values ({@link RatioInterval.Method#DUET}).
         */
        @Override
        public double[] duetRatios() {
            return duetRatios == null ? null : duetRatios.clone();
        }

        @Override
        public double[] values() {
            return values.clone();
        }

        @Override
        public boolean[] marked() {
            return marked.clone();
        }

        public double[] cleanValues() {
            List<Double> clean = new ArrayList<>();
            for (int i = 0; i < values.length; i++) {
                if (!marked[i]) {
                    clean.add(values[i]);
                }
            }
            return clean.stream().mapToDouble(Double::doubleValue).toArray();
        }

        boolean anyMarked() {
            for (boolean m : marked) {
                if (m) {
                    return true;
                }
            }
            return false;
        }

        /**
         * Where one more run like the clean ones would fall, at {@code confidence}: the t prediction interval on their
         * logs, exp(mean ± t(k − 1) · s · √(1 + 1/k)) for k clean runs; null with fewer than 2. A marked run like the
         * clean ones falls outside it with probability 1 − confidence (log-normal runs), whatever k.
         */
        public Range predictedByClean(double confidence) {
            double[] clean = cleanValues();
            int k = clean.length;
            if (k < 2) {
                return null;
            }
            double[] logs = Arrays.stream(clean).map(Math::log).toArray();
            double mean = Arrays.stream(logs).average().orElseThrow();
            double squares =
                    Arrays.stream(logs).map(x -> (x - mean) * (x - mean)).sum();
            double sd = Math.sqrt(squares / (k - 1));
            double t = TDistribution.of(k - 1).inverseSurvivalProbability((1 - confidence) / 2);
            double half = t * sd * Math.sqrt(1 + 1.0 / k);
            return new Range(Math.exp(mean - half), Math.exp(mean + half));
        }

        /** Indices of the marked runs outside {@link #predictedByClean}, when two or more runs are clean. */
        List<Integer> outsidePrediction(double confidence) {
            Range predicted = predictedByClean(confidence);
            List<Integer> outside = new ArrayList<>();
            if (predicted == null) {
                return outside;
            }
            for (int i = 0; i < values.length; i++) {
                if (marked[i] && !predicted.contains(values[i])) {
                    outside.add(i);
                }
            }
            return outside;
        }
    }

    /** A range of a measure's values, in its unit: low ≤ high. */
    public record Range(double low, double high) {
        boolean contains(double value) {
            return value >= low && value <= high;
        }
    }

    /**
     * @param kind        the verdict
     * @param all         the interval over every run
     * @param clean       the interval over the clean runs, when some runs are marked; null otherwise
     * @param tost        the interval the equivalence test read (at 1 − 2α)
     * @param outsideA    indices of A's marked runs outside what its clean runs predict
     * @param outsideB    indices of B's marked runs outside what its clean runs predict
     * @param predictedA  where A's clean runs predict one more run, at the outcome's confidence; null with fewer than 2
     *                    clean runs or none marked
     * @param predictedB  the same for B
     * @param predictedRatio paired runs: where the clean repetitions predict one more repetition's ratio B / A, at the
     *                    outcome's confidence; null unpaired, or with fewer than 2 clean repetitions or none marked
     * @param detectable  the smallest change these runs would detect, both ways; none without an interval
     * @param cleanA      A's clean runs; paired, the clean repetitions (a repetition is clean when neither of its
     *                    runs is marked)
     * @param cleanB      B's clean runs; paired, the clean repetitions, as {@code cleanA}
     */
    public record Outcome(
            Kind kind,
            RatioInterval.Interval all,
            RatioInterval.Interval clean,
            RatioInterval.Interval tost,
            List<Integer> outsideA,
            List<Integer> outsideB,
            Range predictedA,
            Range predictedB,
            Range predictedRatio,
            DetectableChange detectable,
            int cleanA,
            int cleanB) {
        public Outcome {
            outsideA = List.copyOf(outsideA);
            outsideB = List.copyOf(outsideB);
        }

        /** True when the marked runs take the verdict away: they move it, or too few runs are clean to tell. */
        public boolean withheld() {
            return kind == Kind.DEPENDS_ON_MARKED || kind == Kind.TOO_FEW_CLEAN;
        }

        /** True when the two sides were compared repetition by repetition (a duet's are too). */
        public boolean paired() {
            return all.method() == RatioInterval.Method.PAIRED
                    || all.method() == RatioInterval.Method.DUET
                    || all.method() == RatioInterval.Method.INTERLEAVED;
        }

        /** A verdict people can act on: a change or the same within the margin. */
        public boolean clear() {
            return kind == Kind.HIGHER || kind == Kind.LOWER || kind == Kind.SAME;
        }
    }

    /**
     * @param confidence of the intervals (0.95); the equivalence test runs at α = 1 − confidence each side
     * @param margin     the equivalence margin (0.05 for ±5%)
     */
    public static Outcome of(Side a, Side b, double confidence, double margin) {
        double[] va = a.values();
        double[] vb = b.values();
        double alpha = 1 - confidence;
        if (va.length >= 2 && vb.length >= 2 && constant(va) && constant(vb)) {
            RatioInterval.Interval all = RatioInterval.of(va, vb, confidence);
            return unchecked(Kind.NO_NOISE, all, all.at(1 - 2 * alpha), a, b);
        }
        int[][] pairs = pairs(a, b);
        if (pairs != null) {
            Outcome paired = paired(a, b, pairs, confidence, margin);
            if (paired != null) {
                return paired;
            }
        }
        RatioInterval.Interval all = RatioInterval.of(va, vb, confidence);
        RatioInterval.Interval tost = all.at(1 - 2 * alpha);
        if (!all.bounded()) {
            return unchecked(Kind.TOO_FEW_RUNS, all, tost, a, b);
        }
        DetectableChange detectable = all.detectable(POWER);
        RatioInterval.Interval clean = null;
        Range predictedA = null;
        Range predictedB = null;
        List<Integer> outsideA = List.of();
        List<Integer> outsideB = List.of();
        if (a.anyMarked() || b.anyMarked()) {
            double[] ca = a.cleanValues();
            double[] cb = b.cleanValues();
            clean = ca.length > 0 && cb.length > 0 ? RatioInterval.of(ca, cb, confidence) : null;
            predictedA = a.anyMarked() ? a.predictedByClean(confidence) : null;
            predictedB = b.anyMarked() ? b.predictedByClean(confidence) : null;
            outsideA = a.outsidePrediction(confidence);
            outsideB = b.outsidePrediction(confidence);
        }
        int cleanA = a.cleanValues().length;
        int cleanB = b.cleanValues().length;
        boolean fewClean =
                cleanA + cleanB > 0 && ((a.anyMarked() && cleanA < MIN_CLEAN) || (b.anyMarked() && cleanB < MIN_CLEAN));
        return new Outcome(
                verdict(all, clean, outsideA, outsideB, fewClean, margin, alpha),
                all,
                clean,
                tost,
                outsideA,
                outsideB,
                predictedA,
                predictedB,
                null,
                detectable,
                cleanA,
                cleanB);
    }

    /** An outcome with no interval to read a change from: nothing checked against the clean runs, nothing detectable. */
    private static Outcome unchecked(
            Kind kind, RatioInterval.Interval all, RatioInterval.Interval tost, Side a, Side b) {
        return new Outcome(
                kind,
                all,
                null,
                tost,
                List.of(),
                List.of(),
                null,
                null,
                null,
                DetectableChange.none(all.confidence(), POWER),
                a.cleanValues().length,
                b.cleanValues().length);
    }

    /**
     * Runs paired by repetition: the interval on per-repetition ratios ({@link RatioInterval#paired}), and a marked
     * run's repetition judged by what the clean repetitions predict for one more ratio. Null when the ratios do not vary
     * (the unpaired interval is used then).
     */
    private static Outcome paired(Side a, Side b, int[][] pairs, double confidence, double margin) {
        double alpha = 1 - confidence;
        int n = pairs.length;
        double[] pa = new double[n];
        double[] pb = new double[n];
        boolean[] marked = new boolean[n];
        // A duet's repetition compares its two runs second by second: its ratio is B's duet ratio, A's value the unit.
        boolean duet = b.duetRatios != null;
        for (int i = 0; i < n; i++) {
            pa[i] = duet ? 1 : a.values[pairs[i][0]];
            pb[i] = duet ? b.duetRatios[pairs[i][1]] : b.values[pairs[i][1]];
            marked[i] = a.marked[pairs[i][0]] || b.marked[pairs[i][1]];
        }
        RatioInterval.Method method = duet ? b.pairedMethod : RatioInterval.Method.PAIRED;
        RatioInterval.Interval all = RatioInterval.paired(pa, pb, confidence).as(method);
        if (!all.bounded()) {
            return null;
        }
        RatioInterval.Interval tost = all.at(1 - 2 * alpha);
        DetectableChange detectable = all.detectable(POWER);
        RatioInterval.Interval clean = null;
        Range predicted = null;
        List<Integer> outsideA = new ArrayList<>();
        List<Integer> outsideB = new ArrayList<>();
        int cleanRepetitions = n;
        boolean anyMarked = a.anyMarked() || b.anyMarked();
        if (anyMarked) {
            List<Double> ratios = new ArrayList<>();
            List<Double> cleanA = new ArrayList<>();
            List<Double> cleanB = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (!marked[i]) {
                    ratios.add(pb[i] / pa[i]);
                    cleanA.add(pa[i]);
                    cleanB.add(pb[i]);
                }
            }
            cleanRepetitions = ratios.size();
            clean = cleanA.isEmpty()
                    ? null
                    : RatioInterval.paired(
                                    cleanA.stream()
                                            .mapToDouble(Double::doubleValue)
                                            .toArray(),
                                    cleanB.stream()
                                            .mapToDouble(Double::doubleValue)
                                            .toArray(),
                                    confidence)
                            .as(method);
            predicted = Side.clean(
                            ratios.stream().mapToDouble(Double::doubleValue).toArray())
                    .predictedByClean(confidence);
            for (int i = 0; i < n && predicted != null; i++) {
                if (marked[i] && !predicted.contains(pb[i] / pa[i])) {
                    if (a.marked[pairs[i][0]]) {
                        outsideA.add(pairs[i][0]);
                    }
                    if (b.marked[pairs[i][1]]) {
                        outsideB.add(pairs[i][1]);
                    }
                }
            }
        }
        return new Outcome(
                verdict(
                        all,
                        clean,
                        outsideA,
                        outsideB,
                        anyMarked
                                && cleanRepetitions < MIN_CLEAN
                                && a.cleanValues().length + b.cleanValues().length > 0,
                        margin,
                        alpha),
                all,
                clean,
                tost,
                outsideA,
                outsideB,
                null,
                null,
                predicted,
                detectable,
                cleanRepetitions,
                cleanRepetitions);
    }

    /**
     * For each repetition both sides hold, the index of its run on each side (ordered by the repetition's key); null when the two
     * are not paired (a side without repetitions, a repetition twice on a side, or one side holds a repetition the
     * other does not: every run counts, so no run is left out to make pairs) or hold fewer than 2.
     */
    static int[][] pairs(Side a, Side b) {
        if (a.pairs == null || b.pairs == null || a.pairs.length != b.pairs.length || a.pairs.length < 2) {
            return null;
        }
        java.util.Map<String, Integer> inB = new java.util.HashMap<>();
        for (int j = 0; j < b.pairs.length; j++) {
            if (b.pairs[j] == null || inB.put(b.pairs[j], j) != null) {
                return null;
            }
        }
        java.util.TreeMap<String, int[]> pairs = new java.util.TreeMap<>();
        for (int i = 0; i < a.pairs.length; i++) {
            Integer j = a.pairs[i] == null ? null : inB.get(a.pairs[i]);
            if (j == null || pairs.put(a.pairs[i], new int[] {i, j}) != null) {
                return null;
            }
        }
        return pairs.values().toArray(new int[0][]);
    }

    /** The clean runs' result and every run's point opposite ways, and either excludes no change. */
    private static boolean opposite(RatioInterval.Interval all, RatioInterval.Interval clean) {
        return clean != null
                && clean.bounded()
                && (all.ratio() > 1) != (clean.ratio() > 1)
                && (!all.contains(1) || !clean.contains(1));
    }

    /**
     * No verdict when marked runs cannot be checked ({@code fewClean}: too few clean runs to check them against, said
     * first, since what the clean runs predict then means little), when one lies outside what the clean ones predict,
     * or when the two point opposite ways.
     */
    private static Kind verdict(
            RatioInterval.Interval all,
            RatioInterval.Interval clean,
            List<Integer> outsideA,
            List<Integer> outsideB,
            boolean fewClean,
            double margin,
            double alpha) {
        return fewClean
                ? changeOnTheCleanRunsAlone(all, clean)
                        ? (all.ratio() > 1 ? Kind.HIGHER : Kind.LOWER)
                        : Kind.TOO_FEW_CLEAN
                : !outsideA.isEmpty() || !outsideB.isEmpty() || opposite(all, clean)
                        ? Kind.DEPENDS_ON_MARKED
                        : kind(all, margin, alpha);
    }

    /**
     * With too few clean runs to check the marked ones: whether the clean runs alone show the change every run shows.
     * Both intervals exclude no change, the same way, and each estimate lies inside the other's interval: the marked
     * runs moved neither the direction nor the size past what the clean runs say on their own, at the same confidence.
     * The row then shows both.
     */
    static boolean changeOnTheCleanRunsAlone(RatioInterval.Interval all, RatioInterval.Interval clean) {
        return clean != null
                && clean.bounded()
                && !clean.contains(1)
                && !all.contains(1)
                // Each estimate inside the other's interval, neither containing 1: the same direction follows.
                && clean.contains(all.ratio())
                && all.contains(clean.ratio());
    }

    private static Kind kind(RatioInterval.Interval all, double margin, double alpha) {
        return all.sameWithin(margin, alpha)
                ? Kind.SAME
                : !all.contains(1) ? (all.ratio() > 1 ? Kind.HIGHER : Kind.LOWER) : Kind.CANNOT_TELL;
    }

    private static boolean constant(double[] values) {
        return Arrays.stream(values).min().orElseThrow()
                == Arrays.stream(values).max().orElseThrow();
    }
}
