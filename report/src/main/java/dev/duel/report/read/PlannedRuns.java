package dev.duel.report.read;

import dev.duel.record.ScenarioKind;
import dev.duel.record.Status;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What became of every run that planned a scenario, from the records alone, so that a report can account for each
 * one: the runs a value came from, and every other with its reason. A run of a plan is its last attempt (an attempt
 * discarded for noise and then repeated is not a run lost). Its place in the plan is its index in its session:
 * folders that share a record hold one session (a copy, or a copy that went on after it was taken), whichever of them
 * holds each attempt; two sessions of one suite share no record ({@link RunIdentity}). Which of a run's values are
 * missing, and why, is the run's scenario's to say ({@link RunData.ScenarioData#missing}). Immutable.
 */
public final class PlannedRuns {
    /** What became of one run that planned a scenario: exactly one of these. */
    public enum Outcome {
        /** The run is ok and its record holds the scenario's result: its values feed the statistics. */
        MEASURED("measured"),
        /** The run failed, in this scenario or another; its result is there when it got as far as measuring it. */
        FAILED("failed"),
        /** The load generator, not the target, was the limit. */
        INVALID("invalid"),
        /** Still discarded for noise after its last attempt: no clean repeat. */
        DISCARDED("discarded without a clean repeat"),
        /** An ok run whose record lists the scenario but holds no result for it. */
        NO_RESULT("no result recorded");

        private final String label;

        Outcome(String label) {
            this.label = label;
        }

        /** In words, as a report counts it: "1 failed", "1 discarded without a clean repeat". */
        public String label() {
            return label;
        }
    }

    /**
     * One run that planned a scenario, and what became of it.
     *
     * @param run      the run's last attempt
     * @param scenario the scenario it planned; {@link ScenarioKind#STARTUP_SECTION} for the start every run makes
     * @param outcome  what became of it
     * @param reason   why it gave no result, in words: the record's reason for a run that failed, was invalid or stayed
     *                 discarded, what is missing for {@link Outcome#NO_RESULT}; "" for a measured run
     */
    public record Planned(RunData run, String scenario, Outcome outcome, String reason) {
        /** The scenario's result in the run, or null when the record has none (a run that failed before it). */
        public RunData.ScenarioData data() {
            return scenario.equals(ScenarioKind.STARTUP_SECTION) ? null : run.scenario(scenario);
        }
    }

    private final List<RunData> lastAttempts;
    private final Map<String, String> session;

    public PlannedRuns(ResultsReader.Results results) {
        this.session = sessions(results.duplicates());
        Map<String, RunData> last = new LinkedHashMap<>();
        for (RunData run : results.runs()) {
            String place = String.format(Locale.ROOT, "%s#%d", session(run), run.index());
            last.merge(place, run, (x, y) -> y.attempt() >= x.attempt() ? y : x);
        }
        this.lastAttempts = List.copyOf(last.values());
    }

    /**
     * The session a run belongs to, as a key: the first folder of the folders that share records with its own, and its
     * suite. Runs of one session share one plan: their indices and repetitions mean the same.
     */
    public String session(RunData run) {
        return session.getOrDefault(run.source(), run.source()) + "#"
                + run.record().suite();
    }

    /** The last attempt of each run of the plans, in the order the runs were read. */
    public List<RunData> lastAttempts() {
        return lastAttempts;
    }

    /**
     * Every run of {@code target} that planned {@code scenario} (listed it, or measured it), or for the start-up
     * section every run of the target (each starts its target), with what became of it, in the order read.
     */
    public List<Planned> of(String target, String scenario) {
        List<Planned> planned = new ArrayList<>();
        boolean start = scenario.equals(ScenarioKind.STARTUP_SECTION);
        for (RunData run : lastAttempts) {
            if (run.target().equals(target) && (start || run.planned(scenario))) {
                planned.add(planned(run, scenario, start));
            }
        }
        return List.copyOf(planned);
    }

    private static Planned planned(RunData run, String scenario, boolean start) {
        Status status = run.status();
        if (status == Status.OK) {
            return start || run.scenario(scenario) != null
                    ? new Planned(run, scenario, Outcome.MEASURED, "")
                    : new Planned(
                            run,
                            scenario,
                            Outcome.NO_RESULT,
                            "the record of an ok run lists " + scenario + " but holds no result for it");
        }
        Outcome outcome = switch (status) {
            case FAILED -> Outcome.FAILED;
            case INVALID -> Outcome.INVALID;
            default -> Outcome.DISCARDED;
        };
        return new Planned(run, scenario, outcome, run.reason());
    }

    /** Each folder that shares a record with another, mapped to the first folder of its session. */
    private static Map<String, String> sessions(List<ResultsReader.Duplicate> duplicates) {
        Map<String, String> first = new HashMap<>();
        for (ResultsReader.Duplicate duplicate : duplicates) {
            String a = root(first, duplicate.firstSource());
            String b = root(first, duplicate.source());
            if (!a.equals(b)) {
                first.put(b, a);
            }
        }
        Map<String, String> session = new HashMap<>();
        first.keySet().forEach(folder -> session.put(folder, root(first, folder)));
        return session;
    }

    private static String root(Map<String, String> first, String folder) {
        String root = folder;
        while (first.containsKey(root)) {
            root = first.get(root);
        }
        return root;
    }
}
