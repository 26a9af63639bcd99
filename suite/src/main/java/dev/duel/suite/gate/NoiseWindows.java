package dev.duel.suite.gate;

import dev.duel.record.CpuList;
import dev.duel.record.Phase;
import dev.duel.record.RunRecord.NoiseWindow;
import dev.duel.suite.CpuMeter;
import dev.duel.targets.Limits;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns CPU readings taken through a warm-up or a main phase (each second) or around a start of the target into
 * the windows the noise gate judges ({@link RunVerdict#ofRun}), each with what was seen on the
 * CPUs that matter: those the target and the load generator are pinned to. A window is
 * <em>noisy</em> when more CPU than the quiet bound was busy there outside duel, and
 * <em>interfered</em> when the CPUs the target is pinned to were busy while the target used clearly
 * less than it could: something else took its CPU, however little the machine as a whole was
 * disturbed (an unpinned target has no CPUs of its own, and only the bound judges it). The services'
 * CPU is taken off only where their mask lets them run: a database kept off the judged CPUs hides
 * nothing there (on a 2-CPU machine with both sides pinned no CPU is left for it, and it is taken
 * off as before). Pure:
 * no I/O, no clock; immutable.
 */
public final class NoiseWindows {
    /** The target's CPUs count as busy when their idle time is under this share of them. */
    static final double BUSY_IDLE_SHARE = 0.05;
    /** Busy CPUs and the target under this share of what it could use: interference. */
    static final double STARVED_SHARE = 0.90;
    /** A piece shorter than this joins the window before it: /proc/stat counts in 10 ms ticks per CPU. */
    static final long SHORTEST_WINDOW_NANOS = 500_000_000L;

    private final Set<Integer> targetCpus;
    private final Double targetQuotaCores;
    private final Set<Integer> loadgenCpus;
    private final Set<Integer> servicesCpus;
    private final double maxOutsideCores;

    /**
     * @param targetCpus       the CPUs the target may run on, or null when it is not pinned (all of them)
     * @param targetQuotaCores its CPU quota in cores, or null without one
     * @param loadgenCpus      the CPUs the load generator is pinned to, or null when it is not pinned
     * @param servicesCpus     the CPUs the services' processes may run on (empty without any), or null when they
     *                         may run on any
     * @param maxOutsideCores  the quiet bound: more outside CPU than this on the judged CPUs is noise
     */
    NoiseWindows(
            Set<Integer> targetCpus,
            Double targetQuotaCores,
            Set<Integer> loadgenCpus,
            Set<Integer> servicesCpus,
            double maxOutsideCores) {
        this.targetCpus = targetCpus == null ? null : Collections.unmodifiableSet(new TreeSet<>(targetCpus));
        this.targetQuotaCores = targetQuotaCores;
        this.loadgenCpus = loadgenCpus == null ? null : Collections.unmodifiableSet(new TreeSet<>(loadgenCpus));
        this.servicesCpus = servicesCpus == null ? null : Collections.unmodifiableSet(new TreeSet<>(servicesCpus));
        this.maxOutsideCores = maxOutsideCores;
    }

    /**
     * The judge for a target under {@code limits}, the load generator pinned to {@code loadgenCpuset} (or null),
     * services that may run anywhere.
     */
    public static NoiseWindows of(Limits limits, String loadgenCpuset, double maxOutsideCores) {
        return of(limits, loadgenCpuset, null, maxOutsideCores);
    }

    /** As {@link #of(Limits, String, double)}, the services on {@code servicesCpus} (null: anywhere). */
    public static NoiseWindows of(
            Limits limits, String loadgenCpuset, Set<Integer> servicesCpus, double maxOutsideCores) {
        return new NoiseWindows(
                CpuList.parse(limits.cpuset()),
                limits.cpus(),
                CpuList.parse(loadgenCpuset),
                servicesCpus,
                maxOutsideCores);
    }

    /**
     * The windows between consecutive readings, in order; a piece under half a second joins the
     * window before it (or stays alone when it is all there is).
     *
     * @param phase    the phase the readings were taken through ({@link Phase#WARMUP} or {@link Phase#MAIN}); each
     *                 window's {@code startSeconds} counts from the first reading, the phase's start
     * @param readings time-ordered readings, the first at the start of what is judged
     */
    public List<NoiseWindow> windows(String scenario, Phase phase, List<CpuMeter.Reading> readings) {
        return windows(scenario, phase, readings, null);
    }

    /**
     * As above, with the target's own CPU read beside each reading ({@code ownTargetNanos[i]} beside
     * {@code readings[i]}), for a duet: the meter's target CPU is both sides' together, and each side is judged on
     * its own. Null: the meter's.
     */
    public List<NoiseWindow> windows(
            String scenario, Phase phase, List<CpuMeter.Reading> readings, long[] ownTargetNanos) {
        List<Integer> edges = new ArrayList<>();
        for (int i = 0; i < readings.size(); i++) {
            CpuMeter.Reading reading = readings.get(i);
            if (edges.isEmpty()) {
                edges.add(i);
                continue;
            }
            boolean last = i == readings.size() - 1;
            long sinceEdge = reading.atNanos()
                    - readings.get(edges.get(edges.size() - 1)).atNanos();
            if (sinceEdge >= SHORTEST_WINDOW_NANOS) {
                edges.add(i);
            } else if (last && sinceEdge > 0) {
                if (edges.size() > 1) {
                    edges.set(edges.size() - 1, i);
                } else {
                    edges.add(i);
                }
            }
        }
        List<NoiseWindow> windows = new ArrayList<>();
        CpuMeter.Reading first = edges.isEmpty() ? null : readings.get(edges.get(0));
        for (int k = 0; k + 1 < edges.size(); k++) {
            CpuMeter.Reading from = readings.get(edges.get(k));
            CpuMeter.Reading to = readings.get(edges.get(k + 1));
            double offset = (from.atNanos() - first.atNanos()) / 1e9;
            double ownCores = ownTargetNanos == null
                    ? Double.NaN
                    : (ownTargetNanos[edges.get(k + 1)] - ownTargetNanos[edges.get(k)])
                            / (double) (to.atNanos() - from.atNanos());
            windows.add(window(scenario, phase, offset, from, to, ownCores));
        }
        return windows;
    }

    /**
     * What was seen between two readings; {@code startSeconds} says where the window lies.
     *
     * @param phase the phase of a second of load ({@link Phase#WARMUP}, {@link Phase#MAIN}), or null for a start of
     *              the target (spawn to ready), as the record keeps it
     */
    public NoiseWindow window(
            String scenario, Phase phase, double startSeconds, CpuMeter.Reading from, CpuMeter.Reading to) {
        return window(scenario, phase, startSeconds, from, to, Double.NaN);
    }

    /** As above; {@code ownTargetCores} the target's own CPU in the window, or NaN to take the meter's. */
    private NoiseWindow window(
            String scenario,
            Phase phase,
            double startSeconds,
            CpuMeter.Reading from,
            CpuMeter.Reading to,
            double ownTargetCores) {
        double wall = to.atNanos() - from.atNanos();
        double seconds = wall / 1e9;
        CpuMeter.DuelCpu duelFrom = from.duel();
        CpuMeter.DuelCpu duelTo = to.duel();
        double selfCores = (duelTo.selfNanos() - duelFrom.selfNanos()) / wall;
        // Every target duel runs now is duel's, not noise: a duet's two together. Each is judged on its own CPU.
        double allTargetsCores = (duelTo.targetNanos() - duelFrom.targetNanos()) / wall;
        double targetCores = Double.isNaN(ownTargetCores) ? allTargetsCores : ownTargetCores;
        double servicesCores = (duelTo.servicesNanos() - duelFrom.servicesNanos()) / wall;

        // Noise on the CPUs that matter (all of them when a side is not pinned). The generator and the
        // target run there; the services' CPU is taken off when they may run there too, wherever it ran:
        // a lower bound of what others used there.
        Set<Integer> judged = targetCpus == null || loadgenCpus == null ? null : union(targetCpus, loadgenCpus);
        CpuMeter.CpuTimes judgedUsed = used(from, to, judged);
        double outside = 0;
        double irq = 0;
        if (judgedUsed.known()) {
            double servicesThere = mayRunOn(servicesCpus, judged) ? servicesCores : 0;
            outside = Math.max(0, judgedUsed.busyNanos() / wall - selfCores - allTargetsCores - servicesThere);
            irq = judgedUsed.irqNanos() / wall;
        }

        // Interference on the target's own CPUs: busy, and the target well under what it could use.
        CpuMeter.CpuTimes targetUsed = used(from, to, targetCpus);
        double idle = Double.NaN;
        double available = Double.NaN;
        boolean interfered = false;
        if (targetUsed.known()) {
            double capacity = (targetUsed.busyNanos() + targetUsed.irqNanos() + targetUsed.idleNanos()) / wall;
            idle = targetUsed.idleNanos() / wall;
            double limit = targetQuotaCores == null ? capacity : Math.min(targetQuotaCores, capacity);
            // duel's other processes that may run on the target's CPUs take from it too, as does
            // interrupt work (mostly the benchmark's own packets): neither is interference.
            boolean loadgenThere = loadgenCpus == null || targetCpus == null || overlap(loadgenCpus, targetCpus);
            double duelThere =
                    (mayRunOn(servicesCpus, targetCpus) ? servicesCores : 0) + (loadgenThere ? selfCores : 0);
            available = Math.max(0, Math.min(limit, capacity - targetUsed.irqNanos() / wall - duelThere));
            boolean busy = idle < BUSY_IDLE_SHARE * capacity;
            // Only CPUs given to the target are its own: an unpinned target shares the whole machine, where
            // busy CPUs say nothing of who wanted them, and the bound on outside CPU judges the machine.
            interfered = targetCpus != null && busy && targetCores < STARVED_SHARE * available;
        }
        return new NoiseWindow(
                scenario,
                phase == null,
                phase,
                startSeconds,
                seconds,
                outside,
                irq,
                targetCores,
                Double.isNaN(idle) ? -1 : idle,
                Double.isNaN(available) ? -1 : available,
                outside > maxOutsideCores,
                interfered);
    }

    private static CpuMeter.CpuTimes used(CpuMeter.Reading from, CpuMeter.Reading to, Set<Integer> cpus) {
        CpuMeter.CpuTimes a = from.on(cpus);
        CpuMeter.CpuTimes b = to.on(cpus);
        if (!a.known() || !b.known()) {
            return CpuMeter.CpuTimes.UNKNOWN;
        }
        return new CpuMeter.CpuTimes(
                b.busyNanos() - a.busyNanos(), b.irqNanos() - a.irqNanos(), b.idleNanos() - a.idleNanos());
    }

    /** Whether processes allowed on {@code allowed} (null: any CPU) may run on {@code cpus} (null: every CPU). */
    private static boolean mayRunOn(Set<Integer> allowed, Set<Integer> cpus) {
        return allowed == null || (cpus == null ? !allowed.isEmpty() : overlap(allowed, cpus));
    }

    private static Set<Integer> union(Set<Integer> a, Set<Integer> b) {
        Set<Integer> all = new TreeSet<>(a);
        all.addAll(b);
        return all;
    }

    private static boolean overlap(Set<Integer> a, Set<Integer> b) {
        return a.stream().anyMatch(b::contains);
    }
}
