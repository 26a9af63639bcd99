package dev.duel.suite.run;

import dev.duel.suite.RuntimeReaders;
import dev.duel.targets.TargetProcess;
import dev.duel.targets.runtime.CompilerPriority;
import java.io.IOException;
import java.util.function.Consumer;

/**
 * One side's JIT compiler threads, raised for one scenario's warm-up on CPUs it shares with its partner
 * ({@code interleave.compilers: raised}, {@link CompilerPriority}), raised again each second for a compiler thread the
 * JVM starts since, and put back when the warm-up ends, before main's first slice. Thread-safe.
 */
final class CompilerBoost {
    private final CompilerPriority priority;
    private final Consumer<String> problems;
    private AutoCloseable ticking;
    private boolean raised;
    private boolean ended;
    private boolean held = true;

    private CompilerBoost(CompilerPriority priority, Consumer<String> problems) {
        this.priority = priority;
        this.problems = problems;
    }

    /**
     * Raises {@code target}'s compilers now and each second after until {@link #end}.
     *
     * @param problems told why, when the compilers cannot be raised or put back (the side then warms up as it would)
     */
    static CompilerBoost start(RuntimeReaders readers, TargetProcess target, Consumer<String> problems) {
        CompilerPriority priority;
        try {
            priority = readers.compilers(target);
        } catch (IOException e) {
            problems.accept(e.getMessage());
            CompilerBoost none = new CompilerBoost(null, problems);
            none.ended = true;
            none.held = false;
            return none;
        }
        CompilerBoost boost = new CompilerBoost(priority, problems);
        boost.raise();
        synchronized (boost) {
            if (boost.held) {
                boost.ticking = readers.everySecond(boost::raise);
            }
        }
        return boost;
    }

    private synchronized void raise() {
        if (ended || !held) {
            return;
        }
        try {
            raised = priority.raise(CompilerPriority.RAISED_NICE) > 0 || raised;
        } catch (IOException e) {
            held = false;
            problems.accept(e.getMessage());
        }
    }

    /** Puts the compilers back; the first call does it, later ones nothing. */
    synchronized void end() {
        if (ended) {
            return;
        }
        ended = true;
        if (ticking != null) {
            try {
                ticking.close();
            } catch (Exception e) {
                // a scheduler that would not stop: the flag above keeps it from raising again
            }
        }
        try {
            priority.restore();
        } catch (IOException e) {
            held = false;
            problems.accept("could not put them back before main: " + e.getMessage());
        }
    }

    /**
     * The nice value the compilers held through the warm-up: {@link CompilerPriority#RAISED_NICE} when at least one
     * compiler thread was raised from the start and every raise and the restore went through, else null.
     */
    synchronized Integer heldNice() {
        return held && raised ? CompilerPriority.RAISED_NICE : null;
    }
}
