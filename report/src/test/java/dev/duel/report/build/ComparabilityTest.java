package dev.duel.report.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.analysis.RatioVerdict;
import dev.duel.analysis.SteadyState;
import dev.duel.record.load.FailureKind;
import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportOptions;
import dev.duel.report.SeededResults;
import dev.duel.report.model.Format;
import dev.duel.report.model.Report;
import dev.duel.report.model.Summary;
import dev.duel.report.model.WarmupRun;
import dev.duel.report.read.ResultsReader;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When a comparison row may give a verdict, and what the measures behind it count. */
class ComparabilityTest {
    private static final SeededResults.Behaviour A = new SeededResults.Behaviour("a", "17", 1000, 5_000, 20_000, 0);
    private static final SeededResults.Behaviour B = new SeededResults.Behaviour("b", "25", 1300, 5_000, 20_000, 0);

    @TempDir
    Path temp;

    @Test
    void aFailedRunCountsInErrorsFailsErrorThresholdsAndLeavesItsSideWithoutAVerdict() throws Exception {
        SeededResults results = seeded(1);
        SeededResults.Behaviour wrong = B.failing(Map.of(FailureKind.CHECK, 50L));
        for (int i = 0; i < 5; i++) {
            results.run(A, "ok", "", 1, i * 2, "e", List.of("s"), false);
            if (i == 2) {
                results.run(wrong, "failed", "50 answers failed their checks", 1, i * 2 + 1, "e", List.of("s"), false);
            } else {
                results.run(B, "ok", "", 1, i * 2 + 1, "e", List.of("s"), false);
            }
        }
        Report report = build(List.of("*.errors == 0"));
        Report.ScenarioReport scenario = report.scenarios().get(0);
        assertEquals(50, scenario.row("errors").cells().get(1).summary().max(), "the failed run's errors count");
        assertEquals(5, scenario.row("errors").cells().get(1).summary().runs());
        assertEquals(50, scenario.row("errors.check").cells().get(1).summary().max());
        Report.ThresholdResult forB = report.thresholds().get(1);
        assertFalse(forB.passed(), "*.errors == 0 must fail while b fails: " + forB.detail());
        assertEquals("s: not judged: b lost 1 of 5 runs (failed)", forB.detail());
        assertTrue(
                report.thresholds().get(0).passed(), report.thresholds().get(0).detail());
        // Every run counts: the failed run's requests/s is counted with a mark; within b's clean range, the verdict
        // stands and says which runs it stands on.
        Report.Comparison rps = comparison(report, "rps");
        assertEquals(Report.Verdict.BETTER, rps.verdict(), rps.sentence());
        assertTrue(rps.runs().endsWith("b 5 of 5 (counted with a mark: 1 failed)"), rps.runs());
        assertEquals(4, rps.steadyOnly().runsB());
    }

    /**
     * Audit item 9: every lost run has a reason. A run that failed before it measured the scenario, and an ok run whose
     * CPU per request was not read, are named in the row with why, not counted silently as "no value".
     */
    @Test
    void everyRunLostToARowIsNamedWithWhy() throws Exception {
        SeededResults results = seeded(3);
        Path noCpu = null;
        Path failedEarly = null;
        for (int i = 0; i < 4; i++) {
            results.run(A, "ok", "", 1, i * 2, "e", List.of("s"), false);
            if (i == 1) {
                failedEarly = results.run(
                        B, "failed", "the target exited with 1 before s", 1, i * 2 + 1, "e", List.of("s"), false);
            } else {
                Path file = results.run(B, "ok", "", 1, i * 2 + 1, "e", List.of("s"), false);
                noCpu = i == 3 ? file : noCpu;
            }
        }
        SeededResults.edit(
                failedEarly,
                record -> ((com.fasterxml.jackson.databind.node.ArrayNode) record.get("results")).removeAll());
        SeededResults.edit(
                noCpu,
                record -> ((com.fasterxml.jackson.databind.node.ObjectNode) record.at("/results/0/target/main"))
                        .put("cpuMillis", -1.0)
                        .put("cores", -1.0)
                        .put("cpuMicrosPerRequest", -1.0));
        Report report = build(List.of());
        Report.Comparison rps = comparison(report, "rps");
        assertEquals(Report.Verdict.NOT_COMPARABLE, rps.verdict(), rps.sentence());
        assertEquals(List.of("b lost 1 of 4 runs: 004 (failed: the target exited with 1 before s)"), rps.reasons());
        Report.Comparison cpu = comparison(report, "cpu");
        assertEquals(
                List.of("b lost 2 of 4 runs: 004 (failed: the target exited with 1 before s), 008 (the target's CPU"
                        + " time in main could not be read)"),
                cpu.reasons());
        Report.Cell bCpu = report.scenarios().get(0).row("cpu").cells().get(1);
        assertEquals(2, bCpu.lost().size(), bCpu.toString());
        assertTrue(rps.runs().endsWith("b 3 of 4 (lost 1)"), rps.runs());
    }

    /** {@code repetitions} of a then b, in alternating places; the records' files in run order. */
    private static List<Path> alternating(SeededResults results, int repetitions) throws Exception {
        List<Path> files = new java.util.ArrayList<>();
        for (int i = 0; i < repetitions; i++) {
            files.add(results.run(A, "ok", "", 1, i * 2, "e", List.of("s"), false));
            files.add(results.run(B, "ok", "", 1, i * 2 + 1, "e", List.of("s"), false));
        }
        return files;
    }

    /**
     * Runs of one repetition that ran back to back (alternating order) are compared repetition by repetition; the same
     * values from a session that ran every run of a, then every run of b, are not paired.
     */
    @Test
    void alternatingRunsArePairedByRepetitionAndSequentialOnesAreNot() throws Exception {
        List<Path> files = alternating(seeded(4), 4);
        Report.Comparison paired = comparison(build(List.of()), "rps");
        assertEquals("paired t on logs by repetition, 3 df", paired.method(), paired.sentence());
        // The same records renumbered as a sequential session: a in places 1 to 4, b in 5 to 8, repetitions 1 to 4.
        for (int i = 0; i < files.size(); i++) {
            int repetition = i / 2 + 1;
            int place = i % 2 == 0 ? repetition : 4 + repetition;
            SeededResults.edit(
                    files.get(i), record -> record.put("index", place).put("repetition", repetition));
        }
        Report.Comparison sequential = comparison(build(List.of()), "rps");
        assertEquals("Welch-Hsu t on logs, 3 df", sequential.method(), sequential.sentence());
        assertEquals(paired.ratio(), sequential.ratio(), 1e-9, "the same point estimate");
    }

    /**
     * Duet runs (each repetition's two runs side by side, their records naming each other) are compared second by
     * second: each repetition's ratio is the geometric mean of b's correct responses over a's in the same second of
     * main, and the interval is t on those ratios; the requests/s cells still show each run's own value.
     */
    @Test
    void duetRunsAreComparedSecondBySecond() throws Exception {
        List<Path> files = alternating(seeded(4), 4);
        Report.Comparison paired = comparison(build(List.of()), "rps");
        double[] logRatios = new double[4];
        for (int i = 0; i < 4; i++) {
            Path a = files.get(2 * i);
            Path b = files.get(2 * i + 1);
            var recordA = dev.duel.record.RecordJson.readRun(a);
            var recordB = dev.duel.record.RecordJson.readRun(b);
            SeededResults.edit(
                    a,
                    record -> record.putObject("duet")
                            .put("partnerIndex", recordB.index())
                            .put("partnerTarget", recordB.target())
                            .put("design", "simultaneous")
                            .putNull("warmupCompilerNice")
                            .putNull("warmupCpus"));
            SeededResults.edit(
                    b,
                    record -> record.putObject("duet")
                            .put("partnerIndex", recordA.index())
                            .put("partnerTarget", recordA.target())
                            .put("design", "simultaneous")
                            .putNull("warmupCompilerNice")
                            .putNull("warmupCpus"));
            // The expected ratio, from the records' own seconds: b over a in each second of main both hold.
            Map<Integer, Long> okA = new java.util.HashMap<>();
            recordA.results().get(0).load().seconds().stream()
                    .filter(x -> x.phase() == dev.duel.record.Phase.MAIN)
                    .forEach(x -> okA.put(x.second(), x.ok()));
            double[] logs = recordB.results().get(0).load().seconds().stream()
                    .filter(x -> x.phase() == dev.duel.record.Phase.MAIN && okA.containsKey(x.second()))
                    .mapToDouble(x -> Math.log(x.ok() / (double) okA.get(x.second())))
                    .toArray();
            assertTrue(logs.length > 5, "main's seconds on both sides");
            logRatios[i] = java.util.Arrays.stream(logs).average().orElseThrow();
        }
        Report.Comparison duet = comparison(build(List.of()), "rps");
        assertEquals("duet: t on per-repetition ratios of simultaneous seconds, 3 df", duet.method(), duet.sentence());
        assertEquals(Math.exp(java.util.Arrays.stream(logRatios).average().orElseThrow()), duet.ratio(), 1e-9);
        assertTrue(paired.ratio() != duet.ratio(), "not the ratio of the runs' steady values");
        Report.Comparison cpu = comparison(build(List.of()), "cpu");
        assertEquals("paired t on logs by repetition, 3 df", cpu.method(), "other rows pair the runs' own values");
        // The report draws each repetition second by second: b's seconds over a's, with the line of no change.
        Report report = build(List.of());
        List<Report.DuetSeries> series = report.scenarios().get(0).duet();
        assertEquals(4, series.size(), series.toString());
        assertTrue(
                series.get(0).label().startsWith("repetition 1: b 002 / a 001"),
                series.get(0).label());
        double meanLog = series.stream()
                .mapToDouble(r ->
                        r.ratios().stream().mapToDouble(Math::log).average().orElseThrow())
                .average()
                .orElseThrow();
        assertEquals(duet.ratio(), Math.exp(meanLog), 1e-9, "the row's ratio is the mean of these seconds' logs");
        dev.duel.report.render.Charts.Spec chart = dev.duel.report.render.Charts.specs(report).stream()
                .filter(spec -> spec.file().startsWith("duet-"))
                .findFirst()
                .orElseThrow();
        assertEquals(5, chart.series().size(), "four repetitions and no change");
        assertTrue(dev.duel.report.render.Charts.png(chart).length > 1_000, "drawn");
    }

    /**
     * Heavy throttling: its latency holds waits for the next quota period, so the latency rows have no verdict; under
     * one quota on both sides requests/s and CPU per request are each side's capacity at it, and keep theirs. Under two
     * quotas every speed row loses it.
     */
    @Test
    void heavyThrottlingTakesTheLatencyRowsVerdictAndEveryRowsUnderUnequalQuotas() throws Exception {
        SeededResults results = seeded(2);
        SeededResults.Behaviour throttled = new SeededResults.Behaviour("b", "25", 1300, 5_000, 20_000, 0.3);
        List<Path> throttledRuns = new java.util.ArrayList<>();
        for (int i = 0; i < 5; i++) {
            results.run(A, "ok", "", 1, i * 2, "e", List.of("s"), false);
            throttledRuns.add(results.run(throttled, "ok", "", 1, i * 2 + 1, "e", List.of("s"), false));
        }
        Report sameQuota = build(List.of());
        Report.Comparison p99 = comparison(sameQuota, "p99");
        assertEquals(Report.Verdict.NOT_COMPARABLE, p99.verdict(), p99.sentence());
        assertTrue(p99.sentence().startsWith("p99: not comparable (a "), p99.sentence());
        assertEquals(List.of("b throttled above 20%"), p99.reasons());
        assertTrue(Double.isNaN(p99.ratio()), "no signed change beside a reason against it");
        Report.Comparison rps = comparison(sameQuota, "rps");
        assertEquals(Report.Verdict.BETTER, rps.verdict(), rps.sentence());
        assertEquals(List.of(), rps.reasons());
        assertTrue(
                rps.warnings().stream().anyMatch(w -> w.startsWith("b: throttled in 30% of CPU periods")),
                rps.warnings().toString());
        for (Path run : throttledRuns) {
            SeededResults.edit(
                    run,
                    record -> ((com.fasterxml.jackson.databind.node.ObjectNode) record.get("targetInfo"))
                            .put("cpus", 2.0));
        }
        Report.Comparison unequal = comparison(build(List.of()), "rps");
        assertEquals(Report.Verdict.NOT_COMPARABLE, unequal.verdict(), unequal.sentence());
        assertEquals(List.of("b throttled above 20%"), unequal.reasons());
    }

    /**
     * Main lasts 16.5 s from 15 s, so second 31 holds half a second of answers: counted, it would read as a fall
     * in the last quarter of the series, and no run would be steady. The gap's seconds (10 to 14) are left out.
     */
    @Test
    void aPartialLastSecondOfMainIsLeftOutOfTheSeries() throws Exception {
        SeededResults results = seeded(3);
        SeededResults.Shape short_ = SeededResults.Shape.CLOSED.mainMillis(16_500);
        for (int i = 0; i < 4; i++) {
            results.run(A.shaped(short_), "ok", "", 1, i * 2, "e", List.of("s"), false);
            results.run(B.shaped(short_), "ok", "", 1, i * 2 + 1, "e", List.of("s"), false);
        }
        Report report = build(List.of());
        for (WarmupRun run : report.scenarios().get(0).warmup().runs()) {
            assertEquals(30, run.seconds().get(run.seconds().size() - 1), "the last whole second of main is 30");
            assertEquals(10 + 16, run.seconds().size(), "warm-up 0-9 and main 15-30: " + run.seconds());
            assertTrue(run.seconds().stream().noneMatch(x -> x >= 10 && x < 15), "no gap second: " + run.seconds());
            assertEquals(SteadyState.Classification.WARMUP, run.classification(), run.why());
        }
        Report.Comparison rps = comparison(report, "rps");
        assertEquals(Report.Verdict.BETTER, rps.verdict(), rps.sentence());
        assertTrue(rps.warnings().isEmpty(), rps.warnings().toString());
    }

    /**
     * Open model: requests/s is the offered rate whatever the target does, and steady; a queue shows in latency. The
     * rising p99 is judged for trend over main: b's latency values are counted with that mark, and since no run of b
     * is clean the row's result is over main's values and says so in its runs.
     */
    @Test
    void inTheOpenModelALatencyThatKeepsRisingIsCountedWithAMark() throws Exception {
        SeededResults results = seeded(4);
        SeededResults.Shape open = SeededResults.Shape.open(0, 0);
        for (int i = 0; i < 4; i++) {
            results.run(A.shaped(open), "ok", "", 1, i * 2, "e", List.of("s"), false);
            results.run(B.shaped(open.warming(0.05)), "ok", "", 1, i * 2 + 1, "e", List.of("s"), false);
        }
        Report report = build(List.of());
        for (WarmupRun run : report.scenarios().get(0).warmup().runs()) {
            assertTrue(run.classification() != SteadyState.Classification.NO_STEADY_STATE, run.why());
            assertEquals(run.target().equals("b"), run.why().contains("p99 moved +"), run.why());
        }
        Report.Comparison p99 = comparison(report, "p99");
        assertTrue(p99.runs().endsWith("b 4 of 4 (counted with a mark: 4 p99 moved over main)"), p99.runs());
        assertEquals(0, p99.steadyOnly().runsB());
        assertEquals(4, report.scenarios().get(0).row("p99").cells().get(1).marked(Report.Mark.LATENCY_MOVING));
    }

    /**
     * Runs whose steady state began inside main: their requests/s is their steady seconds', but main's latency
     * histogram and CPU counter mix warm-up in: every run counts, those with that mark, and a row gives no verdict when
     * such a run lies outside what its side's clean runs predict, or when under 3 of its side's runs are clean.
     * Requests/s keeps its verdict.
     */
    @Test
    void runsSteadyOnlyInsideMainAreCountedWithAMarkOnTheLatencyAndCpuRows() throws Exception {
        for (int lateRuns : List.of(2, 1)) {
            SeededResults results = seeded(7);
            SeededResults.Behaviour late =
                    A.shaped(SeededResults.Shape.CLOSED.settling("s", SeededResults.Settle.LATE));
            for (int i = 0; i < 4; i++) {
                results.run(i < lateRuns ? late : A, "ok", "", 1, i * 2, "e", List.of("s"), false);
                results.run(B, "ok", "", 1, i * 2 + 1, "e", List.of("s"), false);
            }
            Report report = build(List.of("*.p99 < 1s"));
            Report.Comparison rps = comparison(report, "rps");
            assertEquals(Report.Verdict.BETTER, rps.verdict(), rps.sentence());
            for (String key : List.of("p50", "p99", "mean", "cpu")) {
                Report.Comparison row = comparison(report, key);
                String marked = "a 4 of 4 (counted with a mark: " + lateRuns + " steady only inside main); b 4 of 4";
                assertTrue(row.runs().startsWith(marked), row.runs());
                Report.Cell a = report.scenarios().get(0).row(key).cells().get(0);
                if (a.cleanValues().length < RatioVerdict.MIN_CLEAN) {
                    // No verdict, or one the clean repetitions alone show too (RatioVerdict.changeOnTheCleanRunsAlone).
                    assertTrue(
                            row.verdict() == Report.Verdict.NOT_COMPARABLE
                                    ? row.sentence().contains(": no verdict: only 2 of 4 repetitions are clean: ")
                                    : row.sentence()
                                            .contains("; only 2 of 4 repetitions are clean, too few to check the marked"
                                                    + " ones against, and they alone show it too: "),
                            row.sentence());
                    continue;
                }
                RatioVerdict.Range predicted =
                        RatioVerdict.Side.clean(a.cleanValues()).predictedByClean(0.95);
                boolean outside =
                        a.marked().stream().anyMatch(r -> r.value() < predicted.low() || r.value() > predicted.high());
                assertEquals(outside, row.verdict() == Report.Verdict.NOT_COMPARABLE, row.sentence());
                if (outside) {
                    assertTrue(row.sentence().contains("(steady only inside main) gave "), row.sentence());
                }
            }
            String threshold = report.thresholds().get(0).detail();
            assertTrue(threshold.startsWith("s: a.p99 ") && threshold.endsWith(" < 1.00 s"), threshold);
        }
    }

    /**
     * Every run counts (issue 22): runs of b that never settled give main's mean, counted with a mark. Here their
     * main phases served well below b's settled runs, outside those runs' range, so the verdict depends on them and no
     * row that they move gives one; the rows say which runs, with their values, and the scenario says once why they
     * never settled and what would change it. Whether 2 or only 1 of 4 never settled: the old majority rule let the
     * 3 that did carry the verdict, which flattered b. With 2, the clean runs are too few to check the others
     * against (2 of 4 repetitions clean), and the row says that.
     */
    @Test
    void runsThatNeverSettledAreCountedAndTakeTheVerdictAwayWhenTheyLieOutsideTheOthers() throws Exception {
        for (int unsettled : List.of(2, 1)) {
            Report report = fourRunsASideWithUnsettled(unsettled);
            Report.Comparison rps = comparison(report, "rps");
            assertEquals(Report.Verdict.NOT_COMPARABLE, rps.verdict(), rps.sentence());
            String why = unsettled == 2 ? "only 2 of 4 repetitions are clean: " : "b's run ";
            assertTrue(rps.sentence().startsWith("requests/s: no verdict: " + why), rps.sentence());
            assertTrue(unsettled == 2 || rps.sentence().contains("(never steady) gave "), rps.sentence());
            assertTrue(
                    rps.runs().endsWith("b 4 of 4 (counted with a mark: " + unsettled + " never steady)"), rps.runs());
            assertEquals(4 - unsettled, rps.steadyOnly().runsB());
            assertTrue(
                    report.scenarios().get(0).notes().stream()
                            .anyMatch(n -> n.startsWith("b: " + unsettled + " of 4 runs never reached steady state")),
                    report.scenarios().get(0).notes().toString());
            assertTrue(
                    report.headline().get(0).startsWith("s: requests/s, b against a: no verdict: " + why),
                    report.headline().toString());
        }
    }

    /** Four runs of a and of b, the last {@code unsettled} of b's never reaching a steady state. */
    private Report fourRunsASideWithUnsettled(int unsettled) throws Exception {
        SeededResults results = seeded(8);
        SeededResults.Behaviour never = B.shaped(SeededResults.Shape.CLOSED.settling("s", SeededResults.Settle.NEVER));
        for (int i = 0; i < 4; i++) {
            results.run(A, "ok", "", 1, i * 2, "e", List.of("s"), false);
            results.run(i >= 4 - unsettled ? never : B, "ok", "", 1, i * 2 + 1, "e", List.of("s"), false);
        }
        return build(List.of());
    }

    /** Each run's first start is a fresh process; its restarts are not further samples. */
    @Test
    void startUpTakesOneValuePerRunItsFirstStart() throws Exception {
        SeededResults results = seeded(5);
        SeededResults.Shape starts = SeededResults.Shape.CLOSED.starts(List.of(1_500L, 400L, 410L, 420L));
        for (int i = 0; i < 4; i++) {
            results.run(A.shaped(starts), "ok", "", 1, i * 2, "e", List.of("boot"), false);
            results.run(B.shaped(starts), "ok", "", 1, i * 2 + 1, "e", List.of("boot"), false);
        }
        Report.ScenarioReport boot = build(List.of()).scenarios().get(0);
        Summary first = boot.row("startup").cells().get(0).summary();
        assertEquals(4, first.runs(), "one value per run, not one per start: " + first);
        assertEquals(1_500, first.median());
        assertTrue(boot.notes().stream().anyMatch(n -> n.startsWith("one value per run: the first start")));
    }

    /** A start-up scenario offers no load: its runs' missing steady state takes no start-up verdict away. */
    @Test
    void startUpIsNeverUnderminedBySteadyState() throws Exception {
        SeededResults results = seeded(5);
        for (int i = 0; i < 4; i++) {
            results.run(
                    A.shaped(SeededResults.Shape.CLOSED.starts(List.of(1_500L + 10 * i, 400L))),
                    "ok",
                    "",
                    1,
                    i * 2,
                    "e",
                    List.of("boot"),
                    false);
            results.run(
                    B.shaped(SeededResults.Shape.CLOSED.starts(List.of(900L + 10 * i, 400L))),
                    "ok",
                    "",
                    1,
                    i * 2 + 1,
                    "e",
                    List.of("boot"),
                    false);
        }
        Report.ScenarioReport boot = build(List.of()).scenarios().get(0);
        Report.Comparison startup = boot.comparisons().stream()
                .filter(c -> c.measure().equals("startup"))
                .findFirst()
                .orElseThrow();
        assertTrue(startup.reasons().isEmpty(), startup.reasons().toString());
        assertTrue(
                startup.warnings().stream().noneMatch(w -> w.contains("steady")),
                startup.warnings().toString());
        assertEquals(Report.Verdict.BETTER, startup.verdict(), startup.sentence());
    }

    @Test
    void lateAndUnstartedSharesAreMeasuresOfTheTarget() throws Exception {
        SeededResults results = seeded(6);
        for (int i = 0; i < 4; i++) {
            results.run(A.shaped(SeededResults.Shape.open(0, 0)), "ok", "", 1, i * 2, "e", List.of("s"), false);
            results.run(
                    B.shaped(SeededResults.Shape.open(0.05, 0.01)), "ok", "", 1, i * 2 + 1, "e", List.of("s"), false);
        }
        Report report = build(List.of("*.late < 1%"));
        Report.ScenarioReport scenario = report.scenarios().get(0);
        assertEquals(0, scenario.row("late").cells().get(0).summary().median());
        assertEquals(0.05, scenario.row("late").cells().get(1).summary().median(), 0.001);
        assertEquals(0.01, scenario.row("unstarted").cells().get(1).summary().median(), 0.001);
        assertTrue(report.thresholds().get(0).passed());
        assertFalse(
                report.thresholds().get(1).passed(), report.thresholds().get(1).detail());
        assertTrue(
                comparison(report, "late").sentence().startsWith("b starts 5.0 points more requests late than a"),
                comparison(report, "late").sentence());
    }

    /** Late shares of 0 against about 5%: no ratio, but a difference in points with its interval. */
    @Test
    void aShareOfZeroIsComparedAsADifferenceInPoints() throws Exception {
        SeededResults results = seeded(8);
        for (int i = 0; i < 4; i++) {
            results.run(A.shaped(SeededResults.Shape.open(0, 0)), "ok", "", 1, i * 2, "e", List.of("s"), false);
            results.run(
                    B.shaped(SeededResults.Shape.open(0.04 + 0.01 * ((i + 1) / 2), 0)),
                    "ok",
                    "",
                    1,
                    i * 2 + 1,
                    "e",
                    List.of("s"),
                    false);
        }
        Report.Comparison late = comparison(build(List.of()), "late");
        assertEquals(Report.Verdict.WORSE, late.verdict(), late.sentence());
        assertEquals("b starts 5.0 points more requests late than a (95% CI +4.0 to +6.0 points)", late.sentence());
        assertEquals("Hodges-Lehmann, coverage >= 97.1% under a pure shift", late.method());
        assertEquals(5.0, late.shift().points(), 0.01);
        assertEquals("+5.0 points", Format.ratio(late));
        assertEquals("+4.0 to +6.0 points", Format.interval(late));
    }

    /**
     * A target that cannot keep up: its p99 keeps rising and it starts requests late. The rising p99 marks its latency
     * values; the late share is what such runs show, and is compared with nothing against it.
     */
    @Test
    void notAtSteadyStateLeavesTheLateShareCompared() throws Exception {
        SeededResults results = seeded(9);
        for (int i = 0; i < 4; i++) {
            results.run(A.shaped(SeededResults.Shape.open(0, 0)), "ok", "", 1, i * 2, "e", List.of("s"), false);
            results.run(
                    B.shaped(SeededResults.Shape.open(0.04 + 0.01 * ((i + 1) / 2), 0.01)
                            .warming(0.05)),
                    "ok",
                    "",
                    1,
                    i * 2 + 1,
                    "e",
                    List.of("s"),
                    false);
        }
        Report report = build(List.of());
        Report.Comparison p99 = comparison(report, "p99");
        assertTrue(p99.runs().contains("p99 moved over main"), p99.runs());
        Report.Comparison late = comparison(report, "late");
        assertEquals(Report.Verdict.WORSE, late.verdict(), late.sentence());
        assertTrue(late.sentence().startsWith("b starts 5.0 points more requests late than a"), late.sentence());
        assertEquals(List.of(), late.reasons());
        assertTrue(
                late.warnings().stream().noneMatch(w -> w.contains("not at steady state")),
                "no verdict beside a warning that would undermine it: " + late.warnings());
        Report.Comparison errors = comparison(report, "errors");
        assertTrue(errors.reasons().isEmpty(), errors.reasons().toString());
    }

    @Test
    void theClosedModelHasNoLateShareRow() throws Exception {
        SeededResults results = seeded(7);
        results.interleaved(A, B, 2, List.of("s"));
        assertEquals(null, build(List.of()).scenarios().get(0).row("late"));
    }

    private SeededResults seeded(long seed) throws Exception {
        SeededResults results = new SeededResults(temp, seed, Instant.parse("2026-11-30T06:00:00Z"));
        results.environment("e", List.of());
        return results;
    }

    private Report build(List<String> thresholds) throws Exception {
        ReportOptions options = new ReportOptions(null, Duration.ofHours(2), false, thresholds, 0.95, 0.2, 0.05);
        return new ReportBuilder(new ResultsReader().read(List.of(temp)), options).build();
    }

    private static Report.Comparison comparison(Report report, String key) {
        return report.scenarios().get(0).comparisons().stream()
                .filter(c -> c.measure().equals(key))
                .findFirst()
                .orElseThrow();
    }
}
