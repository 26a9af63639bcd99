package dev.duel.report.build;

import dev.duel.report.ReportException;
import dev.duel.report.model.Format;
import dev.duel.report.model.Measure;
import dev.duel.report.model.Metric;
import dev.duel.report.model.Report;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Thresholds on medians, for CI: {@code [scenario:] LEFT OP RIGHT} where each side is
 * {@code [factor *] target.measure} or a constant with an optional unit, and {@code *} as the
 * target means every target. Examples: {@code jdk25.rps >= 0.95 * jdk17.rps},
 * {@code product: *.p99 < 50ms}, {@code *.errors == 0}, {@code *.startup < 5s}. Without a scenario
 * a threshold holds in every scenario that measured it. A threshold that matches nothing fails, so
 * a typo cannot pass silently. Not thread-safe.
 */
public final class Thresholds {
    private static final Pattern SCENARIO = Pattern.compile("^\\s*([^\\s:.*][^\\s:]*)\\s*:\\s*(.+)$");
    private static final Pattern COMPARISON = Pattern.compile("^(.+?)\\s*(>=|<=|==|!=|>|<)\\s*(.+)$");
    /** {@code [factor *] target.measure}; {@code target measure} (a space) reads the same. */
    private static final Pattern REFERENCE =
            Pattern.compile("^(?:([0-9]*\\.?[0-9]+)\\s*\\*\\s*)?([\\w*-]+)(?:\\.|\\s+)([a-z][\\w.-]*)$");

    private static final Pattern CONSTANT = Pattern.compile("^([0-9]*\\.?[0-9]+)\\s*(us|µs|ms|s|%|KiB|MiB|GiB)?$");

    /** Why two targets' runs of a scenario must not be compared, or null. */
    public interface Refusal {
        String of(String scenario, String targetA, String targetB);
    }

    private final List<Report.ScenarioReport> scenarios;
    private final List<String> targets;
    private final Refusal refusal;

    public Thresholds(List<Report.ScenarioReport> scenarios, List<String> targets, Refusal refusal) {
        this.scenarios = scenarios;
        this.targets = targets;
        this.refusal = refusal;
    }

    private record Operand(double factor, String target, String key, Double constant, String unit) {
        boolean reference() {
            return constant == null;
        }
    }

    public List<Report.ThresholdResult> evaluate(List<String> expressions) throws ReportException {
        List<Report.ThresholdResult> results = new ArrayList<>();
        for (String expression : expressions) {
            results.addAll(evaluate(expression));
        }
        return results;
    }

    private List<Report.ThresholdResult> evaluate(String expression) throws ReportException {
        String scenarioName = null;
        String body = expression.trim();
        Matcher scoped = SCENARIO.matcher(body);
        if (scoped.matches()) {
            scenarioName = scoped.group(1);
            body = scoped.group(2).trim();
        }
        Matcher comparison = COMPARISON.matcher(body);
        if (!comparison.matches()) {
            throw new ReportException("threshold '" + expression
                    + "': write [scenario:] LEFT OP RIGHT, e.g. 'jdk25.rps >= 0.95 * jdk17.rps' or '*.p99 < 50ms'");
        }
        Operand left = operand(expression, comparison.group(1).trim());
        Operand right = operand(expression, comparison.group(3).trim());
        String op = comparison.group(2);
        if (!left.reference() && !right.reference()) {
            throw new ReportException(
                    "threshold '" + expression + "': one side must name a target's measure, e.g. jdk25.p99");
        }
        List<Report.ThresholdResult> results = new ArrayList<>();
        for (Report.ScenarioReport scenario : scenarios) {
            if (scenarioName != null && !scenario.name().equals(scenarioName)) {
                continue;
            }
            for (String target : targetsFor(left, right, scenario)) {
                Metric.Unit unit = unitOf(left.reference() ? left : right, scenario);
                if (unit == null) {
                    continue;
                }
                Value l = value(expression, left, target, scenario, unit);
                Value r = value(expression, right, target, scenario, unit);
                if (l == null || r == null) {
                    continue; // this scenario does not measure it
                }
                String where = scenario.name() + ": ";
                if (left.reference() && right.reference()) {
                    String a = left.target.equals("*") ? target : left.target;
                    String b = right.target.equals("*") ? target : right.target;
                    String refused = a.equals(b) ? null : refusal.of(scenario.name(), a, b);
                    if (refused == null && !a.equals(b)) {
                        refused = notComparable(scenario, left.key, a, b);
                    }
                    if (refused != null) {
                        // A threshold between two targets is a comparison: it is not judged where the report gives the
                        // comparison no verdict (refused, or not comparable), and a threshold not judged fails.
                        results.add(new Report.ThresholdResult(
                                expression,
                                false,
                                where + "not judged: " + refused,
                                scenario.name(),
                                target.isEmpty() ? null : target,
                                false));
                        continue;
                    }
                    Metric.Unit other = unitOf(right, scenario);
                    if (other != null && other != unit) {
                        throw new ReportException("threshold '" + expression + "': " + left.key + " and " + right.key
                                + " are in different units; compare like with like");
                    }
                    Report.ThresholdResult onRatio = onRatio(expression, where, scenario, left, right, op, a, b);
                    if (onRatio != null) {
                        results.add(onRatio);
                        continue;
                    }
                }
                if (l.missing != null || r.missing != null) {
                    results.add(new Report.ThresholdResult(
                            expression,
                            false,
                            where + (l.missing != null ? l.missing : r.missing),
                            scenario.name(),
                            target.isEmpty() ? null : target,
                            false));
                    continue;
                }
                boolean passed = switch (op) {
                    case ">=" -> l.value >= r.value;
                    case "<=" -> l.value <= r.value;
                    case ">" -> l.value > r.value;
                    case "<" -> l.value < r.value;
                    case "==" -> l.value == r.value;
                    default -> l.value != r.value;
                };
                results.add(new Report.ThresholdResult(
                        expression,
                        passed,
                        where + l.text + " " + op + " " + r.text,
                        scenario.name(),
                        target.isEmpty() ? null : target,
                        true));
            }
        }
        if (results.isEmpty()) {
            List<String> names =
                    scenarios.stream().map(Report.ScenarioReport::name).toList();
            results.add(new Report.ThresholdResult(
                    expression,
                    false,
                    "matched nothing: scenarios are " + String.join(", ", names)
                            + "; targets are " + String.join(", ", targets)
                            + "; measures are rps, p50, p90, p99, p99.9, mean, errors, late, unstarted, cpu, "
                            + "cores, throttled, rss, trend, trend.p99, startup and SERVICE.cores",
                    null,
                    null,
                    false));
        }
        return results;
    }

    private List<String> targetsFor(Operand left, Operand right, Report.ScenarioReport scenario) {
        boolean wildcard =
                (left.reference() && left.target.equals("*")) || (right.reference() && right.target.equals("*"));
        return wildcard ? scenario.targets() : List.of("");
    }

    private record Value(double value, String text, String missing) {}

    /** null when the scenario has no such row or target; a Value with {@code missing} when it has no number. */
    private Value value(
            String expression, Operand operand, String wildcardTarget, Report.ScenarioReport scenario, Metric.Unit unit)
            throws ReportException {
        if (!operand.reference()) {
            double converted = operand.constant * scale(expression, operand.unit, unit);
            return new Value(converted, Format.value(converted, unit), null);
        }
        String target = operand.target.equals("*") ? wildcardTarget : operand.target;
        int column = scenario.targets().indexOf(target);
        Report.Row row = scenario.rows().stream()
                .filter(x -> x.measure().key().equals(operand.key))
                .findFirst()
                .orElse(null);
        if (column < 0 || row == null) {
            return null;
        }
        Report.Cell cell = row.cells().get(column);
        String name = target + "." + operand.key;
        if (cell.summary() == null) {
            return new Value(Double.NaN, name, name + " has no value (" + cell.missing() + ")");
        }
        Report.Losses losses = scenario.losses().getOrDefault(target, Report.Losses.NONE);
        if (losses.failed() > 0) {
            // A median over runs of which one failed says nothing of the one that did: *.errors == 0 must fail while
            // a target crashes or answers wrongly, whatever the median of the others.
            return new Value(
                    Double.NaN,
                    name,
                    String.format(
                            Locale.ROOT,
                            "not judged: %s lost %d of %d runs (failed)",
                            target,
                            losses.failed(),
                            losses.planned()));
        }
        int lost = losses.planned() - cell.runs() - cell.censoredRuns();
        if (lost > 0 || cell.censoredRuns() > 0) {
            // A median over the runs that gave a value says nothing of those that did not: *.rps must not pass while
            // a target crashes before it is measured.
            return new Value(
                    Double.NaN,
                    name,
                    String.format(
                            Locale.ROOT,
                            "not judged: %s has no value from %d of %d runs",
                            name,
                            lost + cell.censoredRuns(),
                            losses.planned()));
        }
        // The value the table shows for the target ({@link Measure#central}), so a threshold and a cell never differ.
        double central = row.measure().central(cell.summary());
        String shown = Format.value(central, row.measure().unit());
        String text = operand.factor == 1
                ? name + " " + shown
                : trim(operand.factor) + " x " + name + " " + shown + " = "
                        + Format.value(operand.factor * central, row.measure().unit());
        return new Value(operand.factor * central, text, null);
    }

    /**
     * A threshold between two targets' values of one measure ({@code fa x a.key OP fb x b.key}) where the report compares
     * them: judged on the comparison's ratio and its interval, as the verdict beside it is, never on the medians (which
     * can point the other way from a paired ratio). a / b's whole interval on the passing side of fb / fa passes it,
     * wholly on the other side fails it; an interval that straddles the bound, or a comparison the report calls "cannot
     * tell", leaves it not judged (and a threshold not judged fails). Null where the report has no such comparison, or
     * for == and !=, which are judged on the medians.
     */
    private static Report.ThresholdResult onRatio(
            String expression,
            String where,
            Report.ScenarioReport scenario,
            Operand left,
            Operand right,
            String op,
            String a,
            String b) {
        if (a.equals(b) || op.equals("==") || op.equals("!=") || !(left.factor > 0) || !(right.factor > 0)) {
            return null;
        }
        Report.Comparison c = scenario.comparisons().stream()
                .filter(x -> x.measure().equals(left.key)
                        && ((x.baseline().equals(a) && x.other().equals(b))
                                || (x.baseline().equals(b) && x.other().equals(a))))
                .findFirst()
                .orElse(null);
        if (c == null || c.shift() != null || !Double.isFinite(c.ratio())) {
            return null;
        }
        // The comparison's ratio is other / baseline; the threshold reads a / b.
        boolean aIsOther = c.other().equals(a);
        double ratio = aIsOther ? c.ratio() : 1 / c.ratio();
        double low = aIsOther ? c.low() : 1 / c.high();
        double high = aIsOther ? c.high() : 1 / c.low();
        double bound = right.factor / left.factor;
        String shown = String.format(
                Locale.ROOT,
                "%s.%s / %s.%s = %s (CI %s to %s) %s %s",
                a,
                left.key,
                b,
                left.key,
                ratioText(ratio),
                ratioText(low),
                ratioText(high),
                op,
                trim(bound));
        if (c.verdict() == Report.Verdict.CANNOT_TELL) {
            return new Report.ThresholdResult(
                    expression,
                    false,
                    where + "not judged: the report cannot tell " + a + " from " + b + " on " + left.key + ": " + shown,
                    scenario.name(),
                    null,
                    false);
        }
        boolean greater = op.startsWith(">");
        boolean strict = op.length() == 1;
        boolean allPass = greater ? (strict ? low > bound : low >= bound) : (strict ? high < bound : high <= bound);
        boolean allFail = greater ? (strict ? high <= bound : high < bound) : (strict ? low >= bound : low > bound);
        if (!allPass && !allFail) {
            return new Report.ThresholdResult(
                    expression,
                    false,
                    where + "not judged: the interval straddles " + trim(bound) + ": " + shown,
                    scenario.name(),
                    null,
                    false);
        }
        return new Report.ThresholdResult(expression, allPass, where + shown, scenario.name(), null, true);
    }

    private static String ratioText(double ratio) {
        return String.format(Locale.ROOT, "%.3f", ratio);
    }

    /**
     * Why the report's comparison of {@code a} and {@code b} on the measure {@code key} gives no verdict (its reasons),
     * or null when it gives one or compares no such pair.
     */
    private static String notComparable(Report.ScenarioReport scenario, String key, String a, String b) {
        return scenario.comparisons().stream()
                .filter(c -> c.measure().equals(key)
                        && ((c.baseline().equals(a) && c.other().equals(b))
                                || (c.baseline().equals(b) && c.other().equals(a))))
                .filter(c -> c.verdict() == Report.Verdict.NOT_COMPARABLE || c.verdict() == Report.Verdict.REFUSED)
                .findFirst()
                .map(c -> "the comparison is not comparable: "
                        + (c.reasons().isEmpty() ? c.sentence() : String.join("; ", c.reasons())))
                .orElse(null);
    }

    private static Metric.Unit unitOf(Operand reference, Report.ScenarioReport scenario) {
        return scenario.rows().stream()
                .filter(x -> x.measure().key().equals(reference.key))
                .map(x -> x.measure().unit())
                .findFirst()
                .orElse(null);
    }

    /**
     * A measure's name that is none of the load measures' but a letter or two from one ("rsp", "p95"): the ones it may
     * have meant (the nearest, every one on a tie); empty for a known name, or one of the names a report's runs may add
     * (a service's "postgres.cores", an error kind's "errors.timeout", the runtime's "runtime.jit.share": all with a
     * dot), which only the runs can confirm.
     */
    static List<String> misspelt(String key) {
        java.util.Set<String> known = new java.util.LinkedHashSet<>();
        for (Metric metric : Metric.values()) {
            known.add(metric.key());
        }
        known.add(Measure.STARTUP.key());
        known.add("trend");
        if (known.contains(key) || key.contains(".")) {
            return List.of();
        }
        return dev.duel.report.model.Spelling.nearestAll(key, known);
    }

    /** What a constant written with {@code written} is multiplied by to be in {@code unit}. */
    private static double scale(String expression, String written, Metric.Unit unit) throws ReportException {
        if (written == null) {
            String example = switch (unit) {
                case MICROS, MILLIS -> "50ms, 800us or 2s";
                case BYTES -> "512MiB or 64KiB";
                default -> null;
            };
            if (example != null) {
                throw new ReportException("threshold '" + expression + "': a number without a unit, for a measure in "
                        + unit.name().toLowerCase(Locale.ROOT) + "; write it with one (" + example + ")");
            }
            return 1;
        }
        double factor = switch (unit) {
            case MICROS ->
                switch (written) {
                    case "us", "µs" -> 1;
                    case "ms" -> 1e3;
                    case "s" -> 1e6;
                    default -> Double.NaN;
                };
            case MILLIS ->
                switch (written) {
                    case "us", "µs" -> 1e-3;
                    case "ms" -> 1;
                    case "s" -> 1e3;
                    default -> Double.NaN;
                };
            case SHARE, CHANGE -> written.equals("%") ? 0.01 : Double.NaN;
            case BYTES ->
                switch (written) {
                    case "KiB" -> 1024;
                    case "MiB" -> 1024 * 1024;
                    case "GiB" -> 1024.0 * 1024 * 1024;
                    default -> Double.NaN;
                };
            default -> Double.NaN;
        };
        if (Double.isNaN(factor)) {
            throw new ReportException("threshold '" + expression + "': the unit '" + written
                    + "' does not fit a measure in " + unit.name().toLowerCase(Locale.ROOT));
        }
        return factor;
    }

    private Operand operand(String expression, String text) throws ReportException {
        Matcher reference = REFERENCE.matcher(text);
        if (reference.matches()) {
            double factor = reference.group(1) == null ? 1 : Double.parseDouble(reference.group(1));
            if (!reference.group(2).equals("*") && !targets.contains(reference.group(2))) {
                throw new ReportException("threshold '" + expression + "': no target is named '" + reference.group(2)
                        + "'; targets are " + String.join(", ", targets) + " (or * for each)");
            }
            String key = reference.group(3);
            List<String> meant = misspelt(key);
            if (!meant.isEmpty()) {
                throw new ReportException("threshold '" + expression + "': no measure is named '" + key
                        + "'; did you mean '" + String.join("' or '", meant) + "'?");
            }
            return new Operand(factor, reference.group(2), key, null, null);
        }
        Matcher constant = CONSTANT.matcher(text);
        if (constant.matches()) {
            return new Operand(1, null, null, Double.parseDouble(constant.group(1)), constant.group(2));
        }
        throw new ReportException(
                "threshold '" + expression + "': '" + text + "' is neither TARGET.MEASURE (e.g. jdk25.p99, *.rps) "
                        + "nor a number with an optional unit (50ms, 2s, 5%, 512MiB)");
    }

    private static String trim(double value) {
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%.0f", value) : String.valueOf(value);
    }
}
