package dev.duel.report.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.duel.analysis.Levels;
import dev.duel.analysis.MeanInterval;
import dev.duel.analysis.SteadyState;
import java.util.List;

/**
 * One run's warm-up.
 *
 * @param run                     the run's number as in the records ("003")
 * @param classification          flat, warm-up, slowdown or no steady state (requests/s and p99 combined)
 * @param secondsToSteady         from the second of the first correct answer to the start of the final segment,
 *                                seconds; -1 with no steady state
 * @param warmupCostRequests      requests the run would have served before steady state at its steady rate,
 *                                minus those it served; NaN with no steady state
 * @param steadyRequestsPerSecond mean requests/s of the steady seconds; NaN with no steady state
 * @param steadyThroughMain       the steady state covers all of main (main's latency and CPU are steady values)
 * @param why                     the numbers behind the classification
 * @param seconds                 the series' seconds, counted from the second of the first correct answer (the
 *                                gap's seconds are missing)
 * @param requestsPerSecond       correct responses in each of those seconds
 * @param segments                the requests/s series' segments, in the same seconds
 * @param p99Millis               the p99 latency of each of those seconds, milliseconds; NaN in a second without a
 *                                correct answer
 * @param mainStartSecond         main's first second, counted as {@link #seconds} are; -1 when main has none
 * @param levels                  the two levels the requests/s moved between and how long each lasted ({@link
 *                                Levels}); null (and left out of summary.json) when they did not
 * @param mainInterval            with levels: main's mean requests/s with an interval that allows for them ({@link
 *                                MeanInterval}); null (and left out) without
 * @param hostSpeed               the host's speed on the run's target CPUs in each of {@link #seconds}, over its fast
 *                                level (1.0; a flip reads about 0.7): NaN in a second without a reading; empty (and
 *                                left out) where the run recorded none
 */
public record WarmupRun(
        String run,
        String target,
        SteadyState.Classification classification,
        double secondsToSteady,
        double warmupCostRequests,
        double steadyRequestsPerSecond,
        boolean steadyThroughMain,
        String why,
        List<Integer> seconds,
        List<Double> requestsPerSecond,
        List<Report.Segment> segments,
        List<Double> p99Millis,
        int mainStartSecond,
        @JsonInclude(JsonInclude.Include.NON_NULL) Levels.Alternation levels,
        @JsonInclude(JsonInclude.Include.NON_NULL) MeanInterval.Interval mainInterval,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Double> hostSpeed) {
    public WarmupRun {
        seconds = List.copyOf(seconds);
        requestsPerSecond = List.copyOf(requestsPerSecond);
        segments = List.copyOf(segments);
        p99Millis = List.copyOf(p99Millis);
        hostSpeed = List.copyOf(hostSpeed);
    }
}
