package dev.duel.analysis;

import dev.duel.record.RunRecord;

/**
 * The ratio of a paired run to its partner in one scenario, whichever way the pair shared its time: second by second for
 * a duet ({@link DuetRatio}), block by block for an interleaved pair ({@link InterleavedRatio}). The report's row and
 * the suite's repetitions rule read a pair alike through it. Stateless and thread-safe.
 */
public final class PairedRuns {
    private PairedRuns() {}

    /**
     * {@code run} over its partner (as B / A, the partner as A) in {@code scenario}; NaN for a run made alone, a
     * partner's record or result missing, or no second or block both measured.
     */
    public static double ratio(RunRecord run, RunRecord partner, String scenario) {
        if (run.duet() == null || partner == null) {
            return Double.NaN;
        }
        if (run.duet().interleaved()) {
            InterleavedRatio.Pair pair = InterleavedRatio.of(run, partner, scenario);
            return pair == null || pair.blocks() == 0 ? Double.NaN : pair.ratio();
        }
        DuetRatio.Repetition repetition = DuetRatio.of(run, partner, scenario);
        return repetition == null || repetition.seconds() == 0 ? Double.NaN : repetition.ratio();
    }

    /** The interval method of ratios of such pairs: {@link RatioInterval.Method#INTERLEAVED} or {@code DUET}. */
    public static RatioInterval.Method method(RunRecord run) {
        return run.duet() != null && run.duet().interleaved()
                ? RatioInterval.Method.INTERLEAVED
                : RatioInterval.Method.DUET;
    }
}
