package dev.duel.suite.file;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.duel.analysis.RatioVerdict;
import dev.duel.record.ScenarioKind;
import dev.duel.suite.Scenario;
import dev.duel.suite.Suite;
import dev.duel.suite.SuiteException;
import dev.duel.suite.aot.AotCacheSpec;
import dev.duel.suite.run.Preflight;
import dev.duel.targets.ServiceSpec;
import dev.duel.targets.TargetSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a suite file. Every error has {@code file:line:column}, the key path and what was expected:
 * unknown keys and wrong types from the parser ({@link YamlErrorLocator}); the rest, checked after parsing, at the key
 * it is about ({@code scenarios[0] (json).model.vus}), or at the nearest enclosing key written when
 * the setting was left to its default. Each section is checked by its own class (targets and services, scenarios,
 * loadgen, agents, repetitions, gates, kubernetes); this one converts the whole and checks what spans sections: names
 * used twice, {@code together}, the order, the AOT caches' training scenarios. Load settings are checked as the load
 * engine will check them, and the engine's errors are put at their key by {@link SettingKeys}. Relative paths (jars)
 * are resolved against the suite file's folder. Thread-safe.
 */
public final class SuiteLoader {
    private final YAMLMapper yaml = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            // A key written twice in one mapping was read as its last value, silently: now an error at the second.
            .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    /** The parser's errors in a suite's words: its repetitions' two forms, a note on a key that went. */
    private static final YamlErrorLocator ERRORS = new YamlErrorLocator(
            "the suite",
            Map.of(RepetitionsEntry.class, "a whole number, or a mapping {min: 3, max: 12, until: 'rps ci within 5%'}"),
            Map.of(
                    "maxLateShare",
                    "late starts are the target's result, shown and compared, not a gate of the load generator: remove"
                            + " the key"));

    private final Path duelHome;

    /** @param duelHome the duel checkout, where {@code postgres: embedded} finds the reference launcher */
    public SuiteLoader(Path duelHome) {
        this.duelHome = duelHome;
    }

    public Suite load(Path file) throws SuiteException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new SuiteException(file + ": cannot read the suite file (" + e.getMessage() + ")");
        }
        SuiteFile parsed;
        try {
            parsed = yaml.readValue(text, SuiteFile.class);
        } catch (JsonProcessingException e) {
            throw new SuiteException(ERRORS.describe(file, text, e), e);
        }
        if (parsed == null) {
            throw new SuiteException(file + ": the suite file is empty");
        }
        try {
            return convert(file, parsed);
        } catch (Problem problem) {
            throw new SuiteException(
                    YamlErrorLocator.locate(
                            file,
                            KeyPositions.of(text),
                            problem.located,
                            withName(problem.shown, parsed),
                            problem.getMessage()),
                    problem.getCause() != null ? problem.getCause() : problem);
        } catch (IllegalArgumentException e) {
            throw new SuiteException(file + ": " + e.getMessage(), e);
        }
    }

    private static final Pattern ENTRY = Pattern.compile("(targets|scenarios)\\[(\\d+)]");

    /** {@code scenarios[0] (json).model.vus}: a target's or scenario's name after its index, where it has one. */
    private static String withName(String path, SuiteFile f) {
        Matcher entry = ENTRY.matcher(path);
        if (!entry.lookingAt()) {
            return path;
        }
        int index = Integer.parseInt(entry.group(2));
        List<?> entries = entry.group(1).equals("targets") ? f.targets() : f.scenarios();
        Object item = entries == null || index >= entries.size() ? null : entries.get(index);
        String name = item instanceof SuiteFile.TargetEntry t
                ? t.name()
                : item instanceof SuiteFile.ScenarioEntry s ? s.name() : null;
        return name == null ? path : path.substring(0, entry.end()) + " (" + name + ")" + path.substring(entry.end());
    }

    private Suite convert(Path file, SuiteFile f) {
        Path folder = file.toAbsolutePath().getParent();
        String name =
                f.name() != null ? f.name() : stripExtension(file.getFileName().toString());
        if (!Values.FILE_NAME.matcher(name).matches()) {
            throw new Problem("name", "letters, digits, '.', '_' and '-' only, got '" + name + "'");
        }
        if (f.targets() == null || f.targets().isEmpty()) {
            throw new Problem("targets", "at least one target is needed (two to compare)");
        }
        List<TargetSpec> targets = new ArrayList<>();
        Set<String> targetNames = new HashSet<>();
        for (int i = 0; i < f.targets().size(); i++) {
            TargetSpec target =
                    TargetsSection.target("targets[" + i + "]", f.targets().get(i), folder);
            if (!targetNames.add(target.name())) {
                throw new Problem("targets[" + i + "].name", "'" + target.name() + "' is used twice");
            }
            targets.add(target);
        }
        List<ServiceSpec> services = TargetsSection.services(f.services(), duelHome);
        Suite.Loadgen loadgen =
                AgentsSection.hosting(LoadgenSection.loadgen(f.loadgen(), folder), f.targets(), targets);
        if (f.scenarios() == null || f.scenarios().isEmpty()) {
            throw new Problem("scenarios", "at least one scenario is needed");
        }
        List<Scenario> scenarios = new ArrayList<>();
        Set<String> scenarioNames = new HashSet<>();
        for (int i = 0; i < f.scenarios().size(); i++) {
            Scenario scenario = ScenariosSection.scenario(
                    "scenarios[" + i + "]", f.scenarios().get(i), loadgen.threads());
            if (!scenarioNames.add(scenario.name())) {
                throw new Problem("scenarios[" + i + "].name", "'" + scenario.name() + "' is used twice");
            }
            if (loadgen.distributed() && scenario.kind() != ScenarioKind.STARTUP) {
                AgentsSection.splitsBetweenAgents("scenarios[" + i + "]", scenario, loadgen, targets);
            }
            scenarios.add(scenario);
        }
        List<String> together = together(f.together(), scenarios, scenarioNames);
        Suite.Order order = f.order() == null
                ? Suite.Order.ALTERNATE
                : switch (f.order().toLowerCase(Locale.ROOT)) {
                    case "alternate" -> Suite.Order.ALTERNATE;
                    case "sequential" -> Suite.Order.SEQUENTIAL;
                    case "random" -> Suite.Order.RANDOM;
                    case "duet" -> Suite.Order.DUET;
                    case "interleaved" -> Suite.Order.INTERLEAVED;
                    default ->
                        throw new Problem(
                                "order", "alternate, random, interleaved, duet or sequential, got '" + f.order() + "'");
                };
        if (order.pairs()) {
            DuetChecks.check(order, targets, scenarios, loadgen);
        }
        Suite.Interleave interleave = InterleaveSection.interleave(f.interleave(), order, scenarios);
        long seed = f.seed() == null ? 1 : f.seed();
        // The equivalence margin of the report's "the same within" (read by the report from the suite's copy) and of a
        // repetitions rule 'clear' that names none.
        double sameWithin = f.sameWithin() == null
                ? RatioVerdict.DEFAULT_SAME_WITHIN
                : Values.fraction("sameWithin", f.sameWithin());
        if (!(sameWithin > 0 && sameWithin < 1)) {
            throw new Problem("sameWithin", "is a margin above 0% and below 100%, e.g. 5%, got " + f.sameWithin());
        }
        Suite.Repetitions repetitions =
                RepetitionsSection.repetitions(f.repetitions(), scenarios, targets.size(), order, sameWithin);
        Duration cooldown = Values.duration("cooldown", f.cooldown(), Duration.ofSeconds(5));
        Map<String, AotCacheSpec> aotCaches = aotCaches(f.targets(), targets, scenarios);
        return new Suite(
                name,
                file.toAbsolutePath(),
                targets,
                services,
                scenarios,
                together,
                repetitions,
                order,
                seed,
                cooldown,
                loadgen,
                GatesSection.gates(f.gates()),
                f.thresholds() == null ? List.of() : List.copyOf(f.thresholds()),
                aotCaches,
                KubernetesSection.kubernetes(f.kubernetes(), targets, services),
                interleave);
    }

    /** {@code together:}: scenarios that run in one start of each target, each named, none that needs a fresh one. */
    private static List<String> together(List<String> written, List<Scenario> scenarios, Set<String> scenarioNames) {
        List<String> together = written == null ? List.of() : List.copyOf(written);
        for (int i = 0; i < together.size(); i++) {
            String member = together.get(i);
            if (!scenarioNames.contains(member)) {
                throw new Problem(
                        "together",
                        "together[" + i + "]",
                        "no scenario is named '" + member + "'; scenarios are " + scenarioNames,
                        null);
            }
            ScenarioKind kind = ScenariosSection.kindOf(scenarios, member);
            if (kind == ScenarioKind.STARTUP || kind == ScenarioKind.WARMUP_CURVE) {
                throw new Problem(
                        "together",
                        "together[" + i + "]",
                        "'" + member + "' is a " + kind.label() + " scenario, which needs a fresh target of its own",
                        null);
            }
        }
        return together;
    }

    /**
     * Each target's {@code aotCache: {train: SCENARIO, for: 30s}}: a jar target (the cache is its JVM's), a scenario
     * that sends requests, a positive time. Its JDK is checked by {@link Preflight}, which resolves JDKs.
     */
    private static Map<String, AotCacheSpec> aotCaches(
            List<SuiteFile.TargetEntry> entries, List<TargetSpec> targets, List<Scenario> scenarios) {
        Map<String, AotCacheSpec> caches = new LinkedHashMap<>();
        List<String> names = scenarios.stream().map(Scenario::name).toList();
        for (int i = 0; i < entries.size(); i++) {
            SuiteFile.AotCacheEntry entry = entries.get(i).aotCache();
            if (entry == null) {
                continue;
            }
            String at = "targets[" + i + "].aotCache";
            if (targets.get(i).jar() == null) {
                throw new Problem(at, "needs a jar target (java and jar): the cache belongs to the JVM it trains");
            }
            if (entry.train() == null) {
                throw new Problem(at + ".train", "is missing: name the scenario whose requests train the cache");
            }
            Scenario train = scenarios.stream()
                    .filter(s -> s.name().equals(entry.train()))
                    .findFirst()
                    .orElseThrow(() -> new Problem(
                            at + ".train", "no scenario is named '" + entry.train() + "'; scenarios are " + names));
            if (!train.sendsLoad()) {
                throw new Problem(
                        at + ".train",
                        "'" + train.name() + "' is a startup scenario, which sends no requests to train with: name a"
                                + " scenario that sends load");
            }
            if (entry.forDuration() == null) {
                throw new Problem(at + ".for", "is missing: how long the training drives the scenario, e.g. 30s");
            }
            Duration trainFor = Values.duration(at + ".for", entry.forDuration(), null);
            if (trainFor.isZero() || trainFor.isNegative()) {
                throw new Problem(at + ".for", "must be positive, got " + entry.forDuration());
            }
            caches.put(targets.get(i).name(), new AotCacheSpec(train.name(), trainFor));
        }
        return caches;
    }

    private static String stripExtension(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot > 0 ? fileName.substring(0, dot) : fileName;
    }
}
