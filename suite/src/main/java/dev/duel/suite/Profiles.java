package dev.duel.suite;

import dev.duel.record.ScenarioKind;
import dev.duel.record.runtime.Profile;
import dev.duel.targets.TargetSpec;
import java.util.Collection;

/**
 * Which profile a run of a target gets ({@code profile:} of a suite target, or the default). The one place that
 * decides the default: change {@link #WITH_WARMUP_CURVE} or {@link #OTHERWISE} once the overhead of each profile
 * has been measured ({@code bench/profile-overhead.sh}). Stateless.
 */
final class Profiles {
    /** The default of a JVM target in a run that measures a warm-up curve: the JIT and GC timeline explains it. */
    static final Profile WITH_WARMUP_CURVE = Profile.JFR;
    /** The default of a JVM target in any other run. */
    static final Profile OTHERWISE = Profile.THREADS;

    private Profiles() {}

    /**
     * @param spec  the target as the suite gives it
     * @param kinds the kinds of the run's scenarios
     */
    static Profile of(TargetSpec spec, Collection<ScenarioKind> kinds) {
        if (spec.profile() != null) {
            return spec.profile();
        }
        if (spec.jar() == null) {
            return Profile.NONE; // a command may not be a JVM at all
        }
        return kinds.contains(ScenarioKind.WARMUP_CURVE) ? WITH_WARMUP_CURVE : OTHERWISE;
    }
}
