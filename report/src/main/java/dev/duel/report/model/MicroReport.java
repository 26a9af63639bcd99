package dev.duel.report.model;

import dev.duel.record.micro.MicroMode;
import java.util.List;

/**
 * Everything a report of {@code duel micro} forks shows, computed once by {@link dev.duel.report.build.MicroReportBuilder}; the renderers
 * ({@link dev.duel.report.render.MicroRenderer}) only lay it out. Immutable.
 *
 * @param sources     the folders read
 * @param environment the machine, from env.json, in "name: value" lines
 * @param baseline    the JDK every other is compared with (the plan's first)
 * @param method      how intervals are made (the same as the HTTP report's)
 * @param failed      forks that gave no score, with why: "003 jdk25 HttpBenchmark.getJson [app=minimal]: JMH exited with 1"
 */
public record MicroReport(
        String title,
        String duelVersion,
        List<String> sources,
        List<String> environment,
        String baseline,
        String method,
        List<JdkRow> jdks,
        List<Row> rows,
        List<String> failed) {

    public MicroReport {
        sources = List.copyOf(sources);
        environment = List.copyOf(environment);
        jdks = List.copyOf(jdks);
        rows = List.copyOf(rows);
        failed = List.copyOf(failed);
    }

    /**
     * A JDK of the comparison and what its JIT may use.
     *
     * @param useAvx "2", or "-" when the JVM did not say
     * @param forks  forks with a score / forks recorded
     */
    public record JdkRow(
            String name, String version, String vendor, String build, String x86Level, String useAvx, String forks) {}

    /**
     * One benchmark with one set of parameters: each JDK's forks, and each other JDK against the baseline.
     *
     * @param label "HttpBenchmark.postQuote [app=minimal, size=1000]"
     * @param unit  the score's unit as JMH wrote it ("us/op")
     */
    public record Row(
            String benchmark,
            String label,
            MicroMode mode,
            String unit,
            List<Side> sides,
            List<Comparison> comparisons) {
        public Row {
            sides = List.copyOf(sides);
            comparisons = List.copyOf(comparisons);
        }
    }

    /**
     * One JDK's forks of a row.
     *
     * @param score           the forks' scores (median, range, spread), in the row's unit; null without any
     * @param allocBytesPerOp the forks' bytes per operation; null when no fork reported it
     * @param failedForks     forks of this row on this JDK that gave no score
     */
    public record Side(String jdk, Summary score, Summary allocBytesPerOp, int failedForks) {
        public int forks() {
            return score == null ? 0 : score.runs();
        }
    }

    /**
     * A JDK against the baseline in one row.
     *
     * @param ratio         median score of {@code other} / the baseline's (in the row's unit: time per operation for
     *                      the time modes, so below 1 is faster there), NaN without scores on both sides
     * @param low           lower bound of the 95% interval of the ratio, 0 when unbounded
     * @param high          upper bound, infinity when unbounded
     * @param method        the interval's method and coverage, "" without one
     * @param verdict       BETTER = faster, WORSE = slower, NO_DIFFERENCE = cannot tell, TOO_FEW_RUNS, NOT_COMPARABLE
     * @param sentence      the comparison in words, e.g. "jdk25's HttpBenchmark.postQuote [app=minimal] is faster
     *                      in-process: 18% less time per operation (95% CI -25% to -11%; ...)"
     * @param thin          fewer than {@link dev.duel.report.build.MicroReportBuilder#THIN_FORKS} forks on a side: said in the sentence
     * @param allocRatio    median bytes/op of {@code other} / the baseline's, NaN without both
     * @param allocSentence bytes per operation on each side and their ratio, in words
     */
    public record Comparison(
            String other,
            double ratio,
            double low,
            double high,
            String method,
            Report.Verdict verdict,
            String sentence,
            boolean thin,
            double allocRatio,
            String allocSentence) {}
}
