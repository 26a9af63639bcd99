package dev.duel.report.build;

import dev.duel.report.model.Format;
import dev.duel.report.model.Metric;
import dev.duel.report.model.Report;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report's first lines: for each load scenario (warm-up curves and start-up aside) and each target compared
 * with the baseline, one plain sentence with the steady-state requests/s verdict and each side's time to steady
 * state, or why there is no such verdict, and under it the largest runtime difference at steady state where one stands
 * beyond noise ({@link RuntimeDifference}). Built only from the report's own rows and comparisons, so it can never
 * say more than they do. Stateless.
 */
public final class Headline {
    private Headline() {}

    /** @param compared the report holds two targets or more, so a scenario without a comparison has no answer */
    public static List<String> of(List<Report.ScenarioReport> scenarios, String baseline, boolean compared) {
        List<String> lines = new ArrayList<>();
        for (Report.ScenarioReport scenario : scenarios) {
            if (scenario.warmup() == null || scenario.curve() != null) {
                continue;
            }
            if (compared
                    && scenario.comparisons().stream()
                            .noneMatch(c -> c.measure().equals(Metric.RPS.key()))) {
                // Silence here would read as "nothing to say"; a scenario measured without an answer says so.
                lines.add(scenario.name() + ": no answer: no requests/s of two targets to compare (the runs below"
                        + " say why)");
                continue;
            }
            for (Report.Comparison c : scenario.comparisons()) {
                if (c.measure().equals(Metric.RPS.key())) {
                    String times = times(scenario, baseline, c.other());
                    String limited = limited(scenario, baseline, c.other());
                    // When neither side settled, the verdict's reasons already say so. A verdict whose sentence does
                    // not say what it measured, and which way round ("cannot tell: -3.9%"), is told both first.
                    String verdict = verdict(c, scenario);
                    String what = verdict.contains("requests/s")
                            ? ""
                            : "requests/s, " + c.other() + " against " + c.baseline() + ": ";
                    lines.add(scenario.name() + ": " + what + verdict + (limited == null ? "" : "; " + limited)
                            + (times == null ? "" : "; " + times));
                    String why = runtimeDifference(scenario, c.other());
                    if (why != null) {
                        lines.add(scenario.name() + ": " + why);
                    }
                }
            }
        }
        return lines;
    }

    /**
     * "both limited by postgres", "each at its CPU limit", "jdk17 limited by its CPU limit, jdk25 by the machine ...":
     * what limited most runs of each side; null when not known for either.
     */
    static String limited(Report.ScenarioReport scenario, String baseline, String other) {
        String a = scenario.limitedBy().get(baseline);
        String b = scenario.limitedBy().get(other);
        if (a == null || b == null) {
            return null;
        }
        if (a.equals(b)) {
            return a.equals("its CPU limit") ? "each at its CPU limit" : "both limited by " + a;
        }
        return baseline + " limited by " + a + ", " + other + " by " + b;
    }

    /**
     * The runtime section's sentence for {@code other} when it names a difference with a verdict ("Largest runtime
     * difference at steady state: ..."), else null: the headline carries the why only where it stands.
     */
    static String runtimeDifference(Report.ScenarioReport scenario, String other) {
        if (scenario.runtime() == null) {
            return null;
        }
        // One sentence per target compared, in the order of the runtime comparisons' targets.
        List<String> others = scenario.runtime().comparisons().stream()
                .map(Report.Comparison::other)
                .distinct()
                .toList();
        int index = others.indexOf(other);
        if (index < 0 || index >= scenario.runtime().largest().size()) {
            return null;
        }
        String sentence = scenario.runtime().largest().get(index);
        return sentence.startsWith("Largest runtime difference") ? sentence : null;
    }

    /**
     * "at steady state jdk25 serves 10% more requests/s than jdk17 (95% CI +5.2% to +11%)", or the same within the
     * margin, or cannot tell, or why there is no verdict; with every label the row carries (compared despite a
     * refusal, runs counted with a mark and their values, the clean runs' result beside).
     */
    static String verdict(Report.Comparison c) {
        return verdict(c, null);
    }

    /** As {@link #verdict(Report.Comparison)}, naming each run counted with a mark from the row's cells. */
    static String verdict(Report.Comparison c, Report.ScenarioReport scenario) {
        // "At steady state" only where every run counted settled: a verdict over runs that never did is main's.
        boolean settled = scenario == null || !neverSteady(scenario, c);
        String text = switch (c.verdict()) {
            case BETTER, WORSE, DIFFERENT, SAME -> (settled ? "at steady state " : "") + c.sentence();
            case CANNOT_TELL -> "cannot tell: " + after(after(c.sentence()));
            case TOO_FEW_RUNS -> "no verdict: too few runs (" + after(c.sentence()) + ")";
            case NOT_COMPARABLE -> {
                String why = c.reasons().isEmpty() ? after(c.sentence()) : String.join("; ", c.reasons());
                yield why.startsWith("no verdict: ") ? why : "no verdict: " + why;
            }
            case REFUSED -> "not compared: " + after(c.sentence());
        };
        List<String> labels = new ArrayList<>();
        c.warnings().stream().filter(w -> w.startsWith("COMPARED DESPITE")).forEach(labels::add);
        if (scenario != null && c.verdict() != Report.Verdict.NOT_COMPARABLE) {
            String marked = marked(scenario, c);
            if (marked != null) {
                labels.add(marked);
            }
        }
        if (c.steadyOnly() != null
                && Double.isFinite(c.steadyOnly().ratio())
                && c.steadyOnly().low() > 0) {
            labels.add(String.format(
                    Locale.ROOT,
                    "%s: %s, 95%% CI %s to %s",
                    c.steadyOnly().label(),
                    Format.change(c.steadyOnly().ratio()),
                    Format.change(c.steadyOnly().low()),
                    Format.change(c.steadyOnly().high())));
        }
        return labels.isEmpty() ? text : text + "; " + String.join("; ", labels);
    }

    /** Whether a run of either side counted in the row never settled. */
    private static boolean neverSteady(Report.ScenarioReport scenario, Report.Comparison c) {
        Report.Row row = scenario.row(c);
        if (row == null) {
            return false;
        }
        for (String target : List.of(c.baseline(), c.other())) {
            int column = scenario.targets().indexOf(target);
            if (column >= 0 && row.cells().get(column).marked(Report.Mark.NEVER_STEADY) > 0) {
                return true;
            }
        }
        return false;
    }

    /** "every run counted: jdk25 004 never steady 31,200": each run of the row counted with a mark, with its value. */
    private static String marked(Report.ScenarioReport scenario, Report.Comparison c) {
        Report.Row row = scenario.row(c);
        if (row == null) {
            return null;
        }
        List<String> runs = new ArrayList<>();
        for (String target : List.of(c.baseline(), c.other())) {
            int column = scenario.targets().indexOf(target);
            if (column < 0) {
                continue;
            }
            for (Report.MarkedRun run : row.cells().get(column).marked()) {
                runs.add(target + " " + run.run() + " " + run.why() + " "
                        + Format.valueWithUnit(run.value(), row.measure().unit()));
            }
        }
        return runs.isEmpty() ? null : "every run counted, " + String.join(", ", runs);
    }

    /**
     * "jdk17 reaches steady state in 15 s, jdk25 in 22 s (medians; 1 of 5 jdk25 runs never did)": each side's median
     * time to steady state over its runs that reached one, and how many never did; null when neither side did.
     */
    static String times(Report.ScenarioReport scenario, String baseline, String other) {
        Report.Row time = scenario.warmup().rows().stream()
                .filter(r -> r.measure().equals(WarmupAnswer.TIME_TO_STEADY))
                .findFirst()
                .orElseThrow();
        List<String> never = new ArrayList<>();
        String a = time(scenario, time, baseline, never);
        String b = time(scenario, time, other, never);
        String sentence;
        if (a != null && b != null) {
            sentence = baseline + " reaches steady state in " + a + ", " + other + " in " + b;
            String nameA = centralName(scenario, time, baseline);
            String nameB = centralName(scenario, time, other);
            never.add(0, nameA.equals(nameB) ? nameA + "s" : baseline + ": " + nameA + ", " + other + ": " + nameB);
        } else if (a != null) {
            sentence = baseline + " reaches steady state in " + a + ", " + other + " never did";
            never.add(0, centralName(scenario, time, baseline));
        } else if (b != null) {
            sentence = baseline + " never reached steady state, " + other + " did in " + b;
            never.add(0, centralName(scenario, time, other));
        } else {
            return null;
        }
        return never.isEmpty() ? sentence : sentence + " (" + String.join("; ", never) + ")";
    }

    /** "15 s", or null when no run reached steady state; adds "1 of 5 jdk25 runs never did" to {@code never}. */
    private static String time(Report.ScenarioReport scenario, Report.Row row, String target, List<String> never) {
        int column = scenario.targets().indexOf(target);
        Report.Cell cell = column < 0 ? null : row.cells().get(column);
        if (cell == null || cell.summary() == null) {
            return null;
        }
        if (cell.censoredRuns() > 0) {
            never.add(String.format(
                    Locale.ROOT,
                    "%d of %d %s runs never did",
                    cell.censoredRuns(),
                    cell.censoredRuns() + cell.runs(),
                    target));
        }
        return seconds(row.measure().central(cell.summary()));
    }

    /** "geometric mean" or "median": the value the warm-up table shows for {@code target}, which a cell has. */
    private static String centralName(Report.ScenarioReport scenario, Report.Row row, String target) {
        return row.measure()
                .centralName(row.cells().get(scenario.targets().indexOf(target)).summary());
    }

    private static String seconds(double seconds) {
        // A mean of whole seconds rounds to a whole second when its tenth is 0: "15 s", never "15.0 s".
        return Math.abs(seconds - Math.rint(seconds)) < 0.05
                ? String.format(Locale.ROOT, "%.0f s", seconds)
                : String.format(Locale.ROOT, "%.1f s", seconds);
    }

    /** The sentence after its "measure: " label. */
    private static String after(String sentence) {
        int colon = sentence.indexOf(": ");
        return colon < 0 ? sentence : sentence.substring(colon + 2);
    }
}
