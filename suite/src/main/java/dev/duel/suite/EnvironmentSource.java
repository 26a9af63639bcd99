package dev.duel.suite;

import dev.duel.record.Environment;
import dev.duel.targets.TargetSpec;
import java.util.List;

/** Describes the machine a suite runs on; {@link dev.duel.suite.env.EnvironmentProbe} reads the real one. */
@FunctionalInterface
public interface EnvironmentSource {
    /** @param targets whose JDKs to describe (none: every JDK found) */
    Environment capture(List<TargetSpec> targets) throws InterruptedException;
}
