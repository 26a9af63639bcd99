package dev.duel.history.changes;

import dev.duel.analysis.RatioInterval;
import dev.duel.report.model.Summary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.statistics.ranking.NaturalRanking;

/**
 * Finds where a series of results (one measure of one target in one scenario on one machine, ordered by commit time)
 * moved to another level. No library does this for the JVM, so it is written here, small: binary segmentation with a
 * rank CUSUM (Pettitt's statistic: for each split k, the first k values' rank sum standardised by its mean and
 * variance under no change; the split is where its absolute value is largest), whose significance comes from
 * permuting the ranks (seeded, so the same series always gives the same answer). A segment is cut when fewer than a
 * share {@code alpha} of permutations give a larger largest statistic; each side is then searched again.
 *
 * <p>Why ranks and permutations. The values of a shared host are not normal: this project's machines flip between two
 * speeds about 1.9x apart, so a series of single-run values is bimodal, and a t-test on means (E-Divisive's, in Otava)
 * or a Gaussian cost (PELT's) reads a cluster of slow-level runs as a step. Ranks care only about order, and a
 * permutation test of the largest statistic over every split keeps the false-change rate at {@code alpha} for any
 * distribution of exchangeable values, with no correction for the splits tried: {@code ChangePointsTest} measures it
 * on seeded step-free series, plain and bimodal. The size of a change is the ratio of the two sides' geometric means
 * with a Welch-Hsu interval on logs, the report's own ({@link RatioInterval}). Stateless and thread-safe.
 */
public final class ChangePoints {
    /** Ranks 1..n, tied values sharing their mean rank (Pettitt's statistic's own ranks). */
    private static final NaturalRanking RANKING = new NaturalRanking();

    private ChangePoints() {}

    /**
     * @param minSegment   fewest values on each side of a change (4): a change needs that many runs to stand on
     * @param alpha        the false-change rate per step-free segment (0.01)
     * @param permutations permutations per test (999): the smallest p-value is 1 / (permutations + 1)
     * @param confidence   of a change's interval (0.95)
     * @param seed         of the permutations
     */
    public record Settings(int minSegment, double alpha, int permutations, double confidence, long seed) {
        public static final Settings DEFAULT = new Settings(4, 0.01, 999, 0.95, 20261206L);

        public Settings {
            if (minSegment < 2
                    || !(alpha > 0 && alpha < 1)
                    || permutations < 99
                    || !(confidence > 0 && confidence < 1)) {
                throw new IllegalArgumentException("invalid change-point settings: minSegment " + minSegment
                        + ", alpha " + alpha + ", permutations " + permutations + ", confidence " + confidence);
            }
        }
    }

    /**
     * A change between index {@code index - 1} and {@code index}.
     *
     * @param index       the first value at the new level
     * @param before      the geometric mean of the values since the previous change (or the start)
     * @param after       the geometric mean of the values up to the next change (or the end)
     * @param ratio       after / before
     * @param low         the interval's lower end (0 when it has none)
     * @param high        the interval's upper end (infinity when it has none)
     * @param pValue      the permutation p-value of the cut
     * @param runsBefore  values on the earlier side
     * @param runsAfter   values on the later side
     */
    public record Change(
            int index,
            double before,
            double after,
            double ratio,
            double low,
            double high,
            double pValue,
            int runsBefore,
            int runsAfter) {}

    /**
     * The changes of {@code series} (positive values, oldest first; values that are not positive are not allowed),
     * in order.
     */
    public static List<Change> find(double[] series, Settings settings) {
        for (double value : series) {
            if (!(value > 0) || Double.isInfinite(value)) {
                throw new IllegalArgumentException("a series of positive values, got " + value);
            }
        }
        List<Cut> cuts = new ArrayList<>();
        segment(series, 0, series.length, settings, cuts);
        cuts.sort(Comparator.comparingInt(Cut::index));
        List<Change> changes = new ArrayList<>();
        for (int c = 0; c < cuts.size(); c++) {
            int index = cuts.get(c).index();
            int from = c == 0 ? 0 : cuts.get(c - 1).index();
            int to = c + 1 < cuts.size() ? cuts.get(c + 1).index() : series.length;
            double[] before = Arrays.copyOfRange(series, from, index);
            double[] after = Arrays.copyOfRange(series, index, to);
            RatioInterval.Interval interval = RatioInterval.of(before, after, settings.confidence());
            changes.add(new Change(
                    index,
                    Summary.of(before).geometricMean(),
                    Summary.of(after).geometricMean(),
                    interval.ratio(),
                    interval.low(),
                    interval.high(),
                    cuts.get(c).pValue(),
                    before.length,
                    after.length));
        }
        return changes;
    }

    /** Where a segment was cut (the later side's first index in the series), and the cut's p-value. */
    private record Cut(int index, double pValue) {}

    /** Binary segmentation of [from, to): cut at the largest statistic when the permutations say so, then each side. */
    private static void segment(double[] series, int from, int to, Settings settings, List<Cut> cuts) {
        int n = to - from;
        if (n < 2 * settings.minSegment()) {
            return;
        }
        double[] ranks = RANKING.apply(Arrays.copyOfRange(series, from, to));
        Best observed = largest(ranks, settings.minSegment());
        // One stream per segment, from the seed and the segment: the same series always cuts the same way.
        SplittableRandom random = new SplittableRandom(settings.seed() ^ (31L * from + to) * 0x9E3779B97F4A7C15L);
        double[] shuffled = ranks.clone();
        int atLeast = 0;
        for (int p = 0; p < settings.permutations(); p++) {
            for (int i = shuffled.length - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                double swap = shuffled[i];
                shuffled[i] = shuffled[j];
                shuffled[j] = swap;
            }
            if (largest(shuffled, settings.minSegment()).statistic() >= observed.statistic() - 1e-12) {
                atLeast++;
            }
        }
        double pValue = (atLeast + 1.0) / (settings.permutations() + 1.0);
        if (pValue > settings.alpha()) {
            return;
        }
        int cut = from + observed.split();
        cuts.add(new Cut(cut, pValue));
        segment(series, from, cut, settings, cuts);
        segment(series, cut, to, settings, cuts);
    }

    /** The split (the later side's first index) with the largest standardised rank sum, and that statistic. */
    private record Best(int split, double statistic) {}

    private static Best largest(double[] ranks, int minSegment) {
        int n = ranks.length;
        double cumulative = 0;
        int bestSplit = -1;
        double best = -1;
        for (int k = 1; k < n; k++) {
            cumulative += ranks[k - 1];
            if (k < minSegment || n - k < minSegment) {
                continue;
            }
            double mean = k * (n + 1) / 2.0;
            double variance = k * (double) (n - k) * (n + 1) / 12.0;
            double z = Math.abs(cumulative - mean) / Math.sqrt(variance);
            if (z > best) {
                best = z;
                bestSplit = k;
            }
        }
        return new Best(bestSplit, best);
    }
}
