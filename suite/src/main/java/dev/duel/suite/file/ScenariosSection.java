package dev.duel.suite.file;

import dev.duel.load.LoadModel;
import dev.duel.load.LoadPlan;
import dev.duel.load.Setting;
import dev.duel.load.Timing;
import dev.duel.load.check.ResponseChecks;
import dev.duel.load.http.Header;
import dev.duel.load.http.RequestTemplate;
import dev.duel.load.http.VariableSpec;
import dev.duel.load.schedule.Rate;
import dev.duel.record.ScenarioKind;
import dev.duel.record.load.Arrival;
import dev.duel.suite.Scenario;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One entry of {@code scenarios:}: its name and kind, the request and its checks, the load model and the timing,
 * each checked as the load engine will check it, its errors put at their key by {@link SettingKeys}. Stateless, so
 * thread-safe.
 */
final class ScenariosSection {
    private ScenariosSection() {}

    /**
     * @param threads the load engine's threads, to check the plan the scenario will run with
     */
    static Scenario scenario(String at, SuiteFile.ScenarioEntry s, int threads) {
        if (s.name() == null) {
            throw new Problem(at + ".name", "is missing");
        }
        if (!Values.FILE_NAME.matcher(s.name()).matches()) {
            throw new Problem(
                    at + ".name",
                    "a scenario's name is letters, digits, '.', '_' or '-' (it names the run's files), got '" + s.name()
                            + "'");
        }
        if (s.name().equalsIgnoreCase(ScenarioKind.STARTUP_SECTION)) {
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
            headers.add(Problem.setting(
                    at, at + ".request.headers[" + i + "]", Setting.HEADERS, () -> Header.parse(header)));
        }
        Map<String, VariableSpec> variables = new LinkedHashMap<>();
        if (r.vars() != null) {
            r.vars()
                    .forEach((variable, spec) -> variables.put(
                            variable,
                            Problem.setting(
                                    at,
                                    at + ".request.vars." + variable,
                                    Setting.VARIABLES,
                                    () -> VariableSpec.parse(spec))));
        }
        List<String> checks = s.checks() == null ? List.of() : s.checks();
        List<String> variableNames = List.copyOf(variables.keySet());
        for (int i = 0; i < checks.size(); i++) {
            List<String> one = List.of(checks.get(i));
            Problem.setting(
                    at, at + ".checks[" + i + "]", Setting.CHECKS, () -> ResponseChecks.parse(one, variableNames));
        }
        LoadModel model = model(at, kind, s.model());
        Timing timing = timing(at, kind, s.phases(), s.windows());
        int starts = s.starts() == null ? 5 : s.starts();
        if (starts < 1) {
            throw new Problem(at + ".starts", "at least 1, got " + starts);
        }
        double maxErrorRate = s.maxErrorRate() == null ? 0 : Values.fraction(at + ".maxErrorRate", s.maxErrorRate());
        byte[] body = r.body() == null ? null : r.body().getBytes(StandardCharsets.UTF_8);
        Duration timeout = Values.duration(at + ".timeout", s.timeout(), Duration.ofSeconds(10));
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
                MicroSection.micro(at + ".micro", s.micro()));
        // Fails early, as the engine would before its first request: the plan, its request and its checks together.
        Problem.setting(at, null, null, () -> {
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

    /** The kind of the scenario named {@code name}, one of {@code scenarios}. */
    static ScenarioKind kindOf(List<Scenario> scenarios, String name) {
        return scenarios.stream()
                .filter(s -> s.name().equals(name))
                .findFirst()
                .orElseThrow()
                .kind();
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
            return Problem.setting(
                    scenario,
                    null,
                    null,
                    () -> new LoadModel.Open(
                            Rate.parse(m.rate()), arrival, m.maxConnections() == null ? 64 : m.maxConnections()));
        }
        return Problem.setting(
                scenario, null, null, () -> new LoadModel.Closed(m.vus() == null ? defaultUsers : m.vus()));
    }

    private static Timing timing(
            String scenario, ScenarioKind kind, SuiteFile.PhasesEntry phases, SuiteFile.WindowsEntry windows) {
        if (kind == ScenarioKind.WARMUP_CURVE) {
            if (phases != null) {
                throw new Problem(scenario + ".phases", "a warmup-curve scenario has windows, not phases");
            }
            SuiteFile.WindowsEntry w = windows != null ? windows : new SuiteFile.WindowsEntry(null, null, null);
            Duration length = Values.duration(scenario + ".windows.length", w.length(), Duration.ofSeconds(15));
            Duration awaitFirst =
                    Values.duration(scenario + ".windows.awaitFirst", w.awaitFirst(), Duration.ofSeconds(120));
            return Problem.setting(
                    scenario,
                    null,
                    null,
                    () -> new Timing.Windows(w.count() == null ? 6 : w.count(), length, awaitFirst));
        }
        if (windows != null) {
            throw new Problem(scenario + ".windows", "windows belong to kind: warmup-curve; this scenario has phases");
        }
        SuiteFile.PhasesEntry p = phases != null ? phases : new SuiteFile.PhasesEntry(null, null, null, null, null);
        Duration gap = Values.duration(scenario + ".phases.gap", p.gap(), Duration.ofSeconds(2));
        Duration main = Values.duration(scenario + ".phases.duration", p.duration(), Duration.ofSeconds(20));
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
        Duration minWarmup = Values.duration(scenario + ".phases.minWarmup", p.minWarmup(), Duration.ZERO);
        Duration maxWarmup =
                Values.duration(scenario + ".phases.maxWarmup", p.maxWarmup(), Timing.Warmup.UntilSteady.DEFAULT_MAX);
        return Problem.setting(scenario, null, null, () -> {
            Timing.Warmup warmup = auto
                    ? new Timing.Warmup.UntilSteady(minWarmup, maxWarmup)
                    : new Timing.Warmup.Fixed(
                            Values.duration(scenario + ".phases.warmup", p.warmup(), Duration.ofSeconds(10)));
            return new Timing.Phases(warmup, gap, main);
        });
    }
}
