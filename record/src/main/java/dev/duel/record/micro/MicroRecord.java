package dev.duel.record.micro;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import dev.duel.record.Status;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One JMH fork of one benchmark (with one set of parameters) on one JDK, as {@code duel micro} writes it
 * ({@code runs/NNN-<jdk>-<benchmark>.json}): JMH ran in a child process with {@code -f 1 -prof gc -rf json},
 * and this is what its JSON said, with the JDK and its JIT's instruction-set facts. Forks alternate between the
 * JDKs; the report takes the median over each side's forks. Immutable.
 *
 * @param schemaVersion         the record schema this file follows ({@link dev.duel.record.RecordJson#SCHEMA_VERSION})
 * @param duelVersion           the duel that ran it
 * @param environment           the fingerprint of the {@code env.json} capture of the session that ran it
 * @param jdk                   the JDK's name in the comparison ("jdk17", a suite's target name)
 * @param jdkVersion            the JDK's {@code JAVA_VERSION} ("25.0.3")
 * @param jdkHome               the JDK's home folder
 * @param benchmark             JMH's full benchmark name ("dev.duel.reference.micro.HttpBenchmark.postQuote")
 * @param params                JMH parameters of this fork, by name ({"app": "minimal", "size": "1000"}), sorted
 * @param fork                  this benchmark's fork on this JDK, 1-based: the round of the alternation
 * @param startedAt             ISO-8601 instant (UTC) the JMH child process started
 * @param finishedAt            ISO-8601 instant (UTC) it ended
 * @param status                ok, or failed (JMH exited badly or wrote no result: {@code reason} says why)
 * @param reason                why it failed, "" when ok
 * @param mode                  the benchmark mode; null when failed before JMH said
 * @param unit                  the score's unit as JMH writes it ("us/op", "ops/s"); "" when failed
 * @param warmupIterations      warm-up iterations of the fork
 * @param warmupSeconds         length of each warm-up iteration, seconds
 * @param measurementIterations measurement iterations of the fork
 * @param measurementSeconds    length of each measurement iteration, seconds
 * @param iterationScores       each measurement iteration's score, in {@code unit}, in order; empty when failed
 * @param score                 the fork's score (JMH's mean of its iterations), in {@code unit}; null when failed
 * @param allocBytesPerOp       bytes allocated per operation ({@code -prof gc}'s {@code gc.alloc.rate.norm}),
 *                              bytes; null when JMH did not report it
 * @param jmhVersion            the JMH version of the benchmarks jar ("1.37"), "" when failed
 * @param jvmArgs               the forked JVM's arguments as JMH reports them
 * @param cpus                  the CPUs the JMH process was pinned to ("1", "0-1"), or null when not pinned
 * @param jit                   the JIT's instruction-set facts of this JDK on this machine
 */
public record MicroRecord(
        int schemaVersion,
        String duelVersion,
        String environment,
        String jdk,
        String jdkVersion,
        String jdkHome,
        String benchmark,
        Map<String, String> params,
        int fork,
        String startedAt,
        String finishedAt,
        Status status,
        String reason,
        @JsonSetter(nulls = Nulls.SET) MicroMode mode,
        String unit,
        int warmupIterations,
        double warmupSeconds,
        int measurementIterations,
        double measurementSeconds,
        List<Double> iterationScores,
        @JsonSetter(nulls = Nulls.SET) Double score,
        @JsonSetter(nulls = Nulls.SET) Double allocBytesPerOp,
        String jmhVersion,
        List<String> jvmArgs,
        @JsonSetter(nulls = Nulls.SET) String cpus,
        JitFacts jit) {

    public MicroRecord {
        params = java.util.Collections.unmodifiableMap(new TreeMap<>(params));
        iterationScores = List.copyOf(iterationScores);
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** "HttpBenchmark.postQuote": the class and method, without the package. */
    public String shortBenchmark() {
        return shortName(benchmark);
    }

    /** "HttpBenchmark.postQuote [app=minimal, size=1000]", or the short name alone without parameters. */
    public String label() {
        return label(benchmark, params);
    }

    /** The last two dot-separated parts of a JMH benchmark name. */
    public static String shortName(String benchmark) {
        int method = benchmark.lastIndexOf('.');
        int type = method <= 0 ? -1 : benchmark.lastIndexOf('.', method - 1);
        return benchmark.substring(type + 1);
    }

    /** A benchmark and its parameters in words, as reports name it. */
    public static String label(String benchmark, Map<String, String> params) {
        if (params.isEmpty()) {
            return shortName(benchmark);
        }
        StringBuilder text = new StringBuilder(shortName(benchmark)).append(" [");
        new TreeMap<>(params)
                .forEach((k, v) -> text.append(text.charAt(text.length() - 1) == '[' ? "" : ", ")
                        .append(k)
                        .append('=')
                        .append(v));
        return text.append(']').toString();
    }
}
