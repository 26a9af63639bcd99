package dev.duel.report.build;

import dev.duel.report.model.Format;
import dev.duel.report.model.Measure;
import dev.duel.report.model.Metric;
import dev.duel.report.model.PastSection;
import dev.duel.report.model.Report;
import dev.duel.report.model.SectionKind;
import dev.duel.report.model.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A report's targets against a history's reference ({@code duel report --against REF}): per load scenario, target and
 * measure (requests/s, p99, CPU per request), this run's values against the reference's runs with the report's own
 * verdict ({@link Verdicts}: the same words, intervals and margin as every other row), and the reference's spread from
 * entry to entry beside it. The two sides' runs are compared unpaired: they ran in different sessions. Stateless.
 */
public final class PastComparisons {
    /** The measures compared with a reference: what a pull request asks about. */
    static final Set<String> MEASURES = Set.of("rps", "p99", "cpu");

    private PastComparisons() {}

    /**
     * What the reference holds for one scenario, target and measure.
     *
     * @param values  every run's value in the reference's entries, entry after entry
     * @param entries each entry's central value (the one its report's verdict read), oldest first
     */
    public record Past(List<Double> values, List<Double> entries) {
        public Past {
            values = List.copyOf(values);
            entries = List.copyOf(entries);
        }
    }

    /** The reference's values for a scenario, target and measure key, or null when it has none. */
    @FunctionalInterface
    public interface Lookup {
        Past of(String scenario, String target, String measure);
    }

    /**
     * {@code report} with its targets compared with the reference.
     *
     * @param reference  what was asked for ("main")
     * @param described  what it matched, in words
     * @param notes      said before the rows
     * @param lookup     the reference's values
     * @param confidence of the intervals (0.95)
     * @param sameWithin the equivalence margin (0.05)
     */
    public static Report attach(
            Report report,
            String reference,
            String described,
            List<String> notes,
            Lookup lookup,
            double confidence,
            double sameWithin) {
        List<PastSection.Row> rows = new ArrayList<>();
        for (Report.ScenarioReport scenario : report.scenarios()) {
            if (scenario.kind() == SectionKind.STARTUP) {
                continue;
            }
            for (Report.Row row : scenario.rows()) {
                Measure measure = row.measure();
                if (!MEASURES.contains(measure.key()) || measure.unit() == Metric.Unit.SHARE) {
                    continue;
                }
                for (int i = 0; i < row.cells().size() && i < scenario.targets().size(); i++) {
                    String target = scenario.targets().get(i);
                    Report.Cell cell = row.cells().get(i);
                    Past past = lookup.of(scenario.name(), target, measure.key());
                    if (cell.summary() == null || past == null || past.values().isEmpty()) {
                        continue;
                    }
                    rows.add(row(scenario.name(), target, reference, measure, cell, past, confidence, sameWithin));
                }
            }
        }
        return report.withPast(new PastSection(reference, described, notes, rows));
    }

    private static PastSection.Row row(
            String scenario,
            String target,
            String reference,
            Measure measure,
            Report.Cell cell,
            Past past,
            double confidence,
            double sameWithin) {
        String baseline = target + " at " + reference;
        Summary then = Summary.of(
                past.values().stream().mapToDouble(Double::doubleValue).toArray());
        // Unpaired: this run's repetitions and the reference's were made in different sessions, so the pairing inside
        // this run (a duet's, interleaved pairs') says nothing across them.
        Report.Cell now = new Report.Cell(
                cell.summary(), cell.missing(), cell.marked(), cell.failedRuns(), cell.censoredRuns(), cell.lost());
        String runs = String.format(
                Locale.ROOT,
                "%s %d run(s) in %d entr%s; %s %d run(s) here",
                baseline,
                then.runs(),
                past.entries().size(),
                past.entries().size() == 1 ? "y" : "ies",
                target,
                cell.runs());
        Report.Comparison comparison = new Verdicts(baseline, confidence, sameWithin)
                .of(
                        measure,
                        new Report.Cell(then, null),
                        now,
                        target,
                        null,
                        new Verdicts.RowContext(List.of(), runs, List.of()));
        double low =
                past.entries().stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        double high =
                past.entries().stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        double central = measure.central(cell.summary());
        String spread = past.entries().size() == 1
                ? "1 entry: " + Format.value(low, measure.unit())
                : String.format(
                        Locale.ROOT,
                        "%d entries: %s to %s (%s apart)",
                        past.entries().size(),
                        Format.value(low, measure.unit()),
                        Format.value(high, measure.unit()),
                        Format.change(high / low).substring(1));
        boolean within = past.entries().size() >= 2 && central >= low && central <= high;
        return new PastSection.Row(
                scenario, target, comparison, spread, within, movedBefore(past.entries(), cell.summary()));
    }

    /**
     * How many of the reference's newest entries are at this run's level (inside the range of its values) while every
     * entry before them is not, all beyond it on one side: the reference moved before these runs. 0 when not so, or
     * when no entry comes before them. Entries' central values, oldest first.
     */
    static int movedBefore(List<Double> entries, Summary now) {
        int newest = 0;
        while (newest < entries.size()) {
            double v = entries.get(entries.size() - 1 - newest);
            if (v < now.min() || v > now.max()) {
                break;
            }
            newest++;
        }
        if (newest == 0 || newest == entries.size()) {
            return 0;
        }
        List<Double> before = entries.subList(0, entries.size() - newest);
        boolean beyond =
                before.stream().allMatch(v -> v > now.max()) || before.stream().allMatch(v -> v < now.min());
        return beyond ? newest : 0;
    }
}
