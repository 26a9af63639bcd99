package dev.duel.suite.run;

import dev.duel.record.ScenarioKind;
import dev.duel.record.runtime.Profile;
import dev.duel.targets.TargetSpec;
import java.util.Collection;

/**
 * Which profile a run of a target gets ({@code profile:} of a suite target, or the default). The one place that
 * decides the default. Measured with {@code bench/profile-overhead.sh} (docs/suites.md has the table): threads within
 * noise of none (95% CI -4.1% to +1.6% on steady requests/s), jfr 2.9% fewer requests/s over main (median of 4 pairs); a profile
 * whose overhead is above 3% would not be on by default. Stateless.
 */
public final class Profiles {
    /** The default of a JVM target in a run that measures a warm-up curve: the JIT and GC timeline explains it. */
    static final Profile WITH_WARMUP_CURVE = Profile.JFR;
    /** The default of a JVM target in any other run. */
    static final Profile OTHERWISE = Profile.THREADS;

    private Profiles() {}

    /**
     * @param spec  the target as the suite gives it
     * @param kinds the kinds of the run's scenarios
     */
    public static Profile of(TargetSpec spec, Collection<ScenarioKind> kinds) {
        Profile profile;
        if (spec.profile() != null) {
            profile = spec.profile();
        } else if (spec.jar() == null) {
            profile = Profile.NONE; // a command may not be a JVM at all
        } else {
            profile = kinds.contains(ScenarioKind.WARMUP_CURVE) ? WITH_WARMUP_CURVE : OTHERWISE;
        }
        // A run that measures start-up never records with JFR, even when asked: the recording's own start (about
        // 0.9 s under 1 CPU here) would be timed as the application's, and every fresh start would overwrite it.
        return profile == Profile.JFR && kinds.contains(ScenarioKind.STARTUP) ? Profile.THREADS : profile;
    }
}
