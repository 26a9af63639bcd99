package dev.duel.cli;

import dev.duel.record.RunRecord;
import dev.duel.record.Status;

/**
 * Runs that the load generator's own gates judged invalid (its GC paused it, it held its users back, it fell behind):
 * beside other test JVMs on 2 cores they happen, and say nothing of what a whole-pipeline test checks, whose runs were
 * still measured and recorded whole. Any other status but OK still fails such a test. Stateless.
 */
final class GeneratorVerdicts {
    private GeneratorVerdicts() {}

    /** True when {@code run} is invalid only because duel's own load generator was the limit. */
    static boolean byTheGenerator(RunRecord run) {
        return run.status() == Status.INVALID
                && run.reason() != null
                && run.reason().startsWith("load generator");
    }
}
