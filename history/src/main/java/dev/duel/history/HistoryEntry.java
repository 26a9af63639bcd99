package dev.duel.history;

import dev.duel.report.model.Report;
import java.time.Instant;
import java.util.List;

/**
 * What one report concluded, as the history keeps it. Immutable.
 *
 * @param id           the store's id of the entry ("h-" and 12 hex digits), or null before it is recorded
 * @param suite        the suite's name (the report's title)
 * @param suiteSha256  SHA-256 of the suite file the runs came from (lower-case hex), or null when the folder keeps none
 * @param fingerprint  the environment fingerprint the runs were made on (a report refuses to compare across them), or
 *                     null when the folder has no environment
 * @param duelVersion  the duel that made the runs
 * @param provenance   where the code under test came from
 * @param recordedAt   when the runs ended (the latest run's end), so that an imported folder keeps its own time
 * @param source       the results folder the entry was made from, as given
 * @param baseline     the target the report compared the others with
 * @param measurements one per scenario, target and measure with a value
 * @param comparisons  one per scenario, measure and pair of targets the report compared
 */
public record HistoryEntry(
        String id,
        String suite,
        String suiteSha256,
        String fingerprint,
        String duelVersion,
        Provenance provenance,
        Instant recordedAt,
        String source,
        String baseline,
        List<Measurement> measurements,
        List<Comparison> comparisons) {
    public HistoryEntry {
        if (suite == null || suite.isBlank()) {
            throw new IllegalArgumentException("an entry names its suite");
        }
        measurements = List.copyOf(measurements);
        comparisons = List.copyOf(comparisons);
    }

    /** The same entry with the id the store gave it. */
    public HistoryEntry withId(String storeId) {
        return new HistoryEntry(
                storeId,
                suite,
                suiteSha256,
                fingerprint,
                duelVersion,
                provenance,
                recordedAt,
                source,
                baseline,
                measurements,
                comparisons);
    }

    /**
     * Where the code under test came from: each part given on the command line or found in a CI's environment, null
     * when neither says.
     *
     * @param commit the commit (a full or short hash)
     * @param branch the branch
     * @param tag    the tag
     * @param ciUrl  the CI run's page
     * @param label  a free label ("nightly", "before the pool change")
     * @param committedAt when the commit was made (a series follows it, so that an older commit run later falls in its
     *               place), or null when nobody said
     */
    public record Provenance(
            String commit, String branch, String tag, String ciUrl, String label, Instant committedAt) {
        public static final Provenance NONE = new Provenance(null, null, null, null, null, null);

        /** A commit as people write it: its first 10 characters (the whole of a shorter one). */
        public static String abbreviated(String commit) {
            return commit.length() > 10 ? commit.substring(0, 10) : commit;
        }

        /** Provenance without a commit time. */
        public Provenance(String commit, String branch, String tag, String ciUrl, String label) {
            this(commit, branch, tag, ciUrl, label, null);
        }

        /** The same with {@code time} as the commit's time. */
        public Provenance committedAt(Instant time) {
            return new Provenance(commit, branch, tag, ciUrl, label, time);
        }
    }

    /**
     * One target's value of one measure in one scenario, over its runs, as the report's table shows it.
     *
     * @param measure     the report's measure key ("rps", "p99", "cpu.request")
     * @param label       the measure in words ("requests/s")
     * @param unit        the measure's unit as the report names it ({@code Metric.Unit}'s name)
     * @param higherIsBetter the measure's direction
     * @param centralName "geometric mean" or "median": which centre {@code central} is (the one the verdicts read)
     * @param central     that centre, in the measure's unit
     * @param median      the median of the runs' values
     * @param min         the lowest run's value
     * @param max         the highest run's value
     * @param runs        runs whose values count
     * @param marked      of those, runs counted with a mark (never steady, thin samples...)
     * @param values      each run's value, in run order
     */
    public record Measurement(
            String scenario,
            String target,
            String measure,
            String label,
            String unit,
            boolean higherIsBetter,
            String centralName,
            double central,
            double median,
            double min,
            double max,
            int runs,
            int marked,
            List<Double> values) {
        public Measurement {
            values = List.copyOf(values);
        }
    }

    /**
     * One comparison the report made: {@code other} against {@code baseline} on one measure.
     *
     * @param ratio      other / baseline (a ratio measure) or the report's estimate; NaN when there is none
     * @param low        the interval's lower end, NaN when there is none
     * @param high       the interval's upper end, NaN when there is none
     * @param verdict    the report's verdict
     * @param sameWithin the margin "the same within" was judged in (0.05)
     */
    public record Comparison(
            String scenario,
            String measure,
            String baseline,
            String other,
            double ratio,
            double low,
            double high,
            Report.Verdict verdict,
            double sameWithin) {}
}
