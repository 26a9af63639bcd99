package dev.duel.report.build;

import dev.duel.analysis.RatioInterval;
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
 * A row's verdict: a pure function from the two sides' values (their summaries over runs, the interval made from
 * them) and what the row already knows against a verdict (a refusal, reasons that undermine it) to the row's
 * {@link Report.Comparison}: better, worse or different beyond noise, no difference, too few runs, not comparable or
 * refused, with its sentence. Ratios of medians for most measures, differences in percentage points for shares.
 * Immutable; thread-safe.
 */
final class Verdicts {
    private final String baseline;
    private final double confidence;

    /**
     * @param baseline   the target every other is compared with
     * @param confidence of the intervals, e.g. 0.95
     */
    Verdicts(String baseline, double confidence) {
        this.baseline = baseline;
        this.confidence = confidence;
    }

    /** What a comparison row says beside its verdict: warnings, the runs behind each side, why it has no verdict. */
    record RowContext(List<String> warnings, String runs, List<String> reasons) {}

    /**
     * The verdict of {@code other} against the baseline on one row.
     *
     * @param a       the baseline's cell: its summary over runs, or why it has none
     * @param b       the other's cell
     * @param refusal why the two sides' runs must not be compared at all, or null
     * @param row     what the row says beside its verdict; a row with reasons gets no better or worse
     */
    Report.Comparison of(Measure measure, Report.Cell a, Report.Cell b, String other, String refusal, RowContext row) {
        String label = measure.label();
        Result result = new Result(measure, other, row);
        if (refusal != null) {
            return result.of(
                    Double.NaN,
                    null,
                    Report.Verdict.REFUSED,
                    label + ": not compared: " + refusal + " (--allow-distant shows it anyway)");
        }
        if (a.summary() == null || b.summary() == null) {
            String why = a.summary() == null ? baseline + " " + a.missing() : other + " " + b.missing();
            List<String> reasons = new ArrayList<>(List.of(why));
            reasons.addAll(row.reasons());
            return result.of(
                    Double.NaN,
                    null,
                    Report.Verdict.NOT_COMPARABLE,
                    row.reasons().isEmpty()
                            ? label + ": not compared (" + why + ")"
                            : label + ": not comparable: " + String.join("; ", reasons));
        }
        Summary sa = a.summary();
        Summary sb = b.summary();
        String medians = baseline + " " + Format.value(sa.median(), measure.unit()) + ", " + other + " "
                + Format.value(sb.median(), measure.unit());
        if (!row.reasons().isEmpty()) {
            // The row's own warnings undermine any verdict: no better or worse, and every reason said.
            double ratio =
                    sa.median() > 0 && sb.median() > 0 && measure.comparable() ? sb.median() / sa.median() : Double.NaN;
            return result.of(
                    ratio,
                    null,
                    Report.Verdict.NOT_COMPARABLE,
                    label + ": not comparable: " + String.join("; ", row.reasons()) + " (" + medians
                            + ", median per run)");
        }
        if (measure.unit() == Metric.Unit.SHARE) {
            return shift(measure, sa, sb, other, result);
        }
        if (!measure.comparable() || sa.min() <= 0 || sb.min() <= 0) {
            String sentence = label + ": " + medians + " (median per run"
                    + (measure.comparable() ? "; zeros leave no ratio" : "") + ")";
            return result.of(Double.NaN, null, Report.Verdict.NOT_COMPARABLE, sentence);
        }
        double ratio = sb.median() / sa.median();
        if (sa.min() == sa.max() && sb.min() == sb.max() && sa.runs() > 1 && sb.runs() > 1) {
            String sentence = label + ": every run gave " + Format.value(sa.median(), measure.unit()) + " for "
                    + baseline + " and "
                    + Format.value(sb.median(), measure.unit()) + " for " + other
                    + (ratio == 1 ? "" : " (" + Format.change(ratio) + ")")
                    + "; with no run-to-run variation at this resolution there is no noise estimate, so no verdict";
            return result.of(ratio, null, Report.Verdict.NOT_COMPARABLE, sentence);
        }
        RatioInterval.Interval interval = RatioInterval.of(sa.values(), sb.values(), confidence);
        String ci = ci(interval, confidence);
        if (!interval.bounded()) {
            int needed = RatioInterval.runsNeeded(confidence);
            String sentence = String.format(
                    Locale.ROOT,
                    "%s: %d run(s) against %d cannot show a difference at %.0f%% (needs 2, or %d for an interval "
                            + "free of assumptions); medians %s and %s (%s)",
                    label,
                    sa.runs(),
                    sb.runs(),
                    confidence * 100,
                    needed,
                    Format.value(sa.median(), measure.unit()),
                    Format.value(sb.median(), measure.unit()),
                    Format.change(ratio));
            return result.of(ratio, interval, Report.Verdict.TOO_FEW_RUNS, sentence);
        }
        if (interval.contains(1.0)) {
            return result.of(
                    ratio, interval, Report.Verdict.NO_DIFFERENCE, label + ": no difference beyond noise (" + ci + ")");
        }
        boolean higher = ratio > 1;
        Report.Verdict verdict = switch (measure.direction()) {
            case HIGHER -> higher ? Report.Verdict.BETTER : Report.Verdict.WORSE;
            case LOWER -> higher ? Report.Verdict.WORSE : Report.Verdict.BETTER;
            case NONE -> Report.Verdict.DIFFERENT;
        };
        String amount = Format.change(ratio).substring(1);
        return result.of(ratio, interval, verdict, words(measure, other, amount, higher) + " (" + ci + ")");
    }

    /** "95% CI +6.1% to +10.9%; Hodges-Lehmann, coverage >= 95.9%": a ratio's interval, as every sentence says it. */
    static String ci(RatioInterval.Interval interval, double confidence) {
        return String.format(
                Locale.ROOT,
                "%.0f%% CI %s to %s; %s",
                confidence * 100,
                Format.change(interval.low()),
                Format.change(interval.high()),
                interval.label());
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
        // at 2 or 3 runs a side they get a t interval; late, unstarted and throttled shares, which pile up at 0, do
        // not.
        ShiftInterval.Interval interval = measure.key().startsWith("runtime.")
                ? ShiftInterval.ofContinuous(sa.values(), sb.values(), confidence)
                : ShiftInterval.of(sa.values(), sb.values(), confidence);
        if (!interval.bounded()) {
            String sentence = String.format(
                    Locale.ROOT,
                    "%s: %d run(s) against %d cannot show a difference at %.0f%% (needs %d on each side); medians %s"
                            + " (%s)",
                    label,
                    sa.runs(),
                    sb.runs(),
                    confidence * 100,
                    RatioInterval.runsNeeded(confidence),
                    medians,
                    Format.points(points));
            return result.ofShift(points, interval, Report.Verdict.TOO_FEW_RUNS, sentence);
        }
        String ci = String.format(
                Locale.ROOT,
                "%.0f%% CI %s; %s",
                confidence * 100,
                Format.pointsRange(interval.low() * 100, interval.high() * 100),
                interval.label());
        if (interval.contains(0)) {
            return result.ofShift(
                    points,
                    interval,
                    Report.Verdict.NO_DIFFERENCE,
                    label + ": no difference beyond noise (" + ci + ")");
        }
        boolean higher = points > 0;
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

        Report.Comparison of(double ratio, RatioInterval.Interval interval, Report.Verdict verdict, String sentence) {
            return new Report.Comparison(
                    measure.key(),
                    baseline,
                    other,
                    ratio,
                    interval == null ? 0 : interval.low(),
                    interval == null ? Double.POSITIVE_INFINITY : interval.high(),
                    verdict,
                    sentence,
                    row.warnings(),
                    row.runs(),
                    verdict == Report.Verdict.REFUSED ? List.of() : row.reasons(),
                    interval == null || interval.method() == RatioInterval.Method.NONE ? "" : interval.label(),
                    null);
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
