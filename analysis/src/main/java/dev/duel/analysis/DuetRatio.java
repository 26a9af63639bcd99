package dev.duel.analysis;

import dev.duel.record.Phase;
import dev.duel.record.RunRecord;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.SecondResult;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * B / A from duet runs: A and B measured at the same instants on one machine, each under its own equal limits, so that
 * what the machine does to one second (a neighbour's burst, a slower host, a frequency step) it does to both (Bulej et
 * al., "Duet Benchmarking", ICPE 2020). The comparison is made second by second and only then averaged: what the two
 * shared cancels in each second's ratio before any mean is taken.
 *
 * <p>One repetition ({@link #of}): the mean of the per-second log ratios ln(b_t / a_t) over the seconds both sides
 * measured in their common steady window. Its standard error allows for the seconds' autocorrelation: a per-second
 * error would treat seconds as independent, while a JIT recompilation or a GC phase makes neighbouring seconds alike
 * (lag-1 autocorrelation 0.2-0.8 in the steady seconds of the long comparison's runs here). It is the larger of two
 * estimates: batch means (the window cut into consecutive batches of {@link #BATCH_SECONDS} seconds, the last taking
 * the remainder; the spread of the batch means) and the AR(1) error s / sqrt(n) x sqrt((1 + r) / (1 - r)), r the
 * lag-1 autocorrelation of the seconds, raised by its small-sample bias (1 + 4r) / n. Batch means alone covered 92% at
 * an AR(1) correlation of 0.4 and 87% at 0.7 over 40 s; the larger of the two 97% and 93% (with batches − 1 degrees of
 * freedom). It is a measure of the seconds' noise for planning, never an interval a verdict reads: a slow spell of the
 * host that costs one side more than the other (this project's hosts flip between two speeds for tens of seconds, and
 * the other hyperthread need not slow two JVMs alike) moves one run's mean by an amount that no batch of a 60 s window
 * sees twice. Seeded ({@code DuetRatioTest}): as an interval it covered one pair's long-run ratio in 95.5% of runs when
 * the flips cost both sides alike, 85.5% when a slow spell cost B 5% more, 68% at 10%.
 *
 * <p>Across repetitions ({@link #across}): Student's t on the per-repetition log ratios, repetitions − 1 degrees of
 * freedom, as runs paired by repetition ({@link RatioInterval#paired}): each fresh pair of JVMs compiles its own way, and
 * each repetition meets the host's flips its own way; both are in the spread of the per-repetition ratios, which
 * covered 94.5-95.5% under the same flips. One repetition gives no interval.
 *
 * <p>Stateless and thread-safe.
 */
public final class DuetRatio {
    /** Seconds per batch of the within-run standard error: longer than the correlation time of a steady series here. */
    public static final int BATCH_SECONDS = 5;

    /** Fewer batches than this give no within-run error: 2 degrees of freedom is the least a spread means much. */
    public static final int MIN_BATCHES = 3;

    private DuetRatio() {}

    /**
     * One repetition's duet ratio.
     *
     * @param logRatio         mean of the per-second ln(b / a) over the seconds used; NaN with none
     * @param logStandardError within-run standard error of {@code logRatio} (batch means or AR(1), the larger), for
     *                         planning only: optimistic when the host's slow spells cost the two sides differently;
     *                         NaN with fewer than {@link #MIN_BATCHES} batches or when the batch means do not vary
     * @param seconds          the seconds used (both sides above 0)
     * @param secondsLeftOut   seconds of the window where a side served nothing: no ratio, left out and counted
     * @param batches          the batches of the standard error
     */
    public record Repetition(double logRatio, double logStandardError, int seconds, int secondsLeftOut, int batches) {
        /** B / A in this repetition: exp of the mean log ratio (the geometric mean of the per-second ratios). */
        public double ratio() {
            return Math.exp(logRatio);
        }

        /** "B/A 1.043 over 40 s (8 batches)". */
        public String describe() {
            return String.format(
                    Locale.ROOT,
                    "B/A %.3f over %d s (%d batches%s)",
                    ratio(),
                    seconds,
                    batches,
                    secondsLeftOut > 0 ? ", " + secondsLeftOut + " s with a side at 0 left out" : "");
        }
    }

    /**
     * One repetition from the two sides' per-second values over their common window: {@code a[t]} and {@code b[t]} are
     * the same second. Seconds where either side is not above 0 have no ratio: they are left out and counted.
     */
    public static Repetition of(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("one value a side per second: " + a.length + " and " + b.length);
        }
        double[] logRatios = new double[a.length];
        int used = 0;
        for (int t = 0; t < a.length; t++) {
            if (a[t] > 0 && b[t] > 0 && Double.isFinite(a[t]) && Double.isFinite(b[t])) {
                logRatios[used++] = Math.log(b[t] / a[t]);
            }
        }
        int leftOut = a.length - used;
        if (used == 0) {
            return new Repetition(Double.NaN, Double.NaN, 0, leftOut, 0);
        }
        double mean = 0;
        for (int t = 0; t < used; t++) {
            mean += logRatios[t];
        }
        mean /= used;
        int batches = used / BATCH_SECONDS;
        if (batches < MIN_BATCHES) {
            return new Repetition(mean, Double.NaN, used, leftOut, batches);
        }
        // Equal batches but the last, which takes the remainder; each batch mean weighs by its seconds in the overall
        // mean, so the batch means are weighted alike in the spread (the remainder is under one batch long).
        double[] batchMeans = new double[batches];
        int[] batchSeconds = new int[batches];
        for (int t = 0; t < used; t++) {
            int batch = Math.min(t / BATCH_SECONDS, batches - 1);
            batchMeans[batch] += logRatios[t];
            batchSeconds[batch]++;
        }
        double sumSquares = 0;
        for (int i = 0; i < batches; i++) {
            batchMeans[i] /= batchSeconds[i];
            sumSquares += batchSeconds[i] * (batchMeans[i] - mean) * (batchMeans[i] - mean);
        }
        // The weighted batch-means variance of the overall mean: sum m_i (x_i - x)^2 / ((k - 1) n).
        double batchVariance = sumSquares / ((batches - 1) * (double) used);
        double variance = Math.max(batchVariance, autoregressiveVariance(logRatios, used, mean));
        return new Repetition(mean, variance > 0 ? Math.sqrt(variance) : Double.NaN, used, leftOut, batches);
    }

    /**
     * The variance of the mean of the first {@code n} values under an AR(1) model: s^2 / n x (1 + r) / (1 - r), with r
     * the lag-1 autocorrelation raised by its bias for short series, (1 + 4r) / n (Marriott and Pope 1954), and kept
     * in [0, 0.95].
     */
    private static double autoregressiveVariance(double[] values, int n, double mean) {
        double sumSquares = 0;
        double lagged = 0;
        for (int t = 0; t < n; t++) {
            double d = values[t] - mean;
            sumSquares += d * d;
            if (t + 1 < n) {
                lagged += d * (values[t + 1] - mean);
            }
        }
        if (!(sumSquares > 0)) {
            return 0;
        }
        double r = lagged / sumSquares;
        r = Math.min(0.95, Math.max(0, r + (1 + 4 * r) / n));
        return sumSquares / (n - 1) / n * (1 + r) / (1 - r);
    }

    /**
     * One duet run against its partner in {@code scenario}, from their records: this run's correct responses in each
     * second of main over the partner's in the same second (their loads began at one instant, so a second's index is
     * the same instant on both), as B / A with the partner as A. The report's requests/s row and the suite's
     * repetitions rule read it alike. Null when either record holds no load result of the scenario.
     */
    public static Repetition of(RunRecord run, RunRecord partner, String scenario) {
        CommonSeconds common = common(run, partner, scenario);
        return common == null ? null : of(common.partner(), common.own());
    }

    /**
     * The seconds of main two duet runs both measured, on their shared time axis.
     *
     * @param seconds each second's index on the load's axis
     * @param partner the partner's correct responses in each
     * @param own     the run's correct responses in each
     */
    public record CommonSeconds(int[] seconds, double[] partner, double[] own) {
        public CommonSeconds {
            seconds = seconds.clone();
            partner = partner.clone();
            own = own.clone();
        }

        @Override
        public int[] seconds() {
            return seconds.clone();
        }

        @Override
        public double[] partner() {
            return partner.clone();
        }

        @Override
        public double[] own() {
            return own.clone();
        }
    }

    /** The seconds of main that {@code run} and its duet partner both measured in {@code scenario}; null without both. */
    public static CommonSeconds common(RunRecord run, RunRecord partner, String scenario) {
        RunRecord.ScenarioResult own = run.result(scenario);
        RunRecord.ScenarioResult other = partner.result(scenario);
        LoadResult ownLoad = own == null ? null : own.load();
        LoadResult otherLoad = other == null ? null : other.load();
        if (ownLoad == null || otherLoad == null) {
            return null;
        }
        Map<Integer, Long> theirs = new HashMap<>();
        for (SecondResult second : otherLoad.seconds()) {
            if (second.phase() == Phase.MAIN) {
                theirs.put(second.second(), second.ok());
            }
        }
        List<SecondResult> common = ownLoad.seconds().stream()
                .filter(s -> s.phase() == Phase.MAIN && theirs.containsKey(s.second()))
                .toList();
        int[] seconds = new int[common.size()];
        double[] a = new double[common.size()];
        double[] b = new double[common.size()];
        for (int i = 0; i < common.size(); i++) {
            seconds[i] = common.get(i).second();
            a[i] = theirs.get(seconds[i]);
            b[i] = common.get(i).ok();
        }
        return new CommonSeconds(seconds, a, b);
    }

    /**
     * B / A over repetitions: with two or more, Student's t on their log ratios ({@link RatioInterval.Method#DUET});
     * with one, none, or repetitions that do not vary, unbounded (one repetition's own error is no interval: see
     * above).
     */
    public static RatioInterval.Interval across(List<Repetition> repetitions, double confidence) {
        List<Repetition> measured =
                repetitions.stream().filter(r -> !Double.isNaN(r.logRatio())).toList();
        if (measured.isEmpty()) {
            return new RatioInterval.Interval(
                    Double.NaN, 0, Double.POSITIVE_INFINITY, confidence, RatioInterval.Method.NONE, 0, Double.NaN);
        }
        double[] logs = measured.stream().mapToDouble(Repetition::logRatio).toArray();
        double ratio = Math.exp(RatioInterval.mean(logs));
        double standardError = logs.length < 2 ? Double.NaN : Math.sqrt(RatioInterval.variance(logs) / logs.length);
        if (!(standardError > 0)) {
            return new RatioInterval.Interval(
                    ratio, 0, Double.POSITIVE_INFINITY, confidence, RatioInterval.Method.NONE, 0, Double.NaN);
        }
        return RatioInterval.around(ratio, standardError, logs.length - 1, confidence, RatioInterval.Method.DUET);
    }
}
