package dev.duel.record.runtime;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import java.util.List;

/**
 * Inside a JVM target, second by second through one scenario: where its CPU went (compilers, GC,
 * application) and, with {@link Profile#JFR}, what its runtime did (compilations, deoptimizations,
 * GC pauses, safepoints, allocation, class loading). The windows share one time axis with the load
 * result's per-second series ({@code second} in {@code load.seconds}): seconds since the scenario's
 * load run began. Immutable.
 *
 * @param profile   the profile the target ran with ({@link Profile#THREADS} or {@link Profile#JFR};
 *                  a target run with {@link Profile#NONE} has no timeline)
 * @param threads   CPU by thread kind, one window per sample interval, in order
 * @param jfr       with {@link Profile#JFR}: what the recording saw, window by window, in order; null
 *                  with {@link Profile#THREADS}, and when the recording could not be read ({@code problems} says why)
 * @param jfrFile   with {@link Profile#JFR}: the recording, relative to the results folder; null otherwise
 * @param problems  what went wrong while watching, one sentence each (a thread list that could not be
 *                  read, a recording that could not be parsed); empty when nothing did
 */
public record RuntimeTimeline(
        Profile profile,
        List<ThreadCpuWindow> threads,
        @JsonSetter(nulls = Nulls.SET) List<JfrWindow> jfr,
        @JsonSetter(nulls = Nulls.SET) String jfrFile,
        List<String> problems) {

    public RuntimeTimeline {
        threads = List.copyOf(threads);
        jfr = jfr == null ? null : List.copyOf(jfr);
        problems = List.copyOf(problems);
    }
}
