package dev.duel.report.render;

import dev.duel.report.model.Report;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code report-junit.xml}: the report as the JUnit XML that CI systems read (Jenkins, GitLab, GitHub's and Azure
 * DevOps' test reporters). One suite of the thresholds, one test case each: passed with its numbers as output, or
 * failed, {@code type="threshold"} when its numbers did not hold and {@code type="not-judged"} when they could not be
 * compared (a threshold not judged fails, as duel's exit code says). One suite per scenario of its comparison rows, one
 * test case each, named by measure and pair: passed with the row's sentence as output where the row gives an answer (a
 * change, or the same within the margin), skipped with the sentence as its message where it gives none (cannot tell,
 * too few runs, not comparable, refused): a comparison informs, it never fails a build by itself. Times are 0: duel
 * does not time verdicts. Deterministic (no timestamp, no host name), so that it has golden tests. Stateless.
 */
public final class JunitXmlRenderer {
    /** The suite that holds the thresholds. */
    static final String THRESHOLDS = "duel.thresholds";

    /** What became of a test case. */
    private enum Outcome {
        PASSED,
        FAILURE,
        SKIPPED
    }

    private record Case(String name, String classname, Outcome outcome, String type, String message, String output) {}

    public String render(Report report) {
        List<List<Case>> suites = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<Case> thresholds = new ArrayList<>();
        for (Report.ThresholdResult t : report.thresholds()) {
            // Named by where it was judged, so that a wildcard's cases differ; a scenario the expression names is not
            // said twice.
            List<String> where = new ArrayList<>();
            if (t.scenario() != null && !t.expression().trim().startsWith(t.scenario() + ":")) {
                where.add(t.scenario());
            }
            if (t.target() != null) {
                where.add(t.target());
            }
            String name = t.expression() + (where.isEmpty() ? "" : " [" + String.join(", ", where) + "]");
            if (t.passed()) {
                thresholds.add(new Case(name, THRESHOLDS, Outcome.PASSED, null, null, t.detail()));
            } else {
                thresholds.add(new Case(
                        name, THRESHOLDS, Outcome.FAILURE, t.judged() ? "threshold" : "not-judged", t.detail(), null));
            }
        }
        if (!thresholds.isEmpty()) {
            suites.add(thresholds);
            names.add(THRESHOLDS);
        }
        for (Report.ScenarioReport scenario : report.scenarios()) {
            String suite = "duel.comparisons." + scenario.name();
            List<Case> cases = new ArrayList<>();
            for (Report.Comparison c : scenario.comparisons()) {
                String name = c.measure() + ": " + c.other() + " vs " + c.baseline();
                String sentence =
                        c.sentence() + (c.reasons().isEmpty() ? "" : " (" + String.join("; ", c.reasons()) + ")");
                boolean answered = switch (c.verdict()) {
                    case BETTER, WORSE, DIFFERENT, SAME -> true;
                    case CANNOT_TELL, TOO_FEW_RUNS, NOT_COMPARABLE, REFUSED -> false;
                };
                cases.add(
                        answered
                                ? new Case(name, suite, Outcome.PASSED, null, null, sentence)
                                : new Case(name, suite, Outcome.SKIPPED, null, sentence, null));
            }
            if (!cases.isEmpty()) {
                suites.add(cases);
                names.add(suite);
            }
        }
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        xml.append("<testsuites name=\"")
                .append(attribute("duel: " + report.title()))
                .append("\" tests=\"")
                .append(count(suites, null))
                .append("\" failures=\"")
                .append(count(suites, Outcome.FAILURE))
                .append("\" errors=\"0\" skipped=\"")
                .append(count(suites, Outcome.SKIPPED))
                .append("\" time=\"0\">\n");
        for (int i = 0; i < suites.size(); i++) {
            List<List<Case>> one = List.of(suites.get(i));
            xml.append("  <testsuite name=\"")
                    .append(attribute(names.get(i)))
                    .append("\" tests=\"")
                    .append(count(one, null))
                    .append("\" failures=\"")
                    .append(count(one, Outcome.FAILURE))
                    .append("\" errors=\"0\" skipped=\"")
                    .append(count(one, Outcome.SKIPPED))
                    .append("\" time=\"0\">\n");
            for (Case c : suites.get(i)) {
                xml.append("    <testcase name=\"")
                        .append(attribute(c.name()))
                        .append("\" classname=\"")
                        .append(attribute(c.classname()))
                        .append("\" time=\"0\"");
                switch (c.outcome()) {
                    case FAILURE ->
                        xml.append(">\n      <failure type=\"")
                                .append(c.type())
                                .append("\" message=\"")
                                .append(attribute(c.message()))
                                .append("\">")
                                .append(text(c.message()))
                                .append("</failure>\n    </testcase>\n");
                    case SKIPPED ->
                        xml.append(">\n      <skipped message=\"")
                                .append(attribute(c.message()))
                                .append("\"/>\n    </testcase>\n");
                    case PASSED ->
                        xml.append(">\n      <system-out>")
                                .append(text(c.output()))
                                .append("</system-out>\n    </testcase>\n");
                }
            }
            xml.append("  </testsuite>\n");
        }
        xml.append("</testsuites>\n");
        return xml.toString();
    }

    private static long count(List<List<Case>> suites, Outcome outcome) {
        return suites.stream()
                .flatMap(List::stream)
                .filter(c -> outcome == null || c.outcome() == outcome)
                .count();
    }

    /** Text content: markup characters escaped, characters XML 1.0 cannot hold dropped. */
    static String text(String value) {
        StringBuilder out = new StringBuilder(value.length());
        value.codePoints().forEach(c -> {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                default -> {
                    if (c == '\t'
                            || c == '\n'
                            || c == '\r'
                            || (c >= 0x20 && c <= 0xD7FF)
                            || (c >= 0xE000 && c <= 0xFFFD)
                            || c >= 0x10000) {
                        out.appendCodePoint(c);
                    }
                }
            }
        });
        return out.toString();
    }

    /** An attribute's value: as {@link #text}, quotes and line breaks escaped so that a parser keeps them. */
    static String attribute(String value) {
        return text(value)
                .replace("\"", "&quot;")
                .replace("\n", "&#10;")
                .replace("\r", "&#13;")
                .replace("\t", "&#9;");
    }
}
