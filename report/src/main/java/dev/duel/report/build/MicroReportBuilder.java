package dev.duel.report.build;

import dev.duel.analysis.RatioInterval;
import dev.duel.record.DuelVersion;
import dev.duel.record.Environment;
import dev.duel.record.Status;
import dev.duel.record.micro.MicroMode;
import dev.duel.record.micro.MicroRecord;
import dev.duel.report.model.Format;
import dev.duel.report.model.MicroReport;
import dev.duel.report.model.Report;
import dev.duel.report.model.Summary;
import dev.duel.report.read.MicroReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Turns {@code duel micro} forks into a {@link MicroReport}: per benchmark (and parameters) each JDK's median score
 * over its forks with range and spread, each other JDK against the first with the HTTP report's interval
 * ({@link RatioInterval}) and words, the benchmark's mode deciding which way is faster, and bytes per operation
 * beside. Stateless; thread-safe.
 */
public final class MicroReportBuilder {
    /** Fewer forks than this on a side make a row thin: said in its sentence. */
    public static final int THIN_FORKS = 3;

    private final double confidence;

    public MicroReportBuilder(double confidence) {
        this.confidence = confidence;
    }

    public MicroReport build(MicroReader.Forks forks) {
        List<MicroRecord> records = forks.records();
        Set<String> jdkNames = new LinkedHashSet<>();
        records.forEach(r -> jdkNames.add(r.jdk()));
        List<String> jdks = List.copyOf(jdkNames);
        String baseline = jdks.get(0);
        Map<String, List<MicroRecord>> byCase = new LinkedHashMap<>();
        for (MicroRecord r : records) {
            byCase.computeIfAbsent(r.label(), k -> new ArrayList<>()).add(r);
        }
        List<MicroReport.Row> rows = new ArrayList<>();
        for (List<MicroRecord> caseRecords : byCase.values()) {
            rows.add(row(caseRecords, jdks, baseline));
        }
        List<String> failed = records.stream()
                .filter(r -> r.status() != Status.OK)
                .map(r -> r.fork() + " " + r.jdk() + " " + r.label() + ": " + r.reason())
                .toList();
        return new MicroReport(
                "micro: " + String.join(" vs ", jdks),
                DuelVersion.current(),
                List.of(forks.source()),
                environment(forks.environment()),
                baseline,
                RatioInterval.METHOD,
                jdks.stream().map(j -> jdkRow(j, records)).toList(),
                rows,
                failed);
    }

    private MicroReport.Row row(List<MicroRecord> records, List<String> jdks, String baseline) {
        MicroRecord first =
                records.stream().filter(r -> r.mode() != null).findFirst().orElse(records.get(0));
        List<MicroReport.Side> sides = new ArrayList<>();
        for (String jdk : jdks) {
            List<MicroRecord> mine =
                    records.stream().filter(r -> r.jdk().equals(jdk)).toList();
            double[] scores = mine.stream()
                    .filter(r -> r.status() == Status.OK && r.score() != null)
                    .mapToDouble(MicroRecord::score)
                    .toArray();
            double[] alloc = mine.stream()
                    .filter(r -> r.status() == Status.OK && r.allocBytesPerOp() != null)
                    .mapToDouble(MicroRecord::allocBytesPerOp)
                    .toArray();
            sides.add(new MicroReport.Side(
                    jdk,
                    scores.length == 0 ? null : Summary.of(scores),
                    alloc.length == 0 ? null : Summary.of(alloc),
                    mine.size() - scores.length));
        }
        MicroReport.Side a = sides.get(0);
        MicroMode mode = first.mode();
        List<MicroReport.Comparison> comparisons = new ArrayList<>();
        for (MicroReport.Side b : sides.subList(1, sides.size())) {
            comparisons.add(compare(first.label(), mode, first.unit(), baseline, a, b));
        }
        return new MicroReport.Row(first.benchmark(), first.label(), mode, first.unit(), sides, comparisons);
    }

    private MicroReport.Comparison compare(
            String label, MicroMode mode, String unit, String baseline, MicroReport.Side a, MicroReport.Side b) {
        String subject = b.jdk() + "'s " + label;
        String alloc = alloc(a, b);
        double allocRatio = a.allocBytesPerOp() != null
                        && b.allocBytesPerOp() != null
                        && a.allocBytesPerOp().median() > 0
                ? b.allocBytesPerOp().median() / a.allocBytesPerOp().median()
                : Double.NaN;
        if (a.score() == null || b.score() == null || mode == null) {
            String missing = a.score() == null ? baseline : b.jdk();
            return new MicroReport.Comparison(
                    b.jdk(),
                    Double.NaN,
                    0,
                    Double.POSITIVE_INFINITY,
                    "",
                    Report.Verdict.NOT_COMPARABLE,
                    subject + ": not comparable: no fork of " + missing + " gave a score",
                    true,
                    allocRatio,
                    alloc);
        }
        double ratio = a.score().min() > 0 && b.score().min() > 0
                ? RatioInterval.of(a.score().values(), b.score().values(), confidence)
                        .ratio()
                : b.score().median() / a.score().median();
        boolean thin = Math.min(a.forks(), b.forks()) < THIN_FORKS;
        String thinNote = thin
                ? String.format(
                        Locale.ROOT,
                        "; thin data: %d fork(s) against %d, fewer than %d a side",
                        a.forks(),
                        b.forks(),
                        THIN_FORKS)
                : "";
        String what = mode.higherIsFaster() ? "operations per time" : "time per operation";
        String medians = Format.score(a.score().median(), unit) + " for " + baseline + " and "
                + Format.score(b.score().median(), unit) + " for " + b.jdk();
        RatioInterval.Interval interval = a.score().min() > 0 && b.score().min() > 0
                ? RatioInterval.of(a.score().values(), b.score().values(), confidence)
                : null;
        if (interval == null || !interval.bounded()) {
            String why = interval == null
                    ? "a score of 0 leaves no ratio"
                    : String.format(
                            Locale.ROOT,
                            "%d fork(s) against %d give no %.0f%% interval (needs 2 a side, and some variation)",
                            a.forks(),
                            b.forks(),
                            confidence * 100);
            return new MicroReport.Comparison(
                    b.jdk(),
                    ratio,
                    0,
                    Double.POSITIVE_INFINITY,
                    "",
                    Report.Verdict.TOO_FEW_RUNS,
                    subject + ": " + why + "; medians " + medians + " (" + Format.change(ratio) + ")" + thinNote,
                    thin,
                    allocRatio,
                    alloc);
        }
        String ci = Verdicts.ci(interval);
        Report.Verdict verdict;
        String sentence;
        if (interval.contains(1.0)) {
            verdict = Report.Verdict.CANNOT_TELL;
            sentence = subject + ": cannot tell in-process (" + what + " " + Format.change(ratio) + ", " + ci + ")";
        } else {
            boolean faster = mode.higherIsFaster() == ratio > 1;
            verdict = faster ? Report.Verdict.BETTER : Report.Verdict.WORSE;
            sentence = subject + " is " + Format.change(ratio).substring(1) + (faster ? " faster" : " slower")
                    + " in-process (" + what + " " + Format.change(ratio) + ", " + ci + ")";
        }
        return new MicroReport.Comparison(
                b.jdk(),
                ratio,
                interval.low(),
                interval.high(),
                interval.label(),
                verdict,
                sentence + thinNote,
                thin,
                allocRatio,
                alloc);
    }

    /** "bytes/op: 24.5 KiB for jdk17 and 22.1 KiB for jdk25 (-10%, 95% CI -12% to -8%)", or why there is none. */
    private String alloc(MicroReport.Side a, MicroReport.Side b) {
        if (a.allocBytesPerOp() == null || b.allocBytesPerOp() == null) {
            return "bytes/op: not measured on " + (a.allocBytesPerOp() == null ? a.jdk() : b.jdk());
        }
        Summary sa = a.allocBytesPerOp();
        Summary sb = b.allocBytesPerOp();
        String medians = "bytes/op: " + Format.bytesPerOperation(sa.median()) + " for " + a.jdk() + " and "
                + Format.bytesPerOperation(sb.median()) + " for " + b.jdk();
        if (!(sa.min() > 0 && sb.min() > 0)) {
            return medians + " (no ratio: a fork allocated nothing measurable)";
        }
        double ratio = sb.median() / sa.median();
        RatioInterval.Interval interval = RatioInterval.of(sa.values(), sb.values(), confidence);
        if (!interval.bounded()) {
            boolean fixed = sa.min() == sa.max() && sb.min() == sb.max();
            return medians + " (" + Format.change(ratio)
                    + (fixed ? "; every fork gave the same, so no noise estimate and no interval)" : ", no interval)");
        }
        return String.format(
                Locale.ROOT,
                "%s (%s, %.0f%% CI %s to %s%s)",
                medians,
                Format.change(ratio),
                confidence * 100,
                Format.change(interval.low()),
                Format.change(interval.high()),
                interval.contains(1.0) ? ": cannot tell" : "");
    }

    private static MicroReport.JdkRow jdkRow(String jdk, List<MicroRecord> records) {
        List<MicroRecord> mine =
                records.stream().filter(r -> r.jdk().equals(jdk)).toList();
        MicroRecord first = mine.get(0);
        long ok = mine.stream().filter(r -> r.status() == Status.OK).count();
        return new MicroReport.JdkRow(
                jdk,
                first.jdkVersion(),
                first.jit().vendor(),
                first.jit().build(),
                first.jit().x86Level(),
                first.jit().useAvx() == null ? "-" : String.valueOf(first.jit().useAvx()),
                ok + " of " + mine.size());
    }

    private static List<String> environment(Environment env) {
        if (env == null) {
            return List.of("environment: not recorded (no env.json)");
        }
        return List.of(
                "CPU: " + env.cpuModel() + ", " + env.logicalCores() + " logical cores (online " + env.onlineCpus()
                        + "), x86-64 level "
                        + (Objects.toString(env.x86Level(), "").isEmpty() ? "-" : env.x86Level()),
                "OS: " + env.os() + ", kernel " + env.kernel() + ", governor " + env.governor(),
                "captured: " + env.capturedAt() + " (fingerprint " + env.fingerprint() + ")");
    }
}
