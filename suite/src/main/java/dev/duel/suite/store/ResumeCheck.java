package dev.duel.suite.store;

import dev.duel.suite.SuiteException;
import java.io.IOException;
import java.util.List;

/**
 * Whether a results folder may take more runs: its runs must have been measured with the same jars,
 * JDK builds and duel as the runs about to be made ({@link RunInputs}), or a resume would mix them in
 * one comparison. {@code --resume-anyway} lets a resume cross a change, and the changes then go into
 * every later record ({@code resumedAcross}) and the report. Reads only. Thread-safe.
 */
public final class ResumeCheck {
    private ResumeCheck() {}

    /**
     * @param anyway true with {@code --resume-anyway}
     * @return the changes the resume crosses, one sentence each; empty for a new folder or when nothing changed
     * @throws SuiteException something changed and {@code anyway} is false: names each change and the fixes
     */
    public static List<String> check(ResultStore store, RunInputs now, boolean anyway) throws SuiteException {
        List<String> changes;
        try {
            RunInputs earlier = store.inputs();
            if (earlier != null) {
                changes = now.changesSince(earlier);
            } else if (store.hasRuns()) {
                changes = List.of("its runs were measured by a duel that did not record its inputs (jar digests, JDK"
                        + " builds), so a change since cannot be ruled out");
            } else {
                changes = List.of();
            }
        } catch (IOException e) {
            throw new SuiteException(
                    "cannot read what " + store.directory() + "'s runs were measured with: " + e.getMessage(), e);
        }
        if (!changes.isEmpty() && !anyway) {
            throw new SuiteException(store.directory() + " holds runs measured with other inputs than now: "
                    + String.join("; ", changes)
                    + ". Resuming would compare runs of different builds as one. Restore what changed, give --results"
                    + " a new folder (or remove this one) to start over, or pass --resume-anyway to go on knowingly"
                    + " (every later record and the report will say what changed)");
        }
        return changes;
    }
}
