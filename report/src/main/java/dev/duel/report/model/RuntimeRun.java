package dev.duel.report.model;

import java.util.List;

/**
 * One run's timeline as its chart shows it, every x in seconds since the scenario's load began.
 *
 * @param run                     the run's number as in the records ("003")
 * @param chosen                  why this run: "median time to steady state of 6 steady runs"
 * @param steadyStartSecond       where its steady state began, seconds since the load began; -1 with none
 * @param seconds                 the load's seconds (gap included: no load was offered there)
 * @param requestsPerSecond       correct responses in each of those seconds
 * @param windowStartSeconds      where each thread CPU window began
 * @param c1CpuMillisPerSecond    C1 compiler threads' CPU in each window over its length, milliseconds per second
 * @param c2CpuMillisPerSecond    C2 compiler threads' CPU, milliseconds per second
 * @param gcCpuMillisPerSecond    GC threads' and the VM thread's CPU, milliseconds per second
 * @param jfrStartSeconds         where each JFR window began; empty without a recording
 * @param gcPauseMillisPerSecond  GC pause time in each JFR window over its length, milliseconds per second
 */
public record RuntimeRun(
        String run,
        String target,
        String chosen,
        int steadyStartSecond,
        List<Integer> seconds,
        List<Double> requestsPerSecond,
        List<Double> windowStartSeconds,
        List<Double> c1CpuMillisPerSecond,
        List<Double> c2CpuMillisPerSecond,
        List<Double> gcCpuMillisPerSecond,
        List<Double> jfrStartSeconds,
        List<Double> gcPauseMillisPerSecond) {
    public RuntimeRun {
        seconds = List.copyOf(seconds);
        requestsPerSecond = List.copyOf(requestsPerSecond);
        windowStartSeconds = List.copyOf(windowStartSeconds);
        c1CpuMillisPerSecond = List.copyOf(c1CpuMillisPerSecond);
        c2CpuMillisPerSecond = List.copyOf(c2CpuMillisPerSecond);
        gcCpuMillisPerSecond = List.copyOf(gcCpuMillisPerSecond);
        jfrStartSeconds = List.copyOf(jfrStartSeconds);
        gcPauseMillisPerSecond = List.copyOf(gcPauseMillisPerSecond);
    }
}
