package dev.duel.cli;

import dev.duel.load.ProgressListener;
import dev.duel.load.Timing;
import dev.duel.record.Phase;
import dev.duel.record.RunRecord;
import dev.duel.record.ScenarioKind;
import dev.duel.record.load.SecondResult;
import dev.duel.suite.RunPlan;
import dev.duel.suite.Scenario;
import dev.duel.suite.Suite;
import dev.duel.suite.SuiteListener;
import dev.duel.suite.SuiteOutcome;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * What {@code duel run} prints while a suite runs: a header per run (which run, elapsed, estimated
 * time left), its stages, a progress bar per measured phase, and the run's headline numbers when it
 * ends. The estimate starts from the suite's timings and then follows the runs actually measured
 * (per target, since one app may start much slower than another). Called on the runner's thread.
 */
final class SuiteProgress implements SuiteListener {
    /** Guess for start-up and stop of a target before any run has been timed. */
    private static final Duration START_STOP_GUESS = Duration.ofSeconds(6);

    private final PrintStream out;
    private final LongSupplier nanoClock;
    private final long startNanos;
    private Suite suite;
    private int total;
    private int done;
    private long runStartNanos;
    private final Map<String, long[]> measuredByTarget = new HashMap<>();
    private ProgressDisplay display;
    private String displayKey;
    /** A phase's heading, held back until the previous phase's last second has been shown. */
    private Phase pendingPhase;

    private String pendingHeading;

    /**
     * One line per run and nothing per second or per stage (the demo's, which must fit on a screen with its answer);
     * otherwise a heading per run, its stages and a progress line per scenario.
     */
    private final boolean brief;
    /** In brief, the first side of a pair whose second has not ended yet: said with it on one line. */
    private String pairHalf;

    SuiteProgress(PrintStream out, LongSupplier nanoClock) {
        this(out, nanoClock, false);
    }

    SuiteProgress(PrintStream out, LongSupplier nanoClock, boolean brief) {
        this.out = out;
        this.nanoClock = nanoClock;
        this.startNanos = nanoClock.getAsLong();
        this.brief = brief;
    }

    @Override
    public void suiteStarted(Suite suite, int totalRuns, int alreadyDone) {
        this.suite = suite;
        this.total = totalRuns;
        this.done = alreadyDone;
        out.printf(
                Locale.ROOT,
                "suite %s: %s run(s) of %d target(s) x %s repetition(s)%s%s, %s%n",
                suite.name(),
                runs(totalRuns),
                suite.targets().size(),
                suite.repetitions().budgeted()
                        ? suite.repetitions().min() + " or more"
                        : suite.repetitions().adaptive()
                                ? suite.repetitions().min() + " to "
                                        + suite.repetitions().max()
                                : String.valueOf(suite.repetitions().min()),
                suite.repetitions().budgeted()
                        ? " within " + clock(suite.repetitions().budget().toNanos()) + " until "
                                + suite.repetitions().until().describe()
                        : suite.repetitions().adaptive()
                                ? " until " + suite.repetitions().until().describe()
                                : "",
                alreadyDone > 0 ? ", " + alreadyDone + " already done" : "",
                left());
    }

    @Override
    public void message(String text) {
        closeDisplay();
        out.println(text);
    }

    /** The environment's warnings; in brief, left to the report, whose headline says each ("! environment: ..."). */
    @Override
    public void environmentWarned(java.util.List<String> warnings) {
        if (!brief) {
            SuiteListener.super.environmentWarned(warnings);
        }
    }

    /**
     * Each look of the repetitions' rule, one line a scenario; in brief, the last look (stopped) is left to the report,
     * whose notes open with the same lines right after.
     */
    @Override
    public void repetitionsDecided(java.util.List<dev.duel.record.RepetitionDecision> decisions) {
        if (!brief) {
            SuiteListener.super.repetitionsDecided(decisions);
            return;
        }
        if (decisions.isEmpty()
                || decisions.stream().noneMatch(d -> d.stop() == dev.duel.record.RepetitionDecision.Stop.GOING_ON)) {
            return;
        }
        // In brief, one line a look: each scenario still read, and whether its answer is clear (then left out of
        // later repetitions) or not yet.
        int look = decisions.stream()
                .mapToInt(dev.duel.record.RepetitionDecision::repetitions)
                .max()
                .orElse(0);
        dev.duel.record.RepetitionDecision first = decisions.get(0);
        String used = first.budgetSeconds() == null || first.usedSeconds() == null
                ? ""
                : " (" + clock(Math.round(first.usedSeconds() * 1e9)) + " of "
                        + clock(Math.round(first.budgetSeconds() * 1e9)) + " used)";
        List<String> said = new ArrayList<>();
        for (dev.duel.record.RepetitionDecision decision : decisions) {
            if (decision.repetitions() != look) {
                continue; // settled at an earlier look, and said then
            }
            String where = switch (decision.stop()) {
                case GOING_ON -> " not yet clear";
                case ANSWER_CLEAR, INTERVAL_NARROW -> " clear, left out from here";
                case BUDGET_SPENT, MAXIMUM_REACHED ->
                    " not clear, and another repetition of it would not fit: left" + " out from here";
            };
            said.add(decision.scenario() + where + " (" + decision.comparisonsSaid() + ")");
        }
        out.println("repetitions: " + look + " done" + used + ", one more: " + String.join("; ", said));
    }

    @Override
    public void runStarted(RunPlan plan, int attempt) {
        closeDisplay();
        runStartNanos = nanoClock.getAsLong();
        if (brief) {
            return;
        }
        out.printf(
                Locale.ROOT,
                "%n[%d/%s] %s: %s, repetition %d%s   elapsed %s, left %s%n",
                done + 1,
                runs(total),
                plan.target(),
                String.join(" + ", plan.scenarios()),
                plan.repetition(),
                attempt > 1 ? ", attempt " + attempt : "",
                clock(nanoClock.getAsLong() - startNanos),
                left());
    }

    @Override
    public void stage(RunPlan plan, String what) {
        closeDisplay();
        if (!brief) {
            out.println("  " + what);
        }
    }

    @Override
    public void phase(RunPlan plan, String scenario, Phase phase) {
        if (brief) {
            return;
        }
        flushPhase();
        pendingPhase = phase;
        pendingHeading = "  " + scenario + ": " + phase.label();
    }

    @Override
    public void second(RunPlan plan, String scenario, SecondResult second, ProgressListener.RunStatus status) {
        if (brief) {
            return;
        }
        if (pendingHeading != null && pendingPhase == status.phase()) {
            flushPhase();
        }
        String key = plan.fileStem() + "/" + scenario;
        if (display == null || !key.equals(displayKey)) {
            closeDisplay();
            display = new ProgressDisplay(out, "  " + scenario + " ", 5);
            displayKey = key;
        }
        display.onSecond(second, null, status);
    }

    @Override
    public void runEnded(RunPlan plan, RunRecord record, boolean last) {
        closeDisplay();
        long tookNanos = nanoClock.getAsLong() - runStartNanos;
        if (last) {
            done++;
        }
        long[] sumAndCount = measuredByTarget.computeIfAbsent(plan.target(), t -> new long[2]);
        sumAndCount[0] += tookNanos;
        sumAndCount[1]++;
        if (brief && suite.order().pairs()) {
            // Both sides of a pair (a duet, an interleaved pair) on one line, once the second has ended.
            String side = plan.target() + " " + RunHeadline.brief(record);
            if (pairHalf == null) {
                pairHalf = side;
                return;
            }
            out.printf(
                    Locale.ROOT,
                    "[%d/%s] repetition %d: %s | %s  (%s)%n",
                    done,
                    runs(total),
                    plan.repetition(),
                    pairHalf,
                    side,
                    clock(tookNanos));
            pairHalf = null;
            return;
        }
        if (brief) {
            out.printf(
                    Locale.ROOT,
                    "[%d/%s] %s, repetition %d -> %s  (%s)%n",
                    done,
                    runs(total),
                    plan.target(),
                    plan.repetition(),
                    RunHeadline.of(record),
                    clock(tookNanos));
            return;
        }
        out.printf(Locale.ROOT, "  -> %s  (%s)%n", RunHeadline.of(record), clock(tookNanos));
    }

    @Override
    public void suiteEnded(SuiteOutcome outcome) {
        closeDisplay();
        out.printf(
                Locale.ROOT,
                "%nsuite %s ended after %s: %d ok, %d failed, %d invalid, %d discarded%s%n",
                suite.name(),
                clock(nanoClock.getAsLong() - startNanos),
                outcome.ok(),
                outcome.failed(),
                outcome.invalid(),
                outcome.discarded(),
                outcome.skipped() > 0 ? " (" + outcome.skipped() + " done before this resume)" : "");
        outcome.problems().forEach(problem -> out.println("  problem: " + problem));
        out.println("records: " + outcome.directory().resolve("runs"));
    }

    /**
     * "12" runs, or "6 to 24" for a suite that repeats until an interval is narrow: its runs up to
     * min, and up to max ({@code maxRuns}).
     */
    private String runs(int maxRuns) {
        if (suite.repetitions().budgeted()) {
            return RunPlan.of(suite, suite.repetitions().min()).size() + " or more";
        }
        return suite.repetitions().adaptive()
                ? RunPlan.of(suite, suite.repetitions().min()).size() + " to " + maxRuns
                : String.valueOf(maxRuns);
    }

    /**
     * The time left as said: "about 5:00", "about A to B" when the suite may stop anywhere between min and max
     * repetitions, or "up to 8:09" where the guess is a bound.
     */
    private String left() {
        List<RunPlan> least = RunPlan.of(suite, suite.repetitions().min());
        if (suite.repetitions().budgeted()) {
            // Within a budget: the first repetitions, then at most what the budget leaves.
            long first = estimateLeft(least, Math.max(0, least.size() - done));
            long budget = suite.repetitions().budget().toNanos();
            // The first repetitions run whatever the budget: when they alone spend it, nothing is added after them.
            // Their guess takes each auto warm-up at its cap, so past the budget it is a bound, not an estimate: the
            // demo's first three pairs guessed 8:09 against a 7:30 budget, and four pairs took 7:10.
            return first >= budget ? "up to " + clock(first) : "about " + clock(first) + " to " + clock(budget);
        }
        String most = clock(estimateLeft(RunPlan.of(suite), total - done));
        if (!suite.repetitions().adaptive()) {
            return "about " + most;
        }
        return "about " + clock(estimateLeft(least, Math.max(0, least.size() - done))) + " to " + most;
    }

    /** Time for the last {@code runsLeft} runs of {@code plans}; a duet's two runs take the time of one. */
    private long estimateLeft(List<RunPlan> plans, int runsLeft) {
        long nanos = 0;
        boolean duet = suite.order().pairs();
        for (int i = Math.max(0, plans.size() - runsLeft); i < plans.size(); i++) {
            RunPlan plan = plans.get(i);
            if (duet && i % 2 == 1) {
                continue; // side by side with the run before it
            }
            long[] measured = measuredByTarget.get(plan.target());
            nanos += measured != null ? measured[0] / measured[1] : guessNanos(suite, plan);
            nanos += suite.cooldown().toNanos();
        }
        return nanos;
    }

    /** A run's length from the suite's settings alone: quiet gate, start and stop, the scenarios' timings. */
    static long guessNanos(Suite suite, RunPlan plan) {
        Duration run = suite.gates().quietFor().plus(START_STOP_GUESS);
        for (String name : plan.scenarios()) {
            Scenario scenario = suite.scenario(name);
            if (scenario.kind() == ScenarioKind.STARTUP) {
                run = run.plus(START_STOP_GUESS.multipliedBy(Math.max(0, scenario.starts() - 1)));
            } else if (scenario.timing() instanceof Timing.Phases phases) {
                run = run.plus(phases.longestWarmup()).plus(phases.gap()).plus(phases.main());
            } else if (scenario.timing() instanceof Timing.Windows windows) {
                run = run.plus(windows.total());
            }
        }
        return run.toNanos();
    }

    private void flushPhase() {
        if (pendingHeading != null) {
            String heading = pendingHeading;
            pendingHeading = null;
            pendingPhase = null;
            closeDisplay();
            out.println(heading);
        }
    }

    private void closeDisplay() {
        flushPhase();
        if (display != null) {
            display.onEnd();
            display = null;
            displayKey = null;
        }
    }

    static String clock(long nanos) {
        long seconds = Math.max(0, Math.round(nanos / 1e9));
        return seconds >= 3600
                ? String.format(Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
                : String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
    }
}
