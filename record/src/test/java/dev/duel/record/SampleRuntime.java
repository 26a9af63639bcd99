package dev.duel.record;

import dev.duel.record.load.SecondResult;
import dev.duel.record.runtime.JfrWindow;
import dev.duel.record.runtime.Profile;
import dev.duel.record.runtime.RuntimeTimeline;
import dev.duel.record.runtime.ThreadCpuWindow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runtime timelines ({@link RuntimeTimeline}) for tests, shaped like a JVM warming up under load in one CPU: the
 * compilers busy early and quieter as requests/s rises to its steady rate, a young collection whenever the
 * allocations fill the young generation (Serial GC: the collection runs in the VM thread), and the application's
 * threads taking what is left. Deterministic: the same arguments give the same timeline, bit for bit ({@link
 * StrictMath}: {@link Math#exp} may differ in its last bit once compiled, and golden files would flicker). Stateless.
 *
 * @param c1PeakMillis         C1 compiler threads' CPU in the first second of load, milliseconds; falls with a time
 *                             constant of a third of {@code settleSeconds}
 * @param c2PeakMillis         C2 compiler threads' CPU in the first second of load, milliseconds; falls with a time
 *                             constant of {@code settleSeconds}
 * @param c2SteadyMillis       C2 CPU that never goes away (recompilations), milliseconds per second
 * @param settleSeconds        the compilers' time constant, seconds
 * @param busyMillis           all of the target's CPU in a loaded second, milliseconds (1,000 = one core)
 * @param bytesPerRequest      bytes allocated per correct response
 * @param youngBytes           bytes allocated between two young collections
 * @param pauseMillis          length of one young collection, milliseconds
 * @param deoptimizationsPerSecond deoptimizations per second once warm (ten times as many in the first seconds)
 */
public record SampleRuntime(
        double c1PeakMillis,
        double c2PeakMillis,
        double c2SteadyMillis,
        double settleSeconds,
        double busyMillis,
        double bytesPerRequest,
        double youngBytes,
        double pauseMillis,
        double deoptimizationsPerSecond) {

    /**
     * A timeline over the load's per-second series: one window per second from two seconds before the load (the
     * wait for the target) to the last second of {@code seconds}, windows and seconds on the same axis.
     *
     * @param profile {@link Profile#THREADS} (thread CPU only) or {@link Profile#JFR} (and a recording)
     * @param seconds the run's per-second load series: how many correct responses each second saw
     */
    public RuntimeTimeline timeline(Profile profile, List<SecondResult> seconds) {
        long peakOk = seconds.stream().mapToLong(SecondResult::ok).max().orElse(1);
        List<ThreadCpuWindow> threads = new ArrayList<>();
        List<JfrWindow> jfr = new ArrayList<>();
        double allocatedSoFar = 0;
        int last = seconds.isEmpty() ? 0 : seconds.get(seconds.size() - 1).second();
        for (int s = -2; s <= last; s++) {
            int second = s;
            long ok = s < 0
                    ? 0
                    : seconds.stream()
                            .filter(r -> r.second() == second)
                            .mapToLong(SecondResult::ok)
                            .sum();
            double t = Math.max(0, s);
            double c1 = s < 0 ? 0 : c1PeakMillis * StrictMath.exp(-t / (settleSeconds / 3));
            double c2 = s < 0 ? 0 : c2SteadyMillis + c2PeakMillis * StrictMath.exp(-t / settleSeconds);
            double allocated = bytesPerRequest * ok;
            long collections = (long) StrictMath.floor((allocatedSoFar + allocated) / youngBytes)
                    - (long) StrictMath.floor(allocatedSoFar / youngBytes);
            allocatedSoFar += allocated;
            double pauses = collections * pauseMillis;
            double vm = pauses + (s < 0 ? 0.5 : 2);
            double load = ok / (double) Math.max(1, peakOk);
            double other = Math.max(s < 0 ? 40 : 5, busyMillis * load - c1 - c2 - vm);
            threads.add(new ThreadCpuWindow(s, 1, round(c1), round(c2), 0, round(vm), round(other), 0));
            if (s >= 0) {
                Map<String, Long> compilations = new LinkedHashMap<>();
                compilations.put("1", Math.round(c1 / 4));
                compilations.put("3", Math.round(c1 / 0.6));
                compilations.put("4", Math.round(c2 / 6));
                Map<String, Double> compileMillis = new LinkedHashMap<>();
                compileMillis.put("1", round(c1 * 0.1));
                compileMillis.put("3", round(c1 * 0.9));
                compileMillis.put("4", round(c2));
                long deopts = Math.round(deoptimizationsPerSecond * (1 + 9 * StrictMath.exp(-t / settleSeconds)));
                jfr.add(new JfrWindow(
                        s,
                        1,
                        compilations,
                        compileMillis,
                        deopts,
                        collections,
                        round(pauses),
                        collections > 0 ? pauseMillis : 0,
                        collections + deopts,
                        round(pauses + 0.02 * deopts),
                        Math.round(allocated),
                        Math.round(300 * StrictMath.exp(-t / 4))));
            }
        }
        return new RuntimeTimeline(
                profile,
                threads,
                profile == Profile.JFR ? jfr : null,
                profile == Profile.JFR ? "runs/recording.jfr" : null,
                List.of());
    }

    /** The same shape, with the application allocating {@code factor} times as much per request. */
    public SampleRuntime allocating(double factor) {
        return new SampleRuntime(
                c1PeakMillis,
                c2PeakMillis,
                c2SteadyMillis,
                settleSeconds,
                busyMillis,
                bytesPerRequest * factor,
                youngBytes,
                pauseMillis,
                deoptimizationsPerSecond);
    }

    /** Three decimals: what a record written from real readings holds, and short in golden files. */
    private static double round(double value) {
        return Math.rint(value * 1000) / 1000;
    }
}
