package dev.duel.suite.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.Phase;
import dev.duel.record.RunRecord.NoiseWindow;
import dev.duel.suite.CpuMeter;
import dev.duel.suite.run.Services;
import dev.duel.targets.Limits;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The noise gate's windows from readings of a simulated two- or four-CPU machine. */
class NoiseWindowsTest {
    private static final long SECOND = 1_000_000_000L;

    /** Builds readings second by second: each step says what each CPU did and what duel's processes used. */
    private static final class Machine {
        private final long[][] cpus;
        private long now;
        private long self;
        private long target;
        private long services;
        final List<CpuMeter.Reading> readings = new ArrayList<>();

        Machine(int count) {
            cpus = new long[count][3];
            read();
        }

        /** {@code busy[i]} and {@code irq[i]} cores of CPU i for {@code nanos}; duel's processes as given. */
        Machine step(
                long nanos, double[] busy, double[] irq, double selfCores, double targetCores, double servicesCores) {
            for (int i = 0; i < cpus.length; i++) {
                cpus[i][0] += Math.round(busy[i] * nanos);
                cpus[i][1] += Math.round(irq[i] * nanos);
                cpus[i][2] += Math.round((1 - busy[i] - irq[i]) * nanos);
            }
            self += Math.round(selfCores * nanos);
            target += Math.round(targetCores * nanos);
            services += Math.round(servicesCores * nanos);
            now += nanos;
            return read();
        }

        private Machine read() {
            Map<Integer, CpuMeter.CpuTimes> times = new java.util.HashMap<>();
            for (int i = 0; i < cpus.length; i++) {
                times.put(i, new CpuMeter.CpuTimes(cpus[i][0], cpus[i][1], cpus[i][2]));
            }
            readings.add(new CpuMeter.Reading(
                    now, CpuMeter.CpuTimes.sum(times.values()), times, new CpuMeter.DuelCpu(self, target, services)));
            return this;
        }
    }

    private static double[] cores(double... values) {
        return values;
    }

    @Test
    void cpuListsReadAsTheKernelWritesThem() {
        assertEquals(Set.of(0, 1, 2, 5), dev.duel.record.CpuList.parse("0-2,5"));
        assertEquals(null, dev.duel.record.CpuList.parse(null));
    }

    /**
     * A duet's side: the meter counts both targets (0.5 cores each on CPU 0) as duel's; the side is judged on its own
     * CPU, read beside each reading. A busy loop taking a third of CPU 0 is outside CPU for both, and starves this side.
     */
    @Test
    void aDuetSideIsJudgedOnItsOwnCpuWhileBothTargetsAreDuels() {
        Machine m = new Machine(2);
        double[] none = cores(0, 0);
        m.step(SECOND, cores(1, 0.3), none, 0.3, 1.0, 0).step(SECOND, cores(1, 0.3), none, 0.3, 0.66, 0);
        long[] own = {0, SECOND / 2, SECOND / 2 + SECOND / 3};
        NoiseWindows judge = NoiseWindows.of(new Limits(0.5, "0", null), "1", 0.25);
        List<NoiseWindow> windows = judge.windows("json", Phase.MAIN, m.readings, own);
        assertEquals(0.5, windows.get(0).targetCores(), 1e-9, "its own half, not both targets' 1.0");
        assertEquals(0.0, windows.get(0).outsideCores(), 1e-9, "both targets are duel's");
        assertFalse(windows.get(0).disturbed());
        assertEquals(1.0 / 3, windows.get(1).targetCores(), 1e-9);
        assertEquals(0.34, windows.get(1).outsideCores(), 1e-9, "the loop's third");
        assertTrue(windows.get(1).interfered(), "a third of a CPU where it could use half");
        assertEquals(1.0, judge.windows("json", Phase.MAIN, m.readings).get(0).targetCores(), 1e-9, "the meter's");
    }

    @Test
    void eachWindowSaysItsPhaseAndAStartHasNone() {
        Machine m = new Machine(2);
        double[] none = cores(0, 0);
        m.step(SECOND, cores(1, 0.2), none, 0.2, 1, 0).step(SECOND, cores(1, 0.2), none, 0.2, 1, 0);
        NoiseWindows judge = NoiseWindows.of(new Limits(1.0, "0", null), "1", 0.25);
        List<NoiseWindow> warmup = judge.windows("json", Phase.WARMUP, m.readings);
        assertEquals(
                List.of(Phase.WARMUP, Phase.WARMUP),
                warmup.stream().map(NoiseWindow::phase).toList());
        assertEquals(
                List.of(0.0, 1.0),
                warmup.stream().map(NoiseWindow::startSeconds).toList());
        assertFalse(warmup.get(0).start());
        NoiseWindow start = judge.window("boot", null, 0, m.readings.get(0), m.readings.get(1));
        assertTrue(start.start());
        assertEquals(null, start.phase());
    }

    @Test
    void aPieceUnderHalfASecondJoinsTheWindowBeforeIt() {
        Machine m = new Machine(2);
        double[] none = cores(0, 0);
        m.step(SECOND, cores(1, 0.2), none, 0.2, 1, 0)
                .step(SECOND, cores(1, 0.2), none, 0.2, 1, 0)
                .step(300_000_000L, cores(1, 0.2), none, 0.2, 1, 0);
        NoiseWindows judge = NoiseWindows.of(new Limits(1.0, "0", null), "1", 0.25);
        List<NoiseWindow> windows = judge.windows("json", Phase.MAIN, m.readings);
        assertEquals(2, windows.size());
        assertEquals(1.0, windows.get(0).seconds(), 1e-9);
        assertEquals(1.3, windows.get(1).seconds(), 1e-9);
        assertEquals(1.0, windows.get(1).startSeconds(), 1e-9);
        assertEquals(0, windows.get(1).outsideCores(), 1e-9);
        assertFalse(windows.get(1).interfered(), "the target used all of its one core");
        Machine shortOnly = new Machine(2).step(300_000_000L, cores(1, 0.2), none, 0.2, 1, 0);
        assertEquals(
                0.3,
                judge.windows("json", Phase.MAIN, shortOnly.readings).get(0).seconds(),
                1e-9,
                "alone, it stays");
    }

    @Test
    void noiseOnACpuNeitherSideIsPinnedToDoesNotCount() {
        // Four CPUs: the target on 0, the generator on 1, a busy process on 3.
        Machine m = new Machine(4).step(SECOND, cores(1, 0.3, 0, 1), cores(0, 0, 0, 0), 0.3, 1, 0);
        NoiseWindow pinned = NoiseWindows.of(new Limits(1.0, "0", null), "1", 0.25)
                .window("json", Phase.MAIN, 0, m.readings.get(0), m.readings.get(1));
        assertEquals(0, pinned.outsideCores(), 1e-9);
        assertFalse(pinned.noisy());
        NoiseWindow unpinned = NoiseWindows.of(new Limits(1.0, null, null), null, 0.25)
                .window("json", Phase.MAIN, 0, m.readings.get(0), m.readings.get(1));
        assertEquals(1, unpinned.outsideCores(), 1e-9, "unpinned, every CPU matters");
        assertTrue(unpinned.noisy());
    }

    @Test
    void aTargetUnderItsQuotaOnIdleCpusIsNotInterfered() {
        // Quota 1.0 over CPUs 0-1; it used 0.6 and the CPUs had room: it did not want more.
        Machine m = new Machine(2).step(SECOND, cores(0.5, 0.4), cores(0, 0), 0.3, 0.6, 0);
        NoiseWindow w = NoiseWindows.of(new Limits(1.0, "0-1", null), "0-1", 0.25)
                .window("json", Phase.MAIN, 0, m.readings.get(0), m.readings.get(1));
        assertFalse(w.interfered());
        assertEquals(1.1, w.targetIdleCores(), 1e-9);
    }

    @Test
    void anUnpinnedTargetOnABusyMachineIsJudgedByTheBoundNotAsInterfered() {
        // A light target (0.05 cores) on a machine that others keep busy: it has no CPUs of its own that were taken.
        Machine m = new Machine(2).step(SECOND, cores(1, 1), cores(0, 0), 0.1, 0.05, 0);
        NoiseWindow w = NoiseWindows.of(new Limits(1.0, null, null), null, 4.0)
                .window("json", Phase.MAIN, 0, m.readings.get(0), m.readings.get(1));
        assertFalse(w.interfered());
        assertFalse(w.noisy(), "1.85 cores outside is under a bound of 4");
        assertEquals(1.85, w.outsideCores(), 1e-9);
        NoiseWindow strict = NoiseWindows.of(new Limits(1.0, null, null), null, 0.25)
                .window("json", Phase.MAIN, 0, m.readings.get(0), m.readings.get(1));
        assertTrue(strict.noisy());
    }

    @Test
    void theLoadGeneratorAndServicesOnTheTargetsCpuAreDuelsNotInterference() {
        // Target and generator share CPU 0 (a suite that pins both there); a service runs there too.
        Machine m = new Machine(2).step(SECOND, cores(1, 0), cores(0, 0), 0.3, 0.5, 0.2);
        NoiseWindow w = NoiseWindows.of(new Limits(1.0, "0", null), "0", 0.25)
                .window("json", Phase.MAIN, 0, m.readings.get(0), m.readings.get(1));
        assertEquals(0.5, w.targetAvailableCores(), 1e-9, "one core less the generator's 0.3 and the service's 0.2");
        assertFalse(w.interfered());
        assertEquals(0, w.outsideCores(), 1e-9);
        // The same CPU, but 0.3 of it taken by a process that is not duel's.
        Machine other = new Machine(2).step(SECOND, cores(1, 0.3), cores(0, 0), 0.3, 0.5, 0.2);
        NoiseWindow stolen = NoiseWindows.of(new Limits(1.0, "0", null), "1", 0.25)
                .window("json", Phase.MAIN, 0, other.readings.get(0), other.readings.get(1));
        assertEquals(
                0.8,
                stolen.targetAvailableCores(),
                1e-9,
                "a service that may run anywhere (a 2-CPU machine leaves it no CPU of its own) is taken off");
        assertTrue(stolen.interfered(), "0.5 of 0.8 cores while the CPU was busy");
        assertEquals(0.3, stolen.outsideCores(), 1e-9);
    }

    @Test
    void aServiceKeptOffTheJudgedCpusHidesNothingThere() {
        // Four CPUs: the target on 0, the generator on 1, PostgreSQL floating over 2-3 using a whole core,
        // and a busy loop on CPU 0 that takes half of it from the target.
        Machine m = new Machine(4).step(SECOND, cores(1, 0.3, 0.5, 0.5), cores(0, 0, 0, 0), 0.3, 0.5, 1.0);
        NoiseWindow w = NoiseWindows.of(new Limits(1.0, "0", null), "1", Set.of(2, 3), 0.25)
                .window("json", Phase.MAIN, 0, m.readings.get(0), m.readings.get(1));
        assertEquals(0.5, w.outsideCores(), 1e-9, "the busy loop's half core, the service's core not taken off");
        assertTrue(w.noisy());
        assertEquals(1.0, w.targetAvailableCores(), 1e-9);
        assertTrue(w.interfered(), "0.5 of 1 core while CPU 0 was busy");
        // The same machine with the service allowed on the target's CPU: its core may have been there.
        NoiseWindow anywhere = NoiseWindows.of(new Limits(1.0, "0", null), "1", Set.of(0, 1, 2, 3), 0.25)
                .window("json", Phase.MAIN, 0, m.readings.get(0), m.readings.get(1));
        assertFalse(anywhere.noisy());
        assertFalse(anywhere.interfered());
    }

    @Test
    void servicesFloatOverTheCpusNoSideIsPinnedToWhenThereAreAny() {
        assertEquals("2-3", Services.spareCpus("0-3", java.util.Arrays.asList("0", "1")));
        assertEquals("0,3-5", Services.spareCpus("0-5", java.util.Arrays.asList("1-2", null)));
        assertEquals(null, Services.spareCpus("0-1", List.of("0", "1")), "a 2-CPU machine leaves none: every CPU");
        assertEquals(null, Services.spareCpus("0-3", java.util.Arrays.asList(null, null)), "nothing pinned");
        assertEquals(null, Services.spareCpus(null, List.of("0")));
    }
}
