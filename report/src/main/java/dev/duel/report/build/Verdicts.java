package dev.duel.report.build;

import dev.duel.analysis.DetectableChange;
import dev.duel.analysis.RatioInterval;
import dev.duel.analysis.RatioVerdict;
import dev.duel.analysis.ShiftInterval;
import dev.duel.report.model.Format;
import dev.duel.report.model.Measure;
import dev.duel.report.model.Metric;
import dev.duel.report.model.Report;
import dev.duel.report.model.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A row's verdict: a pure function from the two sides' values (every run of each, some counted with a mark) and what
 * the row already knows against a verdict (a refusal, reasons that undermine it) to the row's {@link
 * Report.Comparison}, worded as benchstat, criterion.rs and BenchmarkDotNet word theirs:
 *
 * <ul>
 *   <li>a change with its 95% interval, when the interval excludes no change ({@link Report.Verdict#BETTER}, {@link
 *       Report.Verdict#WORSE}, {@link Report.Verdict#DIFFERENT});
 *   <li>"the same within ±m%" ({@link Report.Verdict#SAME}) when two one-sided tests at the margin support it (the
 *       90% interval inside ±m): said first, since a change inside the margin is not one that matters;
 *   <li>otherwise "cannot tell" ({@link Report.Verdict#CANNOT_TELL}), with the smallest change these runs could have
 *       detected.
 * </ul>
 *
 * Every run counts: the verdict stands on every run of each side, and when some were counted with a mark (never
 * steady, thin samples, invalid...) the clean runs' own result is kept beside it; when the two disagree in direction,
 * or a marked run lies outside what its side's clean runs predict, the row says so instead of a verdict. Ratios for most
 * measures ({@link RatioInterval}), differences in percentage points for shares ({@link ShiftInterval}). Immutable;
 * thread-safe.
 */
final class Verdicts {
    private final String baseline;
    private final double confidence;
    private final double sameWithin;

    /**
     * @param baseline   the target every other is compared with
     * @param confidence of the intervals, e.g. 0.95
     * @param sameWithin the equivalence margin, e.g. 0.05 for ±5%
     */
    Verdicts(String baseline, double confidence, double sameWithin) {
        this.baseline = baseline;
        this.confidence = confidence;
        this.sameWithin = sameWithin;
    }

    /** What a comparison row says beside its verdict: warnings, the runs behind each side, why it has no verdict. */
    record RowContext(List<String> warnings, String runs, List<String> reasons) {}

    /**
     * The verdict of {@code other} against the baseline on one row.
     *
     * @param a       the baseline's cell: its summary over runs, or why it has none
     * @param b       the other's cell
     * @param refusal why the two sides' runs must not be compared at all, or null
     * @param row     what the row says beside its verdict; a row with reasons gets no verdict
     */
    Report.Comparison of(Measure measure, Report.Cell a, Report.Cell b, String other, String refusal, RowContext row) {
        String label = measure.label();
        Result result = new Result(measure, other, row);
        if (refusal != null) {
            return result.none(
                    Report.Verdict.REFUSED,
                    label + ": not compared: " + refusal + " (--allow-distant shows it anyway)");
        }
        if (a.summary() == null || b.summary() == null) {
            String why = a.summary() == null ? baseline + " " + a.missing() : other + " " + b.missing();
            return result.none(Report.Verdict.NOT_COMPARABLE, label + ": not compared (" + why + ")");
        }
        Summary sa = a.summary();
        Summary sb = b.summary();
        // The values the table shows beside this row ({@link Measure#central}): every sentence that names the two sides
        // names these, so no sentence and no cell point two ways.
        String centres = baseline + " " + Format.value(measure.central(sa), measure.unit()) + ", " + other + " "
                + Format.value(measure.central(sb), measure.unit());
        if (!row.reasons().isEmpty()) {
            // No signed change beside reasons that undermine it: the two sides' values, and every reason said.
            return result.none(Report.Verdict.NOT_COMPARABLE, label + ": not comparable (" + centres + ")");
        }
        if (measure.unit() == Metric.Unit.SHARE) {
            return shift(measure, sa, sb, other, result);
        }
        if (!measure.comparable() || sa.min() <= 0 || sb.min() <= 0) {
            String sentence = label + ": " + centres
                    + (measure.comparable() ? " (" + zeros(baseline, sa, other, sb) + ")" : " (median per run)");
            return result.none(Report.Verdict.NOT_COMPARABLE, sentence);
        }
        RatioVerdict.Outcome outcome = RatioVerdict.of(side(a, sa), side(b, sb), confidence, sameWithin);
        RatioInterval.Interval all = outcome.all();
        // Unpaired, and paired run against run, the ratio is exactly the ratio of the two geometric means the table
        // shows. Paired slice against slice (a duet, interleaved pairs) it is not: whole runs met the host's speeds in
        // other proportions than the paired slices did, and the two can point opposite ways. Then no direction is
        // claimed, and a row without one says why its change and its cells disagree.
        String against = against(measure, sa, sb, all.ratio());
        if (against != null) {
            if (outcome.kind() == RatioVerdict.Kind.HIGHER || outcome.kind() == RatioVerdict.Kind.LOWER) {
                return result.none(
                        Report.Verdict.NOT_COMPARABLE,
                        label + ": no verdict: the paired slices give " + Format.change(all.ratio()) + " (" + ci(all)
                                + "), " + against);
            }
            List<String> warnings = new ArrayList<>(row.warnings());
            warnings.add(against);
            result = new Result(measure, other, new RowContext(warnings, row.runs(), row.reasons()));
        }
        RatioInterval.Interval steady = outcome.clean();
        // Paired, the clean repetitions (a run of each side in each, neither marked) and their ratio: one clean
        // repetition is one, whatever each side's clean runs number.
        Report.CleanResult clean = a.marked().isEmpty() && b.marked().isEmpty()
                ? null
                : steady == null
                        ? new Report.CleanResult(
                                outcome.cleanA(),
                                outcome.cleanB(),
                                outcome.paired(),
                                Double.NaN,
                                0,
                                Double.POSITIVE_INFINITY)
                        : new Report.CleanResult(
                                outcome.cleanA(),
                                outcome.cleanB(),
                                outcome.paired(),
                                steady.ratio(),
                                steady.low(),
                                steady.high());
        return switch (outcome.kind()) {
            case NO_NOISE -> {
                double ratio = sb.median() / sa.median();
                yield result.none(
                        Report.Verdict.NOT_COMPARABLE,
                        label + ": every run gave " + Format.value(sa.median(), measure.unit()) + " for " + baseline
                                + " and " + Format.value(sb.median(), measure.unit()) + " for " + other
                                + (ratio == 1 ? "" : " (" + Format.change(ratio) + ")")
                                + "; with no run-to-run variation at this resolution there is no noise estimate, so"
                                + " no verdict");
            }
            case TOO_FEW_RUNS ->
                result.of(
                        all,
                        Report.Verdict.TOO_FEW_RUNS,
                        String.format(
                                Locale.ROOT,
                                "%s: %d run(s) against %d cannot show a difference (an interval needs 2 runs a side);"
                                        + " %s (%s)",
                                label,
                                sa.runs(),
                                sb.runs(),
                                centres,
                                Format.change(all.ratio())),
                        null);
            case DEPENDS_ON_MARKED -> {
                List<String> why = new ArrayList<>();
                if (outcome.paired()) {
                    outsidePaired(a, b, other, outcome, measure).ifPresent(why::add);
                } else {
                    outside(baseline, a, outcome.outsideA(), outcome.predictedA(), measure)
                            .ifPresent(why::add);
                    outside(other, b, outcome.outsideB(), outcome.predictedB(), measure)
                            .ifPresent(why::add);
                }
                if (why.isEmpty()) {
                    why.add(String.format(
                            Locale.ROOT,
                            "every run gives %s (%s), the clean runs alone %s (%s): the runs counted with a mark decide"
                                    + " the direction",
                            Format.change(all.ratio()),
                            ci(all),
                            Format.change(steady.ratio()),
                            ci(steady)));
                }
                yield result.dependsOnMarked(label + ": no verdict: " + String.join("; ", why), clean);
            }
            case TOO_FEW_CLEAN -> {
                String few = fewClean(outcome, a, baseline, b, other);
                yield result.dependsOnMarked(
                        String.format(
                                Locale.ROOT,
                                "%s: no verdict: %s: a verdict with runs counted with a mark needs %d clean %s to"
                                        + " check them against",
                                label,
                                few,
                                RatioVerdict.MIN_CLEAN,
                                outcome.paired() ? "repetitions" : "runs a side"),
                        clean);
            }
            case SAME ->
                result.of(
                        all,
                        Report.Verdict.SAME,
                        String.format(
                                Locale.ROOT,
                                "%s within %s (%s, %s CI %s to %s)",
                                same(measure, other),
                                Format.margin(sameWithin),
                                Format.change(all.ratio()),
                                Format.confidence(outcome.tost().confidence()),
                                Format.change(outcome.tost().low()),
                                Format.change(outcome.tost().high())),
                        clean);
            case CANNOT_TELL ->
                result.of(
                        all,
                        Report.Verdict.CANNOT_TELL,
                        String.format(
                                Locale.ROOT,
                                "%s: cannot tell: %s (%s); these runs would detect %s",
                                label,
                                Format.change(all.ratio()),
                                ci(all),
                                detectable(outcome.detectable())),
                        clean);
            case HIGHER, LOWER -> {
                boolean higher = outcome.kind() == RatioVerdict.Kind.HIGHER;
                Report.Verdict verdict = switch (measure.direction()) {
                    case HIGHER -> higher ? Report.Verdict.BETTER : Report.Verdict.WORSE;
                    case LOWER -> higher ? Report.Verdict.WORSE : Report.Verdict.BETTER;
                    case NONE -> Report.Verdict.DIFFERENT;
                };
                String amount = Format.change(all.ratio()).substring(1);
                String sentence = words(measure, other, amount, higher) + " (" + ci(all) + ")";
                String few = fewClean(outcome, a, baseline, b, other);
                // Every run of both sides marked leaves no clean interval: the verdict of the marked values alike.
                if (few != null && steady != null) {
                    // Too few clean runs to check the marked ones against: the change stands only because the clean
                    // runs alone show it too (RatioVerdict); the sentence says so, with their own interval.
                    sentence += String.format(
                            Locale.ROOT,
                            "; %s, too few to check the marked ones against, and they alone show it too: %s (%s)",
                            few,
                            Format.change(steady.ratio()),
                            ci(steady));
                }
                yield result.of(all, verdict, sentence, clean);
            }
        };
    }

    /** "jdk25 has a run at 0, which leaves no ratio; its median": why a ratio measure gives no ratio, and what is shown. */
    private static String zeros(String baseline, Summary sa, String other, Summary sb) {
        boolean zeroA = sa.min() <= 0;
        boolean zeroB = sb.min() <= 0;
        if (zeroA && zeroB) {
            return "both have a run at 0, which leaves no ratio; medians";
        }
        return (zeroA ? baseline : other) + " has a run at 0, which leaves no ratio; its median, the other's geometric"
                + " mean";
    }

    /**
     * Why a ratio and the two sides' central values (the table's cells) point opposite ways, or null when they do not:
     * "the runs' geometric means the other way (jdk17 20,100 req/s, jdk25 19,800 req/s): the host's speed moved between
     * the pairs' slices and the rest of their runs".
     */
    static String against(Measure measure, Summary sa, Summary sb, double ratio) {
        double centreA = measure.central(sa);
        double centreB = measure.central(sb);
        boolean opposite = ratio > 1 ? centreB < centreA : ratio < 1 && centreB > centreA;
        if (!opposite || !Double.isFinite(ratio)) {
            return null;
        }
        return String.format(
                Locale.ROOT,
                "the runs' %ss point the other way (%s): the host's speed moved between the pairs' slices and the"
                        + " rest of their runs",
                measure.centralName(sa),
                Format.change(centreB / centreA));
    }

    /**
     * "a change of +109% or -52% or more (80% power; noise at its 80% upper bound, 2 df)": both ways, since "±109%"
     * reads as a fall of 109%, and what it rests on.
     */
    static String detectable(DetectableChange change) {
        return String.format(
                Locale.ROOT,
                "a change of %s or %s or more (%.0f%% power; noise at its %.0f%% upper bound, %d df)",
                Format.change(1 + change.rise()),
                Format.change(1 + change.fall()),
                change.power() * 100,
                DetectableChange.NOISE_CONFIDENCE * 100,
                change.freedom());
    }

    /**
     * "only 2 of 4 repetitions are clean", "jdk25 has 2 clean runs of 4": why the marked runs cannot be checked, or null
     * when every side with marked runs has {@link RatioVerdict#MIN_CLEAN} clean ones.
     */
    private static String fewClean(
            RatioVerdict.Outcome outcome, Report.Cell a, String baseline, Report.Cell b, String other) {
        if (a.marked().isEmpty() && b.marked().isEmpty()) {
            return null;
        }
        if (outcome.paired()) {
            return outcome.cleanA() >= RatioVerdict.MIN_CLEAN
                    ? null
                    : String.format(
                            Locale.ROOT,
                            outcome.cleanA() == 0
                                    ? "none of %2$d repetitions is clean"
                                    : "only %d of %d repetitions " + (outcome.cleanA() == 1 ? "is" : "are") + " clean",
                            outcome.cleanA(),
                            outcome.all().freedom() + 1);
        }
        List<String> sides = java.util.stream.Stream.of(
                        fewClean(baseline, a, outcome.cleanA()), fewClean(other, b, outcome.cleanB()))
                .flatMap(java.util.Optional::stream)
                .toList();
        return sides.isEmpty() ? null : String.join(" and ", sides);
    }

    /** "jdk25 has 1 clean run of 3", for a side with marked runs and too few clean ones; empty otherwise. */
    private static java.util.Optional<String> fewClean(String target, Report.Cell cell, int clean) {
        if (cell.marked().isEmpty() || clean >= RatioVerdict.MIN_CLEAN) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(String.format(
                Locale.ROOT,
                "%s has %d clean run%s of %d",
                target,
                clean,
                clean == 1 ? "" : "s",
                cell.summary().runs()));
    }

    /** A cell as the verdict reads it: every run's value, marked or not. */
    private static RatioVerdict.Side side(Report.Cell cell, Summary summary) {
        double[] values = summary.values();
        boolean[] marked = new boolean[values.length];
        List<Double> markedValues = new ArrayList<>();
        cell.marked().forEach(r -> markedValues.add(r.value()));
        for (int i = 0; i < values.length; i++) {
            marked[i] = markedValues.remove((Double) values[i]);
        }
        return new RatioVerdict.Side(
                values,
                marked,
                cell.pairs().isEmpty() ? null : cell.pairs().toArray(new String[0]),
                cell.duetRatios().isEmpty()
                        ? null
                        : cell.duetRatios().stream()
                                .mapToDouble(Double::doubleValue)
                                .toArray(),
                cell.interleaved() ? RatioInterval.Method.INTERLEAVED : RatioInterval.Method.DUET);
    }

    /**
     * "jdk25's run 004 (never steady) gave 31,200, outside what its 3 clean runs predict (33,100 to 35,900)": where one
     * more run like the clean ones would fall, at the row's confidence.
     */
    private static java.util.Optional<String> outside(
            String target,
            Report.Cell cell,
            List<Integer> outsideIndices,
            RatioVerdict.Range predicted,
            Measure measure) {
        if (outsideIndices.isEmpty() || predicted == null) {
            return java.util.Optional.empty();
        }
        double[] values = cell.summary().values();
        int clean = cell.cleanValues().length;
        List<String> runs = new ArrayList<>();
        for (int index : outsideIndices) {
            double value = values[index];
            cell.marked().stream()
                    .filter(r -> r.value() == value)
                    .findFirst()
                    .ifPresent(r -> runs.add(String.format(
                            Locale.ROOT,
                            "run %s (%s) gave %s",
                            r.run(),
                            r.why(),
                            Format.valueWithUnit(value, measure.unit()))));
        }
        return java.util.Optional.of(String.format(
                Locale.ROOT,
                "%s %s, outside what its %d clean runs predict (%s to %s)",
                possessive(target),
                String.join(", ", runs),
                clean,
                Format.value(predicted.low(), measure.unit()),
                Format.valueWithUnit(predicted.high(), measure.unit())));
    }

    /**
     * Runs paired by repetition: "jdk25's run 006 (never steady) gave 19,122, its repetition's change +3.6%, outside what the 2
     * clean repetitions predict (+4.1% to +7.9%)": a marked run's repetition's ratio B / A against where one more
     * repetition like the clean ones would fall.
     */
    private java.util.Optional<String> outsidePaired(
            Report.Cell a, Report.Cell b, String other, RatioVerdict.Outcome outcome, Measure measure) {
        RatioVerdict.Range predicted = outcome.predictedRatio();
        if (predicted == null
                || (outcome.outsideA().isEmpty() && outcome.outsideB().isEmpty())) {
            return java.util.Optional.empty();
        }
        List<String> runs = new ArrayList<>();
        int cleanRepetitions = 0;
        java.util.Map<String, Integer> inB = new java.util.HashMap<>();
        for (int j = 0; j < b.pairs().size(); j++) {
            inB.put(b.pairs().get(j), j);
        }
        double[] va = a.summary().values();
        double[] vb = b.summary().values();
        for (int i = 0; i < a.pairs().size(); i++) {
            int j = inB.get(a.pairs().get(i));
            boolean outA = outcome.outsideA().contains(i);
            boolean outB = outcome.outsideB().contains(j);
            boolean markedA = markedRun(a, va[i]) != null;
            boolean markedB = markedRun(b, vb[j]) != null;
            if (!markedA && !markedB) {
                cleanRepetitions++;
            }
            if (!outA && !outB) {
                continue;
            }
            List<String> gave = new ArrayList<>();
            if (outA) {
                gave.add(gave(baseline, markedRun(a, va[i]), va[i], measure));
            }
            if (outB) {
                gave.add(gave(other, markedRun(b, vb[j]), vb[j], measure));
            }
            runs.add(String.join(" and ", gave) + ", its repetition's change " + Format.change(vb[j] / va[i]));
        }
        return java.util.Optional.of(String.format(
                Locale.ROOT,
                "%s, outside what the %d clean repetitions predict (%s to %s)",
                String.join("; ", runs),
                cleanRepetitions,
                Format.change(predicted.low()),
                Format.change(predicted.high())));
    }

    /** "jdk25's run 006 (never steady) gave 19,122". */
    private static String gave(String target, Report.MarkedRun run, double value, Measure measure) {
        return String.format(
                Locale.ROOT,
                "%s run %s (%s) gave %s",
                possessive(target),
                run.run(),
                run.why(),
                Format.valueWithUnit(value, measure.unit()));
    }

    private static Report.MarkedRun markedRun(Report.Cell cell, double value) {
        return cell.marked().stream()
                .filter(r -> r.value() == value)
                .findFirst()
                .orElse(null);
    }

    /** "95% CI +6.1% to +10.9%": a ratio's interval, as every sentence says it. */
    static String ci(RatioInterval.Interval interval) {
        return Format.confidence(interval.confidence()) + " CI " + Format.change(interval.low()) + " to "
                + Format.change(interval.high());
    }

    /**
     * A share (late, unstarted, throttled) compared as a difference in percentage points, which one side at 0
     * does not void as it voids a ratio ({@link ShiftInterval}).
     */
    private Report.Comparison shift(Measure measure, Summary sa, Summary sb, String other, Result result) {
        String label = measure.label();
        double points = (sb.median() - sa.median()) * 100;
        String medians = Format.value(sa.median(), measure.unit()) + " for " + baseline + " and "
                + Format.value(sb.median(), measure.unit()) + " for " + other;
        if (sa.min() == sa.max() && sb.min() == sb.max() && sa.runs() > 1 && sb.runs() > 1) {
            String sentence = label + ": every run gave " + medians
                    + (points == 0 ? "" : " (" + Format.points(points) + ")")
                    + "; with no run-to-run variation at this resolution there is no noise estimate, so no verdict";
            return result.ofShift(points, null, Report.Verdict.NOT_COMPARABLE, sentence);
        }
        // The runtime's shares (GC pauses, GC and JIT threads' CPU) are continuous, far from 0 and from each other:
        // they get a t interval at every run count; late, unstarted and throttled shares, which pile up at 0, do not.
        ShiftInterval.Interval interval = measure.key().startsWith("runtime.")
                ? ShiftInterval.ofContinuous(sa.values(), sb.values(), confidence)
                : ShiftInterval.of(sa.values(), sb.values(), confidence);
        if (!interval.bounded()) {
            String sentence = String.format(
                    Locale.ROOT,
                    "%s: %d run(s) against %d cannot show a difference at %.0f%%; medians %s (%s)",
                    label,
                    sa.runs(),
                    sb.runs(),
                    confidence * 100,
                    medians,
                    Format.points(points));
            return result.ofShift(points, interval, Report.Verdict.TOO_FEW_RUNS, sentence);
        }
        String ci = String.format(
                Locale.ROOT,
                "%.0f%% CI %s",
                confidence * 100,
                Format.pointsRange(interval.low() * 100, interval.high() * 100));
        if (interval.contains(0)) {
            return result.ofShift(
                    points, interval, Report.Verdict.CANNOT_TELL, label + ": no difference beyond noise (" + ci + ")");
        }
        boolean higher = interval.low() > 0;
        if (higher ? points <= 0 : points >= 0) {
            // The medians the table shows and the pairwise shifts point different ways: no direction is claimed.
            return result.ofShift(
                    points,
                    interval,
                    Report.Verdict.NOT_COMPARABLE,
                    label + ": no verdict: the medians differ by " + Format.points(points) + ", the runs pairwise ("
                            + ci + ") the other way");
        }
        Report.Verdict verdict = switch (measure.direction()) {
            case HIGHER -> higher ? Report.Verdict.BETTER : Report.Verdict.WORSE;
            case LOWER -> higher ? Report.Verdict.WORSE : Report.Verdict.BETTER;
            case NONE -> Report.Verdict.DIFFERENT;
        };
        String amount = Format.points(Math.abs(points)).substring(1);
        String more = higher ? "more" : "fewer";
        String words = switch (measure.key()) {
            case "late" -> other + " starts " + amount + " " + more + " requests late";
            case "unstarted" -> other + " leaves " + amount + " " + more + " requests unstarted";
            case "throttled" -> other + " is throttled in " + amount + " " + more + " CPU periods";
            default -> possessive(other) + " " + label + " is " + amount + " " + (higher ? "higher" : "lower");
        };
        return result.ofShift(points, interval, verdict, words + " than " + baseline + " (" + ci + ")");
    }

    /** Builds one row's {@link Report.Comparison} from its verdict, with what every row carries. */
    private final class Result {
        private final Measure measure;
        private final String other;
        private final RowContext row;

        Result(Measure measure, String other, RowContext row) {
            this.measure = measure;
            this.other = other;
            this.row = row;
        }

        /** A row without an interval: refused, not compared or not comparable. No ratio is printed. */
        Report.Comparison none(Report.Verdict verdict, String sentence) {
            return comparison(Double.NaN, 0, Double.POSITIVE_INFINITY, verdict, sentence, "", Double.NaN, null);
        }

        /** A row whose verdict depends on its marked runs: the every-run ratio kept out, the clean runs' beside. */
        Report.Comparison dependsOnMarked(String sentence, Report.CleanResult clean) {
            return comparison(
                    Double.NaN,
                    0,
                    Double.POSITIVE_INFINITY,
                    Report.Verdict.NOT_COMPARABLE,
                    sentence,
                    "",
                    Double.NaN,
                    clean);
        }

        Report.Comparison of(
                RatioInterval.Interval interval, Report.Verdict verdict, String sentence, Report.CleanResult clean) {
            return comparison(
                    interval.ratio(),
                    interval.low(),
                    interval.high(),
                    verdict,
                    sentence,
                    interval.method() == RatioInterval.Method.NONE ? "" : interval.label(),
                    verdict == Report.Verdict.CANNOT_TELL
                            ? interval.detectable(RatioVerdict.POWER).rise()
                            : Double.NaN,
                    clean);
        }

        private Report.Comparison comparison(
                double ratio,
                double low,
                double high,
                Report.Verdict verdict,
                String sentence,
                String method,
                double detectable,
                Report.CleanResult clean) {
            return new Report.Comparison(
                    measure.key(),
                    baseline,
                    other,
                    ratio,
                    low,
                    high,
                    verdict,
                    sentence,
                    row.warnings(),
                    row.runs(),
                    verdict == Report.Verdict.REFUSED ? List.of() : row.reasons(),
                    method,
                    null,
                    measure.comparable() ? sameWithin : Double.NaN,
                    detectable,
                    clean);
        }

        /** As {@link #of}, for a share compared as a difference of {@code points} percentage points. */
        Report.Comparison ofShift(
                double points, ShiftInterval.Interval interval, Report.Verdict verdict, String sentence) {
            boolean bounded = interval != null && interval.bounded();
            return new Report.Comparison(
                    measure.key(),
                    baseline,
                    other,
                    Double.NaN,
                    0,
                    Double.POSITIVE_INFINITY,
                    verdict,
                    sentence,
                    row.warnings(),
                    row.runs(),
                    row.reasons(),
                    bounded ? interval.label() : "",
                    new Report.Shift(
                            points,
                            bounded ? interval.low() * 100 : Double.NEGATIVE_INFINITY,
                            bounded ? interval.high() * 100 : Double.POSITIVE_INFINITY));
        }
    }

    /** "jdk25 and jdk17 serve the same requests/s", "jdk25's p99 and jdk17's are the same". */
    private String same(Measure measure, String other) {
        return switch (measure.key()) {
            case "rps" -> other + " and " + baseline + " serve the same requests/s";
            case "cpu" -> other + " and " + baseline + " use the same CPU per request";
            case "startup" -> other + " and " + baseline + " take the same time to start";
            default -> possessive(other) + " " + measure.label() + " and " + possessive(baseline) + " are the same";
        };
    }

    /** "jdk25 serves 8.5% more requests/s than jdk17", "jdk25's p99 is 12% lower than jdk17's". */
    private String words(Measure measure, String other, String amount, boolean higher) {
        String more = higher ? "more" : "fewer";
        return switch (measure.key()) {
            case "rps" -> other + " serves " + amount + " " + more + " requests/s than " + baseline;
            case "cpu" ->
                other + " uses " + amount + " " + (higher ? "more" : "less") + " CPU per request than " + baseline;
            case "cores" -> other + " uses " + amount + " " + (higher ? "more" : "fewer") + " cores than " + baseline;
            case "startup" ->
                other + " takes " + amount + " " + (higher ? "longer" : "less time") + " to start than " + baseline;
            default ->
                possessive(other) + " " + measure.label() + " is " + amount + " " + (higher ? "higher" : "lower")
                        + " than " + possessive(baseline);
        };
    }

    /** "jdk25's", "controllers'". */
    static String possessive(String name) {
        return name.endsWith("s") ? name + "'" : name + "'s";
    }
}
