package dev.duel.suite.gate;

import dev.duel.record.Phase;
import dev.duel.record.RunRecord.NoiseWindow;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The noise gate of a duet: what takes CPU from both sides alike cancels in their per-second ratio, so only what falls
 * on one side counts. Each side's windows are first judged as a run made alone would be ({@link NoiseWindows}, with
 * the side's own CPU); then, window by window, a disturbance is one-sided when one side was starved (its CPUs busy
 * while it used under {@link NoiseWindows#STARVED_SHARE} of what it could) and the other not, or both were and their
 * CPU is more than {@link #APART_SHARE} apart. A one-sided window counts against the starved side (the one that got
 * the smaller share of what it could use), as interference; every other window counts against neither, however busy
 * the machine was outside duel (its outside CPU is kept in the record). The discard rule is then the usual one
 * ({@link RunVerdict#ofRun}), and a side discarded takes its partner with it. Pure; stateless.
 */
public final class DuetNoise {
    /** Two starved sides whose CPU differs by more than this share of the larger got unequal shares: one-sided. */
    public static final double APART_SHARE = 0.10;

    private DuetNoise() {}

    /**
     * Both sides' windows judged as a duet. The windows of each phase are paired in order (both sides' readings are
     * taken at the same seconds of one time axis); a window without a partner (one side's phase a second longer) is
     * judged as the side's own.
     *
     * @return the two sides' windows, each list in its order, with {@code noisy} and {@code interfered} as the duet
     *         judges them
     */
    public static List<List<NoiseWindow>> judge(List<NoiseWindow> first, List<NoiseWindow> second) {
        List<NoiseWindow> a = new ArrayList<>(first);
        List<NoiseWindow> b = new ArrayList<>(second);
        for (String scenario : scenarios(first, second)) {
            for (Phase phase : new Phase[] {null, Phase.WARMUP, Phase.MAIN}) {
                List<Integer> ia = indices(first, scenario, phase);
                List<Integer> ib = indices(second, scenario, phase);
                for (int k = 0; k < Math.min(ia.size(), ib.size()); k++) {
                    NoiseWindow wa = first.get(ia.get(k));
                    NoiseWindow wb = second.get(ib.get(k));
                    boolean oneSided = oneSided(wa, wb);
                    boolean aStarved = share(wa) <= share(wb);
                    a.set(ia.get(k), flagged(wa, oneSided && aStarved));
                    b.set(ib.get(k), flagged(wb, oneSided && !aStarved));
                }
            }
        }
        return List.of(a, b);
    }

    /** Whether what the two windows saw fell on one side only. */
    static boolean oneSided(NoiseWindow a, NoiseWindow b) {
        if (a.interfered() != b.interfered()) {
            return true;
        }
        if (!a.interfered()) {
            return false;
        }
        double larger = Math.max(a.targetCores(), b.targetCores());
        return larger > 0 && Math.abs(a.targetCores() - b.targetCores()) > APART_SHARE * larger;
    }

    /** The share of what it could use that the side used in the window; 1 when that is not known. */
    private static double share(NoiseWindow window) {
        return window.targetAvailableCores() > 0 ? window.targetCores() / window.targetAvailableCores() : 1;
    }

    private static NoiseWindow flagged(NoiseWindow w, boolean interfered) {
        return new NoiseWindow(
                w.scenario(),
                w.start(),
                w.phase(),
                w.startSeconds(),
                w.seconds(),
                w.outsideCores(),
                w.irqCores(),
                w.targetCores(),
                w.targetIdleCores(),
                w.targetAvailableCores(),
                false,
                interfered);
    }

    private static List<String> scenarios(List<NoiseWindow> a, List<NoiseWindow> b) {
        List<String> names = new ArrayList<>();
        for (List<NoiseWindow> side : List.of(a, b)) {
            side.stream()
                    .map(NoiseWindow::scenario)
                    .filter(s -> !names.contains(s))
                    .forEach(names::add);
        }
        return names;
    }

    private static List<Integer> indices(List<NoiseWindow> windows, String scenario, Phase phase) {
        List<Integer> indices = new ArrayList<>();
        for (int i = 0; i < windows.size(); i++) {
            NoiseWindow w = windows.get(i);
            if (w.scenario().equals(scenario) && Objects.equals(w.phase(), phase)) {
                indices.add(i);
            }
        }
        return indices;
    }
}
