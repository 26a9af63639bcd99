package dev.duel.history;

import java.time.Instant;

/**
 * One recorded value of one series, with the entry it came from. A series is ordered by commit time where its entries
 * have one, else by when their runs ended. Immutable.
 *
 * @param entryId    the entry
 * @param commit     the commit of the code under test, or null when the entry has none
 * @param committedAt when that commit was made, or null when the entry does not say
 * @param recordedAt when the entry's runs ended
 * @param value      the central value the report's verdict read (NaN: none)
 * @param runs       runs behind it
 */
public record HistoryPoint(
        Series series, String entryId, String commit, Instant committedAt, Instant recordedAt, double value, int runs) {
    /**
     * What a series follows: one measure of one target in one scenario of one suite, on one machine (results of
     * different machines are never one series, as a report never compares across them).
     *
     * @param fingerprint    the machine's environment fingerprint, or null when the entries had none
     * @param label          the measure in words
     * @param unit           its unit ({@code Metric.Unit}'s name)
     * @param higherIsBetter its direction
     */
    public record Series(
            String suite,
            String scenario,
            String target,
            String measure,
            String fingerprint,
            String label,
            String unit,
            boolean higherIsBetter) {
        /** "demo / json / jdk25 / requests/s". */
        public String name() {
            return suite + " / " + scenario + " / " + target + " / " + label;
        }

        /** The same series whatever the words its entries used for the measure. */
        boolean sameAs(Series other) {
            return suite.equals(other.suite)
                    && scenario.equals(other.scenario)
                    && target.equals(other.target)
                    && measure.equals(other.measure)
                    && java.util.Objects.equals(fingerprint, other.fingerprint);
        }
    }
}
