package dev.duel.suite.file;

import dev.duel.load.LoadModel;
import dev.duel.load.LoadPlan;
import dev.duel.load.LoadSettings;
import dev.duel.load.Setting;
import dev.duel.load.Timing;
import dev.duel.load.check.ResponseChecks;
import dev.duel.load.http.Header;
import dev.duel.load.http.RequestTemplate;
import dev.duel.load.http.VariableSpec;
import dev.duel.load.schedule.Rate;
import dev.duel.record.ScenarioKind;
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
 * each checked as the load engine will check it (the rules between load settings are {@link LoadSettings}'s, as for
 * {@code duel load}), its errors put at their key by {@link SettingKeys}. Stateless, so thread-safe.
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
                                    () -> LoadSettings.variable(variable, spec))));
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

    /** A scenario's phases where it leaves them out: 10 s of fixed warm-up, a 2 s gap, 20 s of main. */
    private static final Timing.Phases DEFAULT_PHASES =
            new Timing.Phases(Duration.ofSeconds(10), Duration.ofSeconds(2), Duration.ofSeconds(20));

    /** The model as {@link LoadSettings#model} makes it, with the kind's users where none are given. */
    private static LoadModel model(String scenario, ScenarioKind kind, SuiteFile.ModelEntry m) {
        int defaultUsers = switch (kind) {
            case LATENCY -> 2;
            case THROUGHPUT -> 32;
            default -> 16;
        };
        SuiteFile.ModelEntry given = m != null ? m : new SuiteFile.ModelEntry(null, null, null, null, null);
        return Problem.setting(
                scenario,
                null,
                null,
                () -> LoadSettings.model(
                        given.vus(),
                        given.rate() == null ? null : Rate.parse(given.rate()),
                        given.arrival(),
                        given.maxConnections(),
                        defaultUsers));
    }

    /**
     * Windows for a warmup-curve scenario, phases for any other, as {@link LoadSettings} makes them: the kind decides,
     * so windows written for another kind are refused here.
     */
    private static Timing timing(
            String scenario, ScenarioKind kind, SuiteFile.PhasesEntry phases, SuiteFile.WindowsEntry windows) {
        LoadSettings.GivenPhases given = phases(scenario, phases);
        if (kind == ScenarioKind.WARMUP_CURVE) {
            SuiteFile.WindowsEntry w = windows != null ? windows : new SuiteFile.WindowsEntry(null, null, null);
            Duration length = Values.duration(scenario + ".windows.length", w.length(), Duration.ofSeconds(15));
            Duration awaitFirst =
                    Values.duration(scenario + ".windows.awaitFirst", w.awaitFirst(), Duration.ofSeconds(120));
            return Problem.setting(
                    scenario,
                    null,
                    null,
                    () -> LoadSettings.windows(w.count() == null ? 6 : w.count(), length, awaitFirst, given));
        }
        if (windows != null) {
            throw new Problem(scenario + ".windows", "windows belong to kind: warmup-curve; this scenario has phases");
        }
        return Problem.setting(scenario, null, null, () -> LoadSettings.phases(given, DEFAULT_PHASES));
    }

    /** {@code phases:} as written, each duration read at its key; none when left out. */
    private static LoadSettings.GivenPhases phases(String scenario, SuiteFile.PhasesEntry p) {
        if (p == null) {
            return LoadSettings.GivenPhases.NONE;
        }
        String at = scenario + ".phases";
        boolean auto = p.warmup() != null && p.warmup().trim().equalsIgnoreCase("auto");
        return new LoadSettings.GivenPhases(
                auto,
                auto ? null : Values.duration(at + ".warmup", p.warmup(), null),
                Values.duration(at + ".minWarmup", p.minWarmup(), null),
                Values.duration(at + ".maxWarmup", p.maxWarmup(), null),
                Values.duration(at + ".gap", p.gap(), null),
                Values.duration(at + ".duration", p.duration(), null));
    }
}
