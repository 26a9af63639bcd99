package dev.duel.suite.gate;

import dev.duel.record.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * How the two sides of a duet's attempt judge each other: the pair is one measurement. Pure; immutable lists in and
 * out, each of two elements in the order of the duet's plans.
 */
public final class DuetVerdicts {

    private DuetVerdicts() {}

    /**
     * A side discarded for noise discards its partner's ok run too, so that both are measured again together; a failed
     * side leaves its partner's verdict standing (the partner measured cleanly).
     *
     * @param verdicts  each side's own verdict
     * @param fileStems each side's run file stem ("003-jdk25"), named in the partner's reason
     */
    public static List<RunVerdict> paired(List<RunVerdict> verdicts, List<String> fileStems) {
        List<RunVerdict> paired = new ArrayList<>(verdicts);
        for (int i = 0; i < 2; i++) {
            if (verdicts.get(i).status() == Status.DISCARDED
                    && verdicts.get(1 - i).status() == Status.OK) {
                paired.set(
                        1 - i,
                        new RunVerdict(
                                Status.DISCARDED,
                                "its duet partner " + fileStems.get(i) + " was discarded ("
                                        + verdicts.get(i).reason() + "): the pair is measured again"));
            }
        }
        return List.copyOf(paired);
    }

    /**
     * Side {@code failedSide} failed to start or to be reached: neither side has a measurement, the partner's reason
     * naming the side that failed.
     */
    public static List<RunVerdict> failed(int failedSide, String message, List<String> fileStems) {
        List<RunVerdict> failed = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            failed.add(RunVerdict.failed(
                    i == failedSide
                            ? message
                            : "its duet partner " + fileStems.get(failedSide) + " failed: " + message));
        }
        return List.copyOf(failed);
    }
}
