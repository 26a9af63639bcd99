package dev.duel.analysis;

import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * How a comparison that is looked at after every repetition, until its answer is clear or its time budget is spent,
 * keeps its chance of a false difference at α over all its looks (Lan and DeMets, Biometrika 1983). Each look spends a
 * part of α, the increase of a spending function α(t) of the share t of the budget used so far; the look's interval is
 * taken at confidence 1 − (its part), so that the looks' parts add up to at most α over the whole budget (their union:
 * a bound that holds whatever the looks' correlation). The last look, when another repetition would not fit the
 * budget, spends what is left.
 *
 * <p>The O'Brien-Fleming-like function α(t) = 2 − 2Φ(z(1 − α/2) / √t) spends almost nothing early (a first look at a
 * tenth of the budget takes 0.0000015 of a 5% α) and nearly all of it at the end, so that a budget that runs its
 * course loses little power against one look at its end, while a large effect still stops early. Pocock-like
 * α·ln(1 + (e − 1)t) spends evenly; Bonferroni over a fixed number of looks (each at α / looks) is what duel used
 * before, kept for comparison ({@code BudgetSimulationTest} measures the three). Stateless and thread-safe.
 */
public final class AlphaSpending {
    private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);

    private AlphaSpending() {}

    /** The shape of the spending function. */
    public enum Shape {
        /** 2 − 2Φ(z(1 − α/2) / √t): almost nothing early, nearly all at the end. */
        OBRIEN_FLEMING,
        /** α·ln(1 + (e − 1)t): evenly over the budget. */
        POCOCK
    }

    /** α spent by the share {@code t} (0 to 1) of the budget, at most α. */
    public static double spent(Shape shape, double alpha, double t) {
        if (!(t > 0)) {
            return 0;
        }
        double share = Math.min(1, t);
        return switch (shape) {
            case OBRIEN_FLEMING -> {
                double z = NORMAL.inverseSurvivalProbability(alpha / 2);
                yield Math.min(alpha, 2 * NORMAL.survivalProbability(z / Math.sqrt(share)));
            }
            case POCOCK -> alpha * Math.log(1 + (Math.E - 1) * share);
        };
    }

    /**
     * The α of one look: what the spending function spent between the previous look's share of the budget and this
     * one's, or all that is left at the last look. Never below a floor of α × 10⁻⁶, so that a first look very early in
     * a budget still has an interval.
     *
     * @param previousShare the share of the budget used at the previous look, 0 before the first
     * @param share         the share used at this look
     * @param last          no further look will come (the budget cannot fit another repetition)
     */
    public static double lookAlpha(Shape shape, double alpha, double previousShare, double share, boolean last) {
        return lookAlpha(shape, alpha, 1, previousShare, share, last);
    }

    /**
     * As above, the looks before the last spending at most {@code interimShare} of α between them (the spending function
     * scaled down), the last all that is left: a budget that runs its course then keeps (1 − interimShare) α or more
     * for its last look, where nearly all its answers come, while an effect large enough to show at a small α still
     * stops it early. With a look after every repetition, O'Brien-Fleming unscaled leaves the last of ten looks 1.1% of
     * a 5% α (it spent 3.9% by 90% of the budget); scaled by a quarter, 4.0%.
     */
    public static double lookAlpha(
            Shape shape, double alpha, double interimShare, double previousShare, double share, boolean last) {
        double before = interimShare * spent(shape, alpha, previousShare);
        double now = last ? alpha : interimShare * spent(shape, alpha, share);
        return Math.max(alpha * 1e-6, now - before);
    }
}
