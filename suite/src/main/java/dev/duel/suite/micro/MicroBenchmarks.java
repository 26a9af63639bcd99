package dev.duel.suite.micro;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The benchmarks a JMH jar holds, read from {@code java -jar benchmarks.jar -lp}, and the cases (benchmark x one
 * value of each parameter) that includes and parameter overrides select. Immutable.
 */
public record MicroBenchmarks(List<Benchmark> benchmarks) {
    private static final Pattern PARAM = Pattern.compile("\\s+param \"([^\"]+)\" = \\{(.*)}\\s*");

    /** One benchmark: its full name and each parameter's values, in the jar's order. */
    public record Benchmark(String name, Map<String, List<String>> params) {}

    /** One fork's worth: a benchmark with one value of each of its parameters. */
    public record Case(String benchmark, Map<String, String> params) {}

    public MicroBenchmarks {
        benchmarks = List.copyOf(benchmarks);
    }

    /** Parses the output of {@code -lp}: a "Benchmarks:" line, then names, each followed by its param lines. */
    public static MicroBenchmarks parse(String listing) {
        List<Benchmark> found = new ArrayList<>();
        String name = null;
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (String line : listing.split("\\R")) {
            Matcher param = PARAM.matcher(line);
            if (name != null && param.matches()) {
                List<String> values = new ArrayList<>();
                for (String value : param.group(2).split(",")) {
                    values.add(value.trim());
                }
                params.put(param.group(1), values);
            } else if (!line.isBlank() && !line.startsWith(" ") && !line.startsWith("Benchmarks:")) {
                if (name != null) {
                    found.add(new Benchmark(name, params));
                }
                name = line.trim();
                params = new LinkedHashMap<>();
            }
        }
        if (name != null) {
            found.add(new Benchmark(name, params));
        }
        return new MicroBenchmarks(found);
    }

    /**
     * The cases to run: each benchmark a regex of {@code includes} finds in its name (all when none), crossed with
     * its parameters' values, {@code overrides} replacing a parameter's values where the benchmark has it.
     *
     * @throws IllegalArgumentException when a regex is not one, or selects nothing (naming the benchmarks there are)
     */
    public List<Case> select(List<String> includes, Map<String, List<String>> overrides) {
        List<Case> cases = new ArrayList<>();
        for (String include : includes) {
            Pattern pattern = compile(include);
            if (benchmarks.stream().noneMatch(b -> pattern.matcher(b.name()).find())) {
                throw new IllegalArgumentException("'" + include + "' matches no benchmark of the jar; it has: "
                        + String.join(
                                ", ", benchmarks.stream().map(Benchmark::name).toList()));
            }
        }
        for (Benchmark benchmark : benchmarks) {
            if (!includes.isEmpty()
                    && includes.stream()
                            .noneMatch(i -> compile(i).matcher(benchmark.name()).find())) {
                continue;
            }
            List<Map<String, String>> combinations = new ArrayList<>();
            combinations.add(new TreeMap<>());
            for (Map.Entry<String, List<String>> param : benchmark.params().entrySet()) {
                List<String> values = overrides.getOrDefault(param.getKey(), param.getValue());
                List<Map<String, String>> next = new ArrayList<>();
                for (Map<String, String> combination : combinations) {
                    for (String value : values) {
                        Map<String, String> more = new TreeMap<>(combination);
                        more.put(param.getKey(), value);
                        next.add(more);
                    }
                }
                combinations = next;
            }
            combinations.forEach(c -> cases.add(new Case(benchmark.name(), c)));
        }
        return cases;
    }

    /** True when {@code name} ("HttpBenchmark.postQuote" or a full name) names exactly one benchmark's end. */
    public boolean has(String name) {
        return benchmarks.stream()
                .anyMatch(b -> b.name().equals(name) || b.name().endsWith("." + name));
    }

    private static Pattern compile(String regex) {
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("'" + regex + "' is not a regular expression: " + e.getDescription());
        }
    }
}
