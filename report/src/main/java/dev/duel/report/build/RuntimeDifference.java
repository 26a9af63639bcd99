package dev.duel.report.build;

import dev.duel.report.model.Format;
import dev.duel.report.model.Measure;
import dev.duel.report.model.Report;
import dev.duel.report.model.Summary;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one sentence per comparison that names the largest runtime difference between two targets at steady state.
 *
 * <ul>
 *   <li>Rows that count: the steady-state runtime rows (JIT CPU share, GC pause share, GC+VM thread CPU share,
 *       allocation per request, deoptimizations per second); JIT CPU until steady state is a warm-up cost, not a
 *       steady-state difference.
 *   <li>A row counts only with a value (a median over runs) on both sides, and only when the larger of the two
 *       medians reaches the row's floor ({@link #FLOORS}): below it, a ratio of two tiny numbers says nothing about
 *       where the time goes (0.2% against 0.1% of wall time is "twice", and nothing to act on).
 *   <li>"Largest" is the relative difference of the medians, the larger over the smaller (infinite when the smaller
 *       is 0): the row where one side spends the most times what the other does.
 *   <li>Only a row whose comparison has a verdict (its interval excludes no change, and nothing undermines it) can
 *       be named as a difference. When none has one, the sentence says so and names the largest difference between
 *       medians as not a verdict, with the reason its row gives.
 *   <li>"no runtime data" when neither side has a timeline; "no runtime data for X" when one side has none.
 * </ul>
 *
 * Stateless.
 */
final class RuntimeDifference {
    /** Per row, the value the larger median must reach for the row to count, in the row's unit. */
    static final Map<String, Double> FLOORS = Map.of(
            RuntimeAnswer.JIT_SHARE.key(), 0.01,
            RuntimeAnswer.GC_PAUSE_SHARE.key(), 0.005,
            RuntimeAnswer.GC_CPU_SHARE.key(), 0.005,
            RuntimeAnswer.ALLOCATION.key(), 1024.0,
            RuntimeAnswer.DEOPTIMIZATIONS.key(), 1.0);

    private RuntimeDifference() {}

    /**
     * @param rows        the runtime rows, cells in the order of {@code targets}
     * @param comparisons the rows' comparisons of {@code other} against {@code baseline}
     * @param timed       per target, whether any of its runs has a timeline
     */
    static String largest(
            List<Report.Row> rows,
            List<Report.Comparison> comparisons,
            List<String> targets,
            String baseline,
            String other,
            java.util.function.Predicate<String> timed) {
        boolean a = timed.test(baseline);
        boolean b = timed.test(other);
        if (!a && !b) {
            return other + " against " + baseline + ": no runtime data";
        }
        if (!a || !b) {
            return other + " against " + baseline + ": no runtime data for " + (a ? other : baseline)
                    + ", nothing to compare";
        }
        int ia = targets.indexOf(baseline);
        int ib = targets.indexOf(other);
        Candidate best = null;
        Candidate bestWithVerdict = null;
        for (Report.Row row : rows) {
            Double floor = FLOORS.get(row.measure().key());
            Summary sa = row.cells().get(ia).summary();
            Summary sb = row.cells().get(ib).summary();
            if (floor == null
                    || sa == null
                    || sb == null
                    || Math.max(row.measure().central(sa), row.measure().central(sb)) < floor) {
                continue;
            }
            Report.Comparison comparison = comparisons.stream()
                    .filter(c -> c.measure().equals(row.measure().key()))
                    .findFirst()
                    .orElse(null);
            Candidate candidate = new Candidate(
                    row.measure(), row.measure().central(sa), row.measure().central(sb), comparison);
            if (best == null || candidate.relative() > best.relative()) {
                best = candidate;
            }
            if (candidate.verdict() && (bestWithVerdict == null || candidate.relative() > bestWithVerdict.relative())) {
                bestWithVerdict = candidate;
            }
        }
        if (best == null) {
            return other + " against " + baseline + ": no runtime difference at steady state large enough to matter"
                    + " (every row with values on both sides is under its floor)";
        }
        if (bestWithVerdict != null) {
            // A larger gap whose row has no verdict is named too, so that "largest" never hides a bigger unconfirmed
            // one; the chosen row's own warnings (runs left out, distant runs compared anyway) go with it.
            String text = best == bestWithVerdict
                    ? "Largest runtime difference at steady state: " + bestWithVerdict.words(baseline, other)
                    : "Largest runtime difference at steady state that stands beyond noise: "
                            + bestWithVerdict.words(baseline, other)
                            + "; larger between the values the table shows, not a verdict: "
                            + best.words(baseline, other) + " ("
                            + (best.comparison() == null ? "not compared" : Format.verdict(best.comparison())) + ")";
            Report.Comparison chosen = bestWithVerdict.comparison();
            List<String> notes = new java.util.ArrayList<>();
            // Runs left out under the majority rule, in the row's own few words; any other warning in full.
            if (chosen.runs() != null && chosen.runs().contains("never steady")) {
                notes.add("runs used: " + chosen.runs());
            }
            chosen.warnings().stream()
                    .filter(w -> !w.contains("never reached steady state"))
                    .forEach(notes::add);
            return notes.isEmpty() ? text : text + " [" + String.join("; ", notes) + "]";
        }
        return other + " against " + baseline + ": no runtime difference at steady state stands beyond noise; the"
                + " largest between medians, not a verdict: " + best.words(baseline, other) + " ("
                + (best.comparison() == null ? "not compared" : Format.verdict(best.comparison())) + ")";
    }

    /** A row with values on both sides: the baseline's median {@code a}, the other's {@code b}. */
    private record Candidate(Measure measure, double a, double b, Report.Comparison comparison) {
        double relative() {
            double low = Math.min(a, b);
            return low <= 0 ? Double.POSITIVE_INFINITY : Math.max(a, b) / low;
        }

        boolean verdict() {
            return comparison != null
                    && comparison.reasons().isEmpty()
                    && switch (comparison.verdict()) {
                        case BETTER, WORSE, DIFFERENT -> true;
                        default -> false;
                    };
        }

        /** "jdk25 spends 3.1x the GC pause share of jdk17 (2.4% vs 0.8% of wall time)": the larger side first. */
        String words(String baseline, String other) {
            boolean otherLarger = b >= a;
            String large = otherLarger ? other : baseline;
            String small = otherLarger ? baseline : other;
            String vLarge = Format.value(Math.max(a, b), measure.unit());
            String vSmall = Format.value(Math.min(a, b), measure.unit());
            if (Math.min(a, b) <= 0) {
                return measure.label() + ": " + large + " " + vLarge + ", " + small + " " + vSmall;
            }
            double ratio = Math.max(a, b) / Math.min(a, b);
            String times = String.format(Locale.ROOT, ratio >= 10 ? "%.0fx" : "%.1fx", ratio);
            return switch (measure.key()) {
                case "runtime.gc.pause" ->
                    large + " spends " + times + " the GC pause share of " + small + " (" + vLarge + " vs " + vSmall
                            + " of wall time)";
                case "runtime.gc.cpu" ->
                    Verdicts.possessive(large) + " GC and VM threads take " + times + " the CPU share of "
                            + Verdicts.possessive(small) + " (" + vLarge + " vs " + vSmall
                            + " of the target's CPU)";
                case "runtime.jit.share" ->
                    Verdicts.possessive(large) + " JIT compilers take " + times + " the CPU share of "
                            + Verdicts.possessive(small) + " (" + vLarge + " vs " + vSmall
                            + " of the target's CPU)";
                case "runtime.alloc" ->
                    large + " allocates " + times + " as much per request as " + small + " (" + vLarge + " vs " + vSmall
                            + ")";
                case "runtime.deopt" ->
                    large + " deoptimizes " + times + " as often as " + small + " (" + vLarge + " vs " + vSmall
                            + " per second)";
                default -> measure.label() + ": " + large + " " + vLarge + ", " + small + " " + vSmall;
            };
        }
    }
}
