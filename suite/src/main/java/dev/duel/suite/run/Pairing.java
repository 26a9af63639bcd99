package dev.duel.suite.run;

import dev.duel.load.StartGate;
import dev.duel.load.Turns;
import dev.duel.load.WarmupJudge;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * One side's part in a paired scenario (a duet, or an interleaved pair): when its load begins and when its auto warm-up
 * ends ({@link DuetLoad}), when it holds the load ({@link Turns#ALWAYS} in a duet), and the CPU its noise gate judges
 * against what it could have used: its own target's in a duet, whose two sides share their CPUs by design; both
 * targets' in an interleaved pair, where one idles while the other holds the load, so that only what neither used is
 * someone else's. Immutable.
 *
 * @param judgedCpuNanos CPU nanoseconds so far of what the side's noise gate judges as the side's own use
 * @param warmupEnded    run when the side's warm-up ends (in the gap, or at main's start without one), on the engine's
 *                       control thread: a side that warmed up apart moves back onto the targets' CPUs
 * @param compiler       given, when the side's measurement begins, what reads its JIT compiler's CPU (the judge waits
 *                       for the compiler to go quiet: {@link DuetLoad#watchCompiler})
 */
record Pairing(
        StartGate gate,
        WarmupJudge judge,
        Turns turns,
        LongSupplier judgedCpuNanos,
        Runnable warmupEnded,
        Consumer<DuetLoad.CompilerCores> compiler) {}
