package dev.duel.suite.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.Phase;
import dev.duel.record.RunRecord.NoiseWindow;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A duet's noise gate: two sides at 0.5 CPU each on one CPU. What starves both alike (a busy loop on their CPU)
 * cancels; what starves one side counts against that side only; the machine's outside CPU alone counts against
 * neither.
 */
class DuetNoiseTest {
    /** A second of main: the side used {@code cores} of the 0.5 it could, {@code outside} cores busy outside duel. */
    private static NoiseWindow second(int at, double cores, double outside) {
        boolean busy = true;
        boolean interfered = busy && cores < NoiseWindows.STARVED_SHARE * 0.5;
        return new NoiseWindow(
                "json", false, Phase.MAIN, at, 1.0, outside, 0.0, cores, 0.0, 0.5, outside > 0.25, interfered);
    }

    private static List<NoiseWindow> side(double[] cores, double[] outside) {
        List<NoiseWindow> windows = new ArrayList<>();
        for (int i = 0; i < cores.length; i++) {
            windows.add(second(i, cores[i], outside[i]));
        }
        return windows;
    }

    @Test
    void aBusyLoopThatStarvesBothAlikeCancels() {
        // Seconds 2-6: a busy loop on the CPU takes a third of it; each side gets 0.33 of its 0.5.
        double[] cores = {0.5, 0.5, 0.33, 0.34, 0.33, 0.33, 0.34, 0.5};
        double[] outside = {0, 0, 0.33, 0.33, 0.33, 0.33, 0.33, 0};
        List<NoiseWindow> a = side(cores, outside);
        List<NoiseWindow> b = side(cores, outside);
        assertTrue(a.get(3).disturbed(), "alone, a disturbed second");
        List<List<NoiseWindow>> judged = DuetNoise.judge(a, b);
        assertTrue(
                judged.get(0).stream().noneMatch(NoiseWindow::disturbed),
                judged.get(0).toString());
        assertTrue(
                judged.get(1).stream().noneMatch(NoiseWindow::disturbed),
                judged.get(1).toString());
        assertEquals(0.33, judged.get(0).get(3).outsideCores(), 1e-12, "what was seen is kept");
        assertEquals(RunVerdict.noise(judged.get(0), dev.duel.suite.Suite.Gates.DEFAULT), null, "the run is kept");
    }

    @Test
    void whatStarvesOneSideCountsAgainstThatSide() {
        double[] full = {0.5, 0.5, 0.5, 0.5, 0.5, 0.5};
        double[] starved = {0.5, 0.2, 0.2, 0.2, 0.2, 0.5};
        double[] none = new double[6];
        List<List<NoiseWindow>> judged = DuetNoise.judge(side(full, none), side(starved, none));
        assertTrue(judged.get(0).stream().noneMatch(NoiseWindow::disturbed), "the side that got its CPU");
        assertEquals(
                List.of(false, true, true, true, true, false),
                judged.get(1).stream().map(NoiseWindow::interfered).toList(),
                "the starved side's seconds");
        String reason = RunVerdict.noise(judged.get(1), dev.duel.suite.Suite.Gates.DEFAULT);
        assertTrue(reason != null && reason.startsWith("noise: disturbed for 4.0 s of the 6.0 s judged"), reason);
    }

    @Test
    void bothStarvedButUnequallyIsOneSided() {
        NoiseWindow a = second(0, 0.40, 0.2);
        NoiseWindow b = second(0, 0.30, 0.2);
        assertTrue(a.interfered() && b.interfered());
        assertTrue(DuetNoise.oneSided(a, b), "0.40 against 0.30: 25% apart");
        assertFalse(DuetNoise.oneSided(second(0, 0.40, 0.2), second(0, 0.38, 0.2)), "5% apart");
        List<List<NoiseWindow>> judged = DuetNoise.judge(List.of(a), List.of(b));
        assertFalse(judged.get(0).get(0).disturbed());
        assertTrue(judged.get(1).get(0).interfered(), "against the side that got less");
    }

    @Test
    void outsideCpuThatStarvesNeitherCountsAgainstNeither() {
        // A burst on the load generator's CPU: the targets got their CPU; alone, the noisy bound would count it.
        double[] cores = {0.5, 0.5, 0.5};
        double[] outside = {0.0, 0.8, 0.0};
        List<List<NoiseWindow>> judged = DuetNoise.judge(side(cores, outside), side(cores, outside));
        assertTrue(judged.stream().flatMap(List::stream).noneMatch(NoiseWindow::disturbed));
    }

    @Test
    void aWindowWithoutAPartnerKeepsItsOwnJudgement() {
        List<NoiseWindow> a = side(new double[] {0.5, 0.5, 0.2}, new double[] {0, 0, 0.5});
        List<NoiseWindow> b = side(new double[] {0.5, 0.5}, new double[] {0, 0});
        List<List<NoiseWindow>> judged = DuetNoise.judge(a, b);
        assertEquals(a.get(2), judged.get(0).get(2));
    }
}
