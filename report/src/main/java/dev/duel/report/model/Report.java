package dev.duel.report.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Everything a report shows, computed once; the renderers only lay it out, so that the terminal,
 * Markdown, HTML and JSON forms can never disagree. Immutable.
 *
 * @param sources     the results folders read
 * @param environment the machine, from env.json, in "name: value" lines
 * @param targets     how each target was run (JDK, flags, limits and whether they were enforced)
 * @param warnings    said before any table: things that make every number below less trustworthy
 * @param headline    the answer first, one sentence per load scenario and target compared with the baseline: its
 *                    steady-state requests/s against the baseline's and each side's time to steady state, or why
 *                    there is no such verdict (see {@link dev.duel.report.build.Headline})
 * @param micro       the suite's microbenchmarks ({@code micro/}) and, per scenario that names one, the in-process
 *                    result beside the HTTP one; null when the suite ran none
 * @param past        the targets against a history's reference ({@code duel report --against}); null without one
 */
public record Report(
        String title,
        String duelVersion,
        List<String> sources,
        List<String> environment,
        String baseline,
        String method,
        List<TargetRow> targets,
        List<ScenarioReport> scenarios,
        List<Excluded> excluded,
        List<ThresholdResult> thresholds,
        List<String> warnings,
        List<String> headline,
        @JsonInclude(JsonInclude.Include.NON_NULL) MicroSection micro,
        @JsonInclude(JsonInclude.Include.NON_NULL) PastSection past) {

    /** A report with no comparison against a history's reference. */
    public Report(
            String title,
            String duelVersion,
            List<String> sources,
            List<String> environment,
            String baseline,
            String method,
            List<TargetRow> targets,
            List<ScenarioReport> scenarios,
            List<Excluded> excluded,
            List<ThresholdResult> thresholds,
            List<String> warnings,
            List<String> headline,
            MicroSection micro) {
        this(
                title,
                duelVersion,
                sources,
                environment,
                baseline,
                method,
                targets,
                scenarios,
                excluded,
                thresholds,
                warnings,
                headline,
                micro,
                null);
    }

    /** This report with {@code section} (its targets against a history's reference) beside it. */
    public Report withPast(PastSection section) {
        return new Report(
                title,
                duelVersion,
                sources,
                environment,
                baseline,
                method,
                targets,
                scenarios,
                excluded,
                thresholds,
                warnings,
                headline,
                micro,
                section);
    }

    /** This report with {@code section} (JMH results of the same JDKs, and the chain lines) beside it. */
    public Report withMicro(MicroSection section) {
        return new Report(
                title,
                duelVersion,
                sources,
                environment,
                baseline,
                method,
                targets,
                scenarios,
                excluded,
                thresholds,
                warnings,
                headline,
                section,
                past);
    }

    public Report {
        headline = List.copyOf(headline);
        sources = List.copyOf(sources);
        environment = List.copyOf(environment);
        targets = List.copyOf(targets);
        scenarios = List.copyOf(scenarios);
        excluded = List.copyOf(excluded);
        thresholds = List.copyOf(thresholds);
        warnings = List.copyOf(warnings);
    }

    /** True when a threshold failed: {@code duel report} exits 1. */
    public boolean thresholdFailed() {
        return thresholds.stream().anyMatch(t -> !t.passed());
    }

    /**
     * @param runs       valid runs / all final runs of this target
     * @param limits     the limits asked for and the mechanism that enforced them
     */
    public record TargetRow(
            String name, String jdk, String app, String jvmArgs, String limits, String jvm, String runs) {}

    /**
     * One scenario: a table of measures x targets, the comparisons against the baseline, the
     * warm-up curve when the scenario measured windows, and each target's latency percentile curve
     * (from runs with at least 1,000 samples).
     *
     * @param kind   what the section holds ({@link SectionKind}): a scenario's kind, or the start-up section; its label
     *               in summary.json
     * @param warmup the warm-up answer (each run's classification, time to steady state, warm-up cost); null for
     *               start-up sections. The rows are the steady-state answer: see {@link Cell}
     * @param runtime the runtime answer (JIT and GC from the runs' timelines, see {@link RuntimeSection}); null when no run of
     *               the scenario has a timeline, and then left out of summary.json
     * @param limitedBy per target, what limited most of its runs' throughput, in a few words ("its CPU limit",
     *               "postgres", "the machine", "the load generator", "its own waiting", "the offered rate"); empty for
     *               scenarios without load, and then left out of summary.json
     */
    public record ScenarioReport(
            String name,
            SectionKind kind,
            String load,
            List<String> targets,
            List<Row> rows,
            List<Comparison> comparisons,
            Curve curve,
            List<String> notes,
            Map<String, List<LatencyCurve.Point>> latency,
            Map<String, Losses> losses,
            WarmupSection warmup,
            @JsonInclude(JsonInclude.Include.NON_NULL) RuntimeSection runtime,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> limitedBy,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<DuetSeries> duet) {
        /** A scenario without a runtime answer (no run of it has a timeline) and no load. */
        public ScenarioReport(
                String name,
                SectionKind kind,
                String load,
                List<String> targets,
                List<Row> rows,
                List<Comparison> comparisons,
                Curve curve,
                List<String> notes,
                Map<String, List<LatencyCurve.Point>> latency,
                Map<String, Losses> losses,
                WarmupSection warmup) {
            this(
                    name,
                    kind,
                    load,
                    targets,
                    rows,
                    comparisons,
                    curve,
                    notes,
                    latency,
                    losses,
                    warmup,
                    null,
                    Map.of(),
                    List.of());
        }

        public ScenarioReport {
            duet = List.copyOf(duet);
            limitedBy = Collections.unmodifiableMap(new LinkedHashMap<>(limitedBy));
            losses = Collections.unmodifiableMap(new LinkedHashMap<>(losses));
            targets = List.copyOf(targets);
            rows = List.copyOf(rows);
            comparisons = List.copyOf(comparisons);
            notes = List.copyOf(notes);
            latency = Collections.unmodifiableMap(new LinkedHashMap<>(latency));
        }

        /** The row of the measure thresholds and comparisons name {@code key} ("rps", "p99"), or null. */
        public Row row(String key) {
            return rows.stream()
                    .filter(r -> r.measure().key().equals(key))
                    .findFirst()
                    .orElse(null);
        }

        /** The row of {@code metric}, or null when the scenario has none. */
        public Row row(Metric metric) {
            Measure measure = Measure.of(metric);
            return rows.stream()
                    .filter(r -> r.measure().equals(measure))
                    .findFirst()
                    .orElse(null);
        }

        /**
         * The row of {@link #rows} that {@code comparison} compares, or null for a comparison of another table's row
         * (the warm-up or runtime answer's).
         */
        public Row row(Comparison comparison) {
            return row(comparison.measure());
        }
    }

    /**
     * One duet repetition of a scenario, second by second: a target's correct responses in each second of main over its
     * partner's (the baseline's) in the same second ({@code order: duet}).
     *
     * @param label   "repetition 2: jdk25 003 / jdk17 004"
     * @param seconds the seconds of the load's time axis both sides measured in main
     * @param ratios  the target's over the baseline's, in the seconds' order
     */
    public record DuetSeries(String label, List<Integer> seconds, List<Double> ratios) {
        public DuetSeries {
            seconds = List.copyOf(seconds);
            ratios = List.copyOf(ratios);
        }
    }

    /** One measure, one cell per target (in the order of {@link ScenarioReport#targets}). */
    public record Row(Measure measure, List<Cell> cells) {
        public Row {
            cells = List.copyOf(cells);
        }
    }

    /**
     * A measure over one target's runs. Every run counts (issue 22): {@code summary} is over every run that gave a value,
     * and the runs whose value is not a clean steady-state one are counted and named in {@code marked}; null summary
     * when no run gave one, and {@code missing} then says why ("not measured").
     *
     * @param marked     the runs in the summary whose value is not clean (never steady, thin samples, invalid...), each
     *                   with its value and why, in run order
     * @param failedRuns failed runs in the summary
     * @param censoredRuns runs with no value because they never reached what the row times (the time to steady state of
     *                   a run that never settled): not in the summary, counted here, and any takes the row's verdict
     *                   away (a median without them flatters the side)
     * @param lost       the runs that planned the scenario and gave no value of this measure, each with why, in run
     *                   order: held against the row, never silent; empty where the cell's maker does not list them
     *                   (the warm-up and runtime answers count theirs in {@code censoredRuns})
     * @param pairs      for each value of {@code summary}, in its order, the repetition its run ran in, as a key that
     *                   pairs it with the other targets' runs of that repetition; empty when the runs are not paired
     *                   (their session's repetitions did not run back to back, or the cell's maker does not pair)
     * @param duetRatios for each value, in its order, its run's value against its duet partner's (the other target's run
     *                   of the same repetition, measured at the same instants), second by second; empty for runs made
     *                   alone and for rows a duet is not compared on
     * @param interleaved true when {@code duetRatios} are of interleaved pairs (each the mean of its blocks' log ratios
     *                   of alternating slices) rather than of a duet's simultaneous seconds: it names the interval's
     *                   method
     */
    public record Cell(
            Summary summary,
            String missing,
            List<MarkedRun> marked,
            int failedRuns,
            int censoredRuns,
            List<LostRun> lost,
            List<String> pairs,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Double> duetRatios,
            @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean interleaved) {
        public Cell {
            marked = List.copyOf(marked);
            lost = List.copyOf(lost);
            pairs = List.copyOf(pairs);
            duetRatios = List.copyOf(duetRatios);
            if (!pairs.isEmpty() && (summary == null || pairs.size() != summary.runs())) {
                throw new IllegalArgumentException("a repetition per value: " + pairs.size() + " for " + summary);
            }
            if (!duetRatios.isEmpty() && pairs.size() != duetRatios.size()) {
                throw new IllegalArgumentException(
                        "a duet ratio per paired value: " + duetRatios.size() + " for " + pairs.size());
            }
        }

        /** A cell whose runs are not paired with other targets'. */
        public Cell(
                Summary summary,
                String missing,
                List<MarkedRun> marked,
                int failedRuns,
                int censoredRuns,
                List<LostRun> lost) {
            this(summary, missing, marked, failedRuns, censoredRuns, lost, List.of(), List.of(), false);
        }

        /** A cell whose runs are all clean, or one without a value. */
        public Cell(Summary summary, String missing) {
            this(summary, missing, List.of(), 0, 0, List.of());
        }

        /** A cell of counted runs, some marked. */
        public Cell(Summary summary, String missing, List<MarkedRun> marked, int failedRuns) {
            this(summary, missing, marked, failedRuns, 0, List.of());
        }

        /** A cell of counted runs, some marked, some with no value of what the row times. */
        public Cell(Summary summary, String missing, List<MarkedRun> marked, int failedRuns, int censoredRuns) {
            this(summary, missing, marked, failedRuns, censoredRuns, List.of());
        }

        /** Runs whose values are in the summary. */
        public int runs() {
            return summary == null ? 0 : summary.runs();
        }

        /** The values of the runs with no mark, in run order. */
        public double[] cleanValues() {
            if (summary == null) {
                return new double[0];
            }
            List<Double> values = new java.util.ArrayList<>();
            for (double v : summary.values()) {
                values.add(v);
            }
            for (MarkedRun run : marked) {
                values.remove(run.value());
            }
            return values.stream().mapToDouble(Double::doubleValue).toArray();
        }

        /** How many of the counted runs carry {@code mark}. */
        public int marked(Mark mark) {
            return (int) marked.stream().filter(r -> r.marks().contains(mark)).count();
        }
    }

    /** Why a run's value is counted but not clean, in a few words for sentences. */
    public enum Mark {
        NEVER_STEADY("never steady"),
        /** The run's bottleneck was the machine: another process took the CPU the target or the generator needed. */
        MACHINE("measured the machine"),
        /** The run's bottleneck was the load generator, though its own gate passed it. */
        LOADGEN("load generator at its limit"),
        STEADY_INSIDE_MAIN("steady only inside main"),
        LATENCY_MOVING("p99 moved over main"),
        THIN_SAMPLES("thin samples"),
        /**
         * One side of an interleaved pair whose main another process disturbed in some seconds: requests/s leaves out
         * the blocks it started or stopped in, but the side's latency and CPU per request are main's whole.
         */
        DISTURBED_IN_PART("main disturbed in part"),
        INVALID("invalid"),
        FAILED("failed"),
        DISCARDED("disturbed, no clean repeat");

        private final String words;

        Mark(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    /**
     * A run that planned the scenario and gave no value of a row's measure.
     *
     * @param run its index, three digits ("004")
     * @param why in words: what became of it ("failed: the target exited with 1 before json") or what its record lacks
     *            ("no correct response in main")
     */
    public record LostRun(String run, String why) {
        /** "004 (failed: the target exited with 1 before json)". */
        public String describe() {
            return run + " (" + why + ")";
        }
    }

    /**
     * A run counted with a mark.
     *
     * @param run   its number as in the records ("004")
     * @param value its value in the row's unit
     * @param marks why it is not clean
     */
    public record MarkedRun(String run, double value, List<Mark> marks) {
        public MarkedRun {
            marks = List.copyOf(marks);
        }

        /** "never steady, thin samples". */
        public String why() {
            return String.join(", ", marks.stream().map(Mark::words).toList());
        }
    }

    /**
     * What became of one target's runs of one scenario: the last attempt of each run that planned it.
     * Failed runs are lost to every measure but the errors (whose thresholds still fail on them);
     * invalid ones (the load generator was the limit) and discarded ones whose repeats ran out are
     * counted, not held against the target.
     *
     * @param planned   runs that planned the scenario (their last attempts)
     * @param failed    of those, runs with status failed
     * @param invalid   runs with status invalid
     * @param discarded runs still discarded after their last attempt (no clean repeat)
     */
    public record Losses(int planned, int failed, int invalid, int discarded) {
        public static final Losses NONE = new Losses(0, 0, 0, 0);
    }

    /**
     * A row's verdict: better, worse or different beyond noise (the 95% interval excludes no change); the same within
     * the margin (the 90% interval lies inside ±m: two one-sided tests); cannot tell (neither); too few runs for an
     * interval; not comparable (a reason in the row); refused (runs that must not be compared). Each with the one
     * word every renderer prints for it and what that word means: the glossary of verdict words ({@link #word},
     * {@link #meaning}) that report.md's "How to read this" and docs/reports.md show, so no renderer or document words
     * a verdict its own way.
     */
    public enum Verdict {
        BETTER(
                "better",
                "the change's whole 95% interval lies on the better side of no change (more requests/s, less latency,"
                        + " less CPU per request)"),
        WORSE("worse", "the change's whole 95% interval lies on the worse side of no change"),
        DIFFERENT(
                "different",
                "a measure with no better direction (cores used, a companion's CPU) moved: its 95% interval excludes no"
                        + " change"),
        SAME(
                "the same",
                "the same within the margin (±5% unless the suite or --same-within says): two one-sided tests put the"
                        + " 90% interval inside it"),
        CANNOT_TELL(
                "cannot tell",
                "the 95% interval holds no change but is too wide to call the two the same; the row says what change"
                        + " these runs could have detected, and more repetitions narrow it"),
        TOO_FEW_RUNS("too few runs", "fewer than 2 runs (paired: repetitions) a side: no interval, no verdict"),
        NOT_COMPARABLE(
                "-",
                "no verdict: something undermines this row, and the row says what (runs marked against too few clean"
                        + " ones, runs lost, throttling, limits not enforced, the host's speed drifting, runs and"
                        + " paired slices pointing opposite ways); \"not comparable\" when the reason holds for the"
                        + " whole pair"),
        REFUSED(
                "REFUSED",
                "not compared: the two sides' runs came from different environments or limits, or too far apart in"
                        + " time (--allow-distant compares them anyway, labelled COMPARED DESPITE)");

        private final String word;
        private final String meaning;

        Verdict(String word, String meaning) {
            this.word = word;
            this.meaning = meaning;
        }

        /** The verdict column's word: "better", "the same", "cannot tell", "-". */
        public String word() {
            return word;
        }

        /** What the word means, one sentence, as the glossary gives it. */
        public String meaning() {
            return meaning;
        }

        /**
         * The glossary's rows (word, meaning): each verdict's, then the words a headline uses without a row of its
         * own. report.md and report.html print it under "How to read this"; docs/reports.md holds the same table.
         */
        public static java.util.List<java.util.List<String>> glossary() {
            java.util.List<java.util.List<String>> rows = new java.util.ArrayList<>();
            for (Verdict verdict : values()) {
                rows.add(java.util.List.of(verdict.word, verdict.meaning));
            }
            rows.add(java.util.List.of(
                    "no verdict",
                    "the headline's words for \"-\" and \"too few runs\": the row's change and interval are not a"
                            + " verdict, and the headline says why"));
            rows.add(java.util.List.of(
                    "no answer",
                    "the headline's words for a scenario with no ratio at all between the targets (no run measured"
                            + " one side): the runs' rows say why"));
            return rows;
        }
    }

    /**
     * B against the baseline A for one measure, from every run of each side.
     *
     * @param ratio      B / A: the ratio of geometric means over runs; NaN when not comparable
     * @param low        lower bound of the 95% interval of B / A (0 when unbounded)
     * @param high       upper bound (infinity when unbounded)
     * @param sentence   the verdict in words, e.g. "jdk25 serves 8.5% more requests/s than jdk17 (95% CI +6.1% to
     *                   +10.9%)"
     * @param warnings   said in the same row: saturated or noisy runs, limits not enforced, heavy throttling, distance
     * @param runs       the runs each side's value came from and those marked, and why: "jdk17 3 of 3; jdk25 3 of 3
     *                   (1 never steady, counted)"
     * @param reasons    why the row gives no verdict although it has numbers; empty when nothing undermines it
     * @param method     the interval's method ("Welch-Hsu t on logs, 2 df"), "" without one
     * @param shift      for shares (late, unstarted, throttled), compared as a difference rather than a ratio: the
     *                   difference and its interval in percentage points ({@code ratio} is then NaN); null for the
     *                   others, and left out of summary.json
     * @param sameWithin the margin of the row's equivalence test (0.05 = ±5%); NaN for rows without one
     * @param detectable the smallest rise these runs would have detected (0.08 = +8%; the fall is 1 / (1 + this) − 1,
     *                   -7.4%), said when the verdict is "cannot tell"; NaN otherwise
     * @param steadyOnly the result from the clean runs alone, when some runs were counted with a mark; null otherwise
     */
    public record Comparison(
            String measure,
            String baseline,
            String other,
            double ratio,
            double low,
            double high,
            Verdict verdict,
            String sentence,
            List<String> warnings,
            String runs,
            List<String> reasons,
            String method,
            @JsonInclude(JsonInclude.Include.NON_NULL) Shift shift,
            double sameWithin,
            double detectable,
            @JsonInclude(JsonInclude.Include.NON_NULL) CleanResult steadyOnly) {
        public Comparison {
            warnings = List.copyOf(warnings);
            reasons = List.copyOf(reasons);
        }

        /** A comparison without an equivalence margin, detectable change or clean-runs result (shares, micro). */
        public Comparison(
                String measure,
                String baseline,
                String other,
                double ratio,
                double low,
                double high,
                Verdict verdict,
                String sentence,
                List<String> warnings,
                String runs,
                List<String> reasons,
                String method,
                Shift shift) {
            this(
                    measure,
                    baseline,
                    other,
                    ratio,
                    low,
                    high,
                    verdict,
                    sentence,
                    warnings,
                    runs,
                    reasons,
                    method,
                    shift,
                    Double.NaN,
                    Double.NaN,
                    null);
        }
    }

    /**
     * The clean runs' result beside a verdict from every run (issue 22: no silent survivorship, and none hidden either).
     *
     * @param runsA  the baseline's clean runs; paired, the clean repetitions
     * @param runsB  the other's clean runs; paired, the clean repetitions (as {@code runsA})
     * @param paired true when the runs were compared by repetition: the result is over the repetitions in which
     *               neither side's run was marked, and its ratio is theirs (not the ratio of each side's clean runs)
     * @param ratio  B / A over them; NaN with none
     * @param low    its 95% interval's lower bound (0 when unbounded)
     * @param high   its upper bound (infinity when unbounded)
     */
    public record CleanResult(int runsA, int runsB, boolean paired, double ratio, double low, double high) {
        /** "clean runs only (2 v 3)", "clean repetitions only (1)". */
        public String label() {
            return paired
                    ? String.format(Locale.ROOT, "clean repetitions only (%d)", runsA)
                    : String.format(Locale.ROOT, "clean runs only (%d v %d)", runsA, runsB);
        }
    }

    /**
     * B - A for a share, in percentage points (4.2 = B's median share is 4.2 points above A's).
     *
     * @param points     median(B) - median(A), points
     * @param lowPoints  lower bound of the interval of B - A, points; -infinity when unbounded
     * @param highPoints upper bound, points; +infinity when unbounded
     */
    public record Shift(double points, double lowPoints, double highPoints) {}

    /**
     * Warm-up curve: per target, per window, the median requests/s across runs with its range.
     *
     * @param steadyWindow per target, the first window (1-based) within 5% of the median of the last
     *                     two windows, or 0 when the curve never settled
     */
    public record Curve(double windowSeconds, Map<String, List<Summary>> windows, Map<String, Integer> steadyWindow) {
        public Curve {
            windows = Collections.unmodifiableMap(new LinkedHashMap<>(windows));
            steadyWindow = Collections.unmodifiableMap(new LinkedHashMap<>(steadyWindow));
        }
    }

    /** Seconds [fromSecond, toSecond) of a run's series, counted as in {@link WarmupRun#seconds}, and its mean requests/s. */
    public record Segment(int fromSecond, int toSecond, double meanRequestsPerSecond) {}

    /** A run that feeds no statistic, and why: never silently dropped. */
    public record Excluded(String run, String target, String status, String reason) {}

    /**
     * A threshold with what was measured: "jdk25.rps >= 0.95 * jdk17.rps: 13,750 >= 12,988 (0.95 x 13,671)".
     *
     * @param expression as written
     * @param passed     it held; a threshold not judged has not
     * @param detail     the scenario, then the numbers compared, or why it was not judged
     * @param scenario   the scenario it was judged in; null where it matched none or could not be read
     * @param target     the target a wildcard ({@code *.p99}) stood for here; null without a wildcard
     * @param judged     its numbers were compared; false where it was refused (the comparison has no verdict), a
     *                   value was missing, it matched nothing or could not be read: such a threshold fails
     */
    public record ThresholdResult(
            String expression,
            boolean passed,
            String detail,
            @JsonInclude(JsonInclude.Include.NON_NULL) String scenario,
            @JsonInclude(JsonInclude.Include.NON_NULL) String target,
            boolean judged) {}
}
