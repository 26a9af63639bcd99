package dev.duel.load;

import dev.duel.analysis.WarmupStop;

/**
 * The real {@link WarmupJudge}: the {@code analysis} module's warm-up stopping rule ({@link WarmupStop}),
 * so that an auto warm-up ends on the same final segment the report shows: it has lasted at least the
 * stable length (10 s by default) with a relative 95% interval half-width of requests/s of at most 5% (WarmupStop.Settings.DEFAULT).
 * Stateless, so thread-safe.
 */
public final class SteadyStateJudge implements WarmupJudge {
    private final WarmupStop.Settings settings;

    public SteadyStateJudge() {
        this(WarmupStop.Settings.DEFAULT);
    }

    public SteadyStateJudge(WarmupStop.Settings settings) {
        this.settings = settings;
    }

    @Override
    public Decision judge(double[] okPerSecond) {
        WarmupStop.Decision decision = WarmupStop.check(okPerSecond, settings);
        // The rule says NaN where it computed no half-width; the engine records that as null ("not known").
        Double halfWidth = Double.isNaN(decision.relativeHalfWidth()) ? null : decision.relativeHalfWidth();
        return decision.steady()
                ? new Decision(true, decision.steadySinceSecond(), halfWidth, decision.why())
                : Decision.notYet(halfWidth, decision.why());
    }
}
