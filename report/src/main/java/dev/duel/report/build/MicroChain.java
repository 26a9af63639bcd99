package dev.duel.report.build;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.duel.report.ReportException;
import dev.duel.report.model.Format;
import dev.duel.report.model.Metric;
import dev.duel.report.model.MicroReport;
import dev.duel.report.model.MicroSection;
import dev.duel.report.model.Report;
import dev.duel.report.read.MicroReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The seed method's chain, microbenchmark first, then load test: puts each scenario's in-process result (the JMH
 * benchmark its suite names with {@code micro:}) beside its HTTP requests/s comparison, so a reader sees whether a
 * difference at the framework level survives the network stack and the limits. Reads only; stateless.
 */
public final class MicroChain {
    /** Where {@code duel run} puts the suite's microbenchmarks, inside its results folder. */
    public static final String FOLDER = "micro";

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private MicroChain() {}

    /** {@code report} with its micro section when {@code folder/micro} holds forks; else {@code report} unchanged. */
    public static Report attach(Report report, Path folder, double confidence) throws ReportException {
        Path micro = folder.resolve(FOLDER);
        if (!MicroReader.isMicro(micro)) {
            return report;
        }
        MicroReport microReport;
        try {
            microReport = new MicroReportBuilder(confidence).build(MicroReader.read(micro));
        } catch (ReportException e) {
            // A micro phase stopped before its first fork (or a folder damaged since) must not cost the HTTP report:
            // the section says why it has no in-process results instead.
            return report.withMicro(new MicroSection(List.of("no in-process results: " + e.getMessage()), null));
        }
        return report.withMicro(new MicroSection(lines(report, microReport, scenarioBenchmarks(folder)), microReport));
    }

    /** Per scenario of the suite copy in {@code folder}, the benchmark its {@code micro:} key names. */
    static Map<String, String> scenarioBenchmarks(Path folder) throws ReportException {
        Map<String, String> named = new LinkedHashMap<>();
        Path suite = folder.resolve("suite.yaml");
        if (!Files.exists(suite)) {
            return named;
        }
        try {
            JsonNode root = YAML.readTree(suite.toFile());
            for (JsonNode scenario : root.path("scenarios")) {
                if (scenario.hasNonNull("micro")) {
                    named.put(
                            scenario.path("name").asText(),
                            scenario.path("micro").asText());
                }
            }
        } catch (IOException e) {
            throw new ReportException(suite + " is not readable YAML: " + e.getMessage());
        }
        return named;
    }

    /**
     * One line per scenario, benchmark row and JDK: the in-process comparison, then the scenario's requests/s
     * comparison of the same JDK against the same baseline.
     *
     * <p>Public, as {@link #http}, for the golden tests of the micro section, which sit with the renderers whose
     * output they pin down.
     *
     * @param named per scenario, "HttpBenchmark.postQuote" or "HttpBenchmark.postQuote app=minimal"
     */
    public static List<String> lines(Report report, MicroReport micro, Map<String, String> named) {
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, String> entry : named.entrySet()) {
            String[] words = entry.getValue().trim().split("\\s+");
            Map<String, String> params = new LinkedHashMap<>();
            for (int i = 1; i < words.length; i++) {
                String[] pair = words[i].split("=", 2);
                params.put(pair[0], pair.length > 1 ? pair[1] : "");
            }
            List<MicroReport.Row> rows = micro.rows().stream()
                    .filter(r -> r.benchmark().equals(words[0]) || r.benchmark().endsWith("." + words[0]))
                    .filter(r -> params.entrySet().stream()
                            .allMatch(p -> r.label().contains(p.getKey() + "=" + p.getValue() + "]")
                                    || r.label().contains(p.getKey() + "=" + p.getValue() + ",")))
                    .toList();
            if (rows.isEmpty()) {
                lines.add(entry.getKey() + ": in-process (JMH " + entry.getValue() + "): no forks of it in "
                        + micro.sources().get(0));
                continue;
            }
            Report.ScenarioReport scenario = report.scenarios().stream()
                    .filter(s -> s.name().equals(entry.getKey()))
                    .findFirst()
                    .orElse(null);
            for (MicroReport.Row row : rows) {
                for (MicroReport.Comparison c : row.comparisons()) {
                    lines.add(entry.getKey() + ": in-process (JMH " + row.label() + "): " + inProcess(row, c)
                            + " | over HTTP under limits: " + http(scenario, micro.baseline(), c.other()));
                }
            }
        }
        return lines;
    }

    /** "jdk25 18% faster (time per operation -18%, 95% CI -25% to -11%)". */
    static String inProcess(MicroReport.Row row, MicroReport.Comparison c) {
        if (Double.isNaN(c.ratio()) || row.mode() == null) {
            return c.other() + ": no comparison (" + c.sentence() + ")";
        }
        String what = row.mode().higherIsFaster() ? "operations per time " : "time per operation ";
        String change = what + Format.change(c.ratio());
        String ci = c.low() > 0 && Double.isFinite(c.high())
                ? ", 95% CI " + Format.change(c.low()) + " to " + Format.change(c.high())
                : ", no interval";
        String thin = c.thin() ? "; thin data" : "";
        return switch (c.verdict()) {
            case BETTER ->
                c.other() + " " + Format.change(c.ratio()).substring(1) + " faster (" + change + ci + thin + ")";
            case WORSE ->
                c.other() + " " + Format.change(c.ratio()).substring(1) + " slower (" + change + ci + thin + ")";
            case CANNOT_TELL -> c.other() + " cannot tell (" + change + ci + thin + ")";
            case SAME -> c.other() + " the same (" + change + ci + thin + ")";
            default -> c.other() + " no verdict (" + change + ci + thin + ")";
        };
    }

    /** "jdk25 5.0% fewer requests/s (95% CI -8.1% to -2.0%)", or why the scenario gives none. */
    public static String http(Report.ScenarioReport scenario, String baseline, String other) {
        if (scenario == null) {
            return "no HTTP result of this scenario in the report";
        }
        // The same pair on both sides of the line: an HTTP comparison against another baseline (duel report
        // --baseline) would put two different questions side by side.
        Report.Comparison c = scenario.comparisons().stream()
                .filter(x -> x.baseline().equals(baseline)
                        && x.other().equals(other)
                        && x.measure().equals(Metric.RPS.key()))
                .findFirst()
                .orElse(null);
        if (c == null) {
            return other + ": no requests/s comparison against " + baseline;
        }
        String ci = "95% CI " + Format.interval(c);
        return switch (c.verdict()) {
            case BETTER -> other + " " + Format.change(c.ratio()).substring(1) + " more requests/s (" + ci + ")";
            case WORSE -> other + " " + Format.change(c.ratio()).substring(1) + " fewer requests/s (" + ci + ")";
            case SAME ->
                other + " the same on requests/s within " + Format.margin(c.sameWithin()) + " (" + Format.ratio(c)
                        + ", " + ci + ")";
            case CANNOT_TELL -> other + " cannot tell on requests/s (" + Format.ratio(c) + ", " + ci + ")";
            default -> other + " " + Format.verdict(c) + " on requests/s (" + Format.ratio(c) + ", " + ci + ")";
        };
    }
}
