package dev.duel.suite.file;

import static dev.duel.suite.TestFiles.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.LoadModel;
import dev.duel.load.Timing;
import dev.duel.record.ScenarioKind;
import dev.duel.record.runtime.Profile;
import dev.duel.suite.RunPlan;
import dev.duel.suite.Scenario;
import dev.duel.suite.Suite;
import dev.duel.suite.SuiteException;
import dev.duel.targets.ServiceSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteLoaderTest {
    @TempDir
    Path temp;

    private final SuiteLoader loader = new SuiteLoader(Path.of("/opt/duel"));

    private Path write(String yaml) throws IOException {
        return Files.writeString(temp.resolve("suite.yaml"), yaml);
    }

    private static final String GOOD = """
            name: ab
            targets:
              - name: a
                java: 17
                jar: ../apps/minimal.jar
                env: {PORT: "${port}"}
                identity: ['/app == "minimal"', '/runtime contains "17."']
                limits: {cpus: 1.0, cpuset: "1", memory: 512m}
              - name: b
                java: 25
                jar: ../apps/minimal.jar
                jvmArgs: [-Xmx256m]
            services:
              postgres: embedded
            scenarios:
              - name: json
                request: {path: /json}
                checks: ['status == 200', 'json:/id == 42']
                model: {vus: 32}
                phases: {warmup: 10s, gap: 5s, duration: 20s}
              - name: products
                request: {path: '/products/${id}', vars: {id: 'seq:1..10000'}}
                checks: ['json:/id == ${id}']
              - name: curve
                kind: warmup-curve
                request: {path: /json}
                windows: {count: 6, length: 15s}
              - name: boot
                kind: startup
                starts: 3
            together: [json, products]
            repetitions: 3
            cooldown: 2s
            loadgen: {cpuset: "0", threads: 1}
            gates: {quiet: {maxCores: 0.3, for: 10s}}
            """;

    @Test
    void aGoodSuiteBecomesTargetsScenariosAndSettings() throws Exception {
        Suite suite = loader.load(write(GOOD));
        assertEquals("ab", suite.name());
        assertEquals(2, suite.targets().size());
        assertEquals(
                temp.getParent().resolve("apps/minimal.jar").normalize(),
                suite.targets().get(0).jar());
        assertEquals(512L << 20, suite.targets().get(0).limits().memoryBytes());
        assertEquals(2, suite.targets().get(0).identity().size());
        assertTrue(suite.services().get(0) instanceof ServiceSpec.EmbeddedPostgres embedded
                && embedded.launcherJar().equals(Path.of("/opt/duel/reference/pg/target/embedded-postgres.jar")));
        assertEquals(new LoadModel.Closed(32), suite.scenario("json").model());
        assertEquals(
                new Timing.Phases(Duration.ofSeconds(10), Duration.ofSeconds(5), Duration.ofSeconds(20)),
                suite.scenario("json").timing());
        assertEquals(ScenarioKind.WARMUP_CURVE, suite.scenario("curve").kind());
        assertEquals(3, suite.scenario("boot").starts());
        assertEquals(0.3, suite.gates().quietMaxCores());
        assertEquals(Duration.ofSeconds(10), suite.gates().quietFor());
        assertEquals(Suite.Gates.DEFAULT.quietMaxWait(), suite.gates().quietMaxWait());
        assertEquals(1, suite.scenario("json").plan(80, 1).seed(), "the default seed");
    }

    @Test
    void warmupAutoRunsUntilSteadyWithTheGivenCapOrTwoMinutes() throws Exception {
        Suite capped = loader.load(write(GOOD.replace(
                "phases: {warmup: 10s, gap: 5s, duration: 20s}",
                "phases: {warmup: auto, maxWarmup: 90s, gap: 5s, duration: 20s}")));
        assertEquals(
                new Timing.Phases(
                        new Timing.Warmup.UntilSteady(Duration.ofSeconds(90)),
                        Duration.ofSeconds(5),
                        Duration.ofSeconds(20)),
                capped.scenario("json").timing());
        Suite byDefault = loader.load(write(GOOD.replace("warmup: 10s,", "warmup: auto,")));
        assertEquals(
                new Timing.Warmup.UntilSteady(Duration.ofSeconds(120)),
                ((Timing.Phases) byDefault.scenario("json").timing()).warmup());
    }

    @Test
    void warmupAutoTakesAMinimumUnderItsCap() throws Exception {
        Suite floored = loader.load(write(GOOD.replace(
                "phases: {warmup: 10s, gap: 5s, duration: 20s}",
                "phases: {warmup: auto, minWarmup: 36s, maxWarmup: 46s, gap: 5s, duration: 20s}")));
        assertEquals(
                new Timing.Warmup.UntilSteady(Duration.ofSeconds(36), Duration.ofSeconds(46)),
                ((Timing.Phases) floored.scenario("json").timing()).warmup());
        Suite byDefault = loader.load(write(GOOD.replace("warmup: 10s,", "warmup: auto,")));
        assertEquals(
                Duration.ZERO,
                ((Timing.Warmup.UntilSteady)
                                ((Timing.Phases) byDefault.scenario("json").timing()).warmup())
                        .min());
    }

    // Issue 24, item 10: a key written twice was read as its last value, silently; gate settings were not checked.
    @Test
    void aKeyWrittenTwiceIsAnErrorAtTheSecond() throws IOException {
        Path twice = write(GOOD.replace("repetitions: 3\n", "repetitions: 3\nrepetitions: 5\n"));
        SuiteException top = assertThrows(SuiteException.class, () -> loader.load(twice));
        int line = GOOD.lines().toList().indexOf("repetitions: 3") + 2;
        assertTrue(top.getMessage().startsWith(twice + ":" + line + ":"), top.getMessage());
        assertTrue(top.getMessage().contains("repetitions"), top.getMessage());
        assertFalse(top.getMessage().contains("\tat "), top.getMessage());
        Path inner = write(GOOD.replace("model: {vus: 32}", "model: {vus: 32, vus: 64}"));
        SuiteException nested = assertThrows(SuiteException.class, () -> loader.load(inner));
        assertTrue(nested.getMessage().contains("vus"), nested.getMessage());
        assertTrue(nested.getMessage().matches("(?s)[^\\n]*:\\d+:\\d+.*"), nested.getMessage());
    }

    @Test
    void gateSettingsThatCannotWorkAreRefusedAtTheirKey() throws IOException {
        String[][] cases = {
            {
                "gates: {quiet: {maxCores: 0.3, for: 10s}}",
                "gates: {quiet: {maxCores: -1, for: 10s}}",
                "gates.quiet.maxCores"
            },
            {
                "gates: {quiet: {maxCores: 0.3, for: 10s}}",
                "gates: {quiet: {maxCores: 0.3, for: 2m, maxWait: 1m}}",
                "gates.quiet.for"
            },
            {
                "gates: {quiet: {maxCores: 0.3, for: 10s}}",
                "gates: {quiet: {maxCores: 0.3, for: 10s, retries: -1}}",
                "gates.quiet.retries"
            },
            {
                "gates: {quiet: {maxCores: 0.3, for: 10s}}",
                "gates: {loadgen: {maxUtilization: 1.5}}",
                "gates.loadgen.maxUtilization"
            },
            {
                "gates: {quiet: {maxCores: 0.3, for: 10s}}",
                "gates: {loadgen: {maxLagP99: 0ms}}",
                "gates.loadgen.maxLagP99"
            },
        };
        for (String[] each : cases) {
            Path file = write(GOOD.replace(each[0], each[1]));
            SuiteException e = assertThrows(SuiteException.class, () -> loader.load(file), each[1]);
            assertTrue(e.getMessage().contains(each[2] + ": "), each[1] + " -> " + e.getMessage());
            assertTrue(e.getMessage().matches("(?s)[^\\n]*:\\d+:\\d+.*"), "a line:column: " + e.getMessage());
        }
    }

    @Test
    void aMinimumWithoutAutoOrAboveTheCapIsAnErrorAtItsLineNamingTheFix() throws IOException {
        Path fixed = write(GOOD.replace("warmup: 10s,", "warmup: 10s, minWarmup: 30s,"));
        SuiteException e = assertThrows(SuiteException.class, () -> loader.load(fixed));
        assertTrue(
                e.getMessage()
                        .contains("scenarios[0] (json).phases.minWarmup: is a floor under an auto warm-up: set the"
                                + " warm-up to auto, or leave this out for a fixed one"),
                e.getMessage());
        Path above = write(GOOD.replace("warmup: 10s,", "warmup: auto, minWarmup: 50s, maxWarmup: 46s,"));
        SuiteException e2 = assertThrows(SuiteException.class, () -> loader.load(above));
        assertTrue(
                e2.getMessage()
                        .contains(
                                "scenarios[0] (json).phases.minWarmup: is 50.0 s, above the maximum warm-up of 46.0 s:"
                                        + " lower it, or raise the maximum"),
                e2.getMessage());
        assertTrue(e2.getMessage().matches("(?s).*:\\d+:\\d+.*"), "a line:column: " + e2.getMessage());
        Path notADuration = write(GOOD.replace("warmup: 10s,", "warmup: auto, minWarmup: soon,"));
        SuiteException e3 = assertThrows(SuiteException.class, () -> loader.load(notADuration));
        assertTrue(
                e3.getMessage().contains("scenarios[0] (json).phases.minWarmup: 'soon' is not a duration"),
                e3.getMessage());
    }

    @Test
    void aCapWithoutAutoIsAnErrorNamingTheFix() throws IOException {
        Path file = write(GOOD.replace("warmup: 10s,", "warmup: 10s, maxWarmup: 60s,"));
        SuiteException e = assertThrows(SuiteException.class, () -> loader.load(file));
        assertTrue(
                e.getMessage()
                        .contains("scenarios[0] (json).phases.maxWarmup: caps an auto warm-up: set the warm-up to"
                                + " auto, or leave this out for a fixed one"),
                e.getMessage());
        Path tiny = write(GOOD.replace("warmup: 10s,", "warmup: auto, maxWarmup: 1s,"));
        SuiteException e2 = assertThrows(SuiteException.class, () -> loader.load(tiny));
        assertTrue(
                e2.getMessage().contains("scenarios[0] (json).phases.maxWarmup: must be at least 2 s"),
                e2.getMessage());
    }

    @Test
    void theReadySuitesWarmUpUntilSteadyExceptTheWarmUpCurve() throws Exception {
        List<Path> ready;
        try (var files = Files.list(Path.of("../suites"))) {
            ready = files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
        assertTrue(ready.size() >= 4, ready.toString());
        for (Path file : ready) {
            Suite suite = loader.load(file);
            for (Scenario scenario : suite.scenarios()) {
                // Each ready suite chooses its own floor and cap (json-runtime and aot-cache judge /json from 36 s,
                // where its JIT settles late), but none warms up for a fixed time.
                if (scenario.sendsLoad() && scenario.timing() instanceof Timing.Phases phases) {
                    assertTrue(
                            phases.warmup() instanceof Timing.Warmup.UntilSteady until
                                    && until.max().compareTo(Duration.ofSeconds(60)) >= 0,
                            file + ": " + scenario.name() + ": " + phases.warmup());
                }
            }
        }
        Suite curve = loader.load(Path.of("../suites/warmup-curve.yaml"));
        assertTrue(curve.scenarios().stream().anyMatch(s -> s.timing() instanceof Timing.Windows));
    }

    @Test
    void theModelsSeedReachesThePlanAndVariablesKeepTheirOrder() throws Exception {
        Suite suite =
                loader.load(write(GOOD.replace("model: {vus: 32}", "model: {rate: 100, arrival: poisson, seed: 7}")
                        .replace(
                                "vars: {id: 'seq:1..10000'}",
                                "vars: {z: 'seq:1..9', a: 'list:x,y', m: 'uniform:1..5', id: 'seq:1..10000'}")));
        assertEquals(7, suite.scenario("json").plan(80, 1).seed());
        assertEquals(
                List.of("z", "a", "m", "id"),
                List.copyOf(suite.scenario("products").plan(80, 1).variables().keySet()));
    }

    @Test
    void alternationFlipsTheFirstRunnerEveryRepetition() throws Exception {
        Suite suite = loader.load(write(GOOD));
        List<String> order = RunPlan.of(suite).stream()
                .map(p -> p.repetition() + p.target() + ":" + String.join("+", p.scenarios()))
                .toList();
        assertEquals(
                List.of(
                        "1a:json+products",
                        "1b:json+products",
                        "1a:curve",
                        "1b:curve",
                        "1a:boot",
                        "1b:boot",
                        "2b:json+products",
                        "2a:json+products",
                        "2b:curve",
                        "2a:curve",
                        "2b:boot",
                        "2a:boot",
                        "3a:json+products",
                        "3b:json+products",
                        "3a:curve",
                        "3b:curve",
                        "3a:boot",
                        "3b:boot"),
                order);
        assertEquals("004-b-curve", RunPlan.of(suite).get(3).fileStem());
    }

    @Test
    void randomOrderRunsEveryTargetOnceARoundInAnOrderDrawnFromTheSeed() throws Exception {
        String three = GOOD.replace("repetitions: 3", "repetitions: 40\norder: random\nseed: 7")
                .replace("together: [json, products]\n", "")
                .replace("  - name: b\n", "  - name: c\n    command: [./c, '${port}']\n  - name: b\n");
        Suite suite = loader.load(write(three));
        assertEquals(Suite.Order.RANDOM, suite.order());
        assertEquals(7, suite.seed());
        List<RunPlan> plans = RunPlan.of(suite);
        java.util.Map<String, Integer> orders = new java.util.TreeMap<>();
        for (int repetition = 1; repetition <= 40; repetition++) {
            for (String scenario : List.of("json", "products")) {
                int r = repetition;
                List<String> round = plans.stream()
                        .filter(p -> p.repetition() == r && p.scenarios().equals(List.of(scenario)))
                        .map(RunPlan::target)
                        .toList();
                assertEquals(List.of("a", "b", "c"), round.stream().sorted().toList(), "each target once a round");
                orders.merge(String.join("", round), 1, Integer::sum);
            }
        }
        // 80 draws of one of 6 orders: every order comes up (each is missed with probability (5/6)^80 < 1e-6), none
        // dominates (a fixed or alternating order would give one or two).
        assertEquals(6, orders.size(), orders.toString());
        assertTrue(orders.values().stream().allMatch(n -> n <= 25), orders.toString());
        // The order is the seed's: a resume or a dry run draws the same; the plan of a repetition does not depend on
        // how
        // many follow; another seed draws another order.
        assertEquals(plans, RunPlan.of(loader.load(write(three))));
        assertEquals(plans.subList(0, 24), RunPlan.of(suite, 2), "4 groups x 3 targets a repetition");
        List<RunPlan> other = RunPlan.of(loader.load(write(three.replace("seed: 7", "seed: 8"))));
        assertNotEquals(
                plans.stream().map(RunPlan::target).toList(),
                other.stream().map(RunPlan::target).toList());
        // Each repetition is one block of runs, so the report pairs its runs as it pairs alternating ones.
        for (int i = 1; i < plans.size(); i++) {
            assertTrue(plans.get(i).repetition() >= plans.get(i - 1).repetition());
        }
    }

    @Test
    void sequentialRunsEveryRepetitionOfOneTargetFirst() throws Exception {
        Suite suite = loader.load(write(GOOD.replace("repetitions: 3", "repetitions: 2\norder: sequential")
                .replace("together: [json, products]\n", "")));
        List<String> order = RunPlan.of(suite).stream()
                .filter(p -> p.scenarios().equals(List.of("json")))
                .map(p -> p.repetition() + p.target())
                .toList();
        assertEquals(List.of("1a", "2a", "1b", "2b"), order);
    }

    @Test
    void aTargetsProfileIsReadAndLeftToTheRunWhenNotGiven() throws Exception {
        Suite suite = loader.load(
                write(GOOD.replace("    jvmArgs: [-Xmx256m]\n", "    jvmArgs: [-Xmx256m]\n    profile: JFR\n")));
        assertNull(suite.target("a").profile(), "not given: the run decides (Profiles)");
        assertEquals(Profile.JFR, suite.target("b").profile());
    }

    @Test
    void aWrongProfileIsAnErrorAtItsKey() throws IOException {
        Path file = write(GOOD.replace("    jvmArgs: [-Xmx256m]\n", "    jvmArgs: [-Xmx256m]\n    profile: full\n"));
        SuiteException e = assertThrows(SuiteException.class, () -> loader.load(file));
        assertTrue(
                e.getMessage().startsWith(file + ":13:5: targets[1] (b).profile: is none, threads or jfr, got 'full'"),
                e.getMessage());
    }

    @Test
    void jfrForACommandTargetIsAnErrorNamingIt() throws IOException {
        Path file = write(GOOD.replace(
                "    java: 25\n    jar: ../apps/minimal.jar\n    jvmArgs: [-Xmx256m]\n",
                "    command: [./run.sh]\n    profile: jfr\n"));
        SuiteException e = assertThrows(SuiteException.class, () -> loader.load(file));
        assertTrue(e.getMessage().contains("targets[1] (b).profile: jfr needs a jar target"), e.getMessage());
        assertTrue(e.getMessage().contains("use profile: threads"), e.getMessage());
    }

    @Test
    void unknownKeysAreErrorsWithLineColumnAndTheKeysThatExist() throws IOException {
        Path file = write(GOOD.replace("    limits: {cpus: 1.0", "    limitz: {cpus: 1.0"));
        SuiteException e = assertThrows(SuiteException.class, () -> loader.load(file));
        assertTrue(e.getMessage().startsWith(file + ":8:5: "), e.getMessage());
        assertTrue(
                e.getMessage()
                        .contains(
                                "unknown key 'limitz' in targets[0]; expected one of: aotCache, command, env, host, identity, jar, java, jvmArgs, limits, listen, name, port, profile, ready"),
                e.getMessage());
    }

    @Test
    void theLateShareIsNoLongerAGateAndItsKeySaysWhy() throws IOException {
        Path file = write(GOOD.replace(
                "gates: {quiet: {maxCores: 0.3, for: 10s}}",
                "gates: {quiet: {maxCores: 0.3, for: 10s}, loadgen: {maxLateShare: 0.01}}"));
        SuiteException e = assertThrows(SuiteException.class, () -> loader.load(file));
        assertTrue(
                e.getMessage()
                        .contains("unknown key 'maxLateShare' in gates.loadgen; expected one of: maxLagP99, "
                                + "maxUtilization (late starts are the target's result"),
                e.getMessage());
    }

    @Test
    void wrongTypesAreErrorsWithLineColumnAndWhatWasExpected() throws IOException {
        Path file = write(GOOD.replace("repetitions: 3", "repetitions: many"));
        SuiteException e = assertThrows(SuiteException.class, () -> loader.load(file));
        assertTrue(
                e.getMessage().matches(".*suite\\.yaml:\\d+:\\d+: repetitions: expected a whole number, got 'many'"),
                e.getMessage());
        Path listNotMap =
                write(GOOD.replace("    limits: {cpus: 1.0, cpuset: \"1\", memory: 512m}", "    limits: [1]"));
        SuiteException e2 = assertThrows(SuiteException.class, () -> loader.load(listNotMap));
        assertTrue(
                e2.getMessage().contains(":8:") && e2.getMessage().contains("targets[0].limits: expected a mapping"),
                e2.getMessage());
    }

    @Test
    void meaningErrorsNameThePlaceAndTheFix() throws IOException {
        assertTrue(assertThrows(
                        SuiteException.class, () -> loader.load(write(GOOD.replace("memory: 512m", "memory: lots"))))
                .getMessage()
                .contains("targets[0] (a): limits.memory is like 512m"));
        assertTrue(assertThrows(
                        SuiteException.class,
                        () -> loader.load(write(GOOD.replace("together: [json, products]", "together: [json, nope]"))))
                .getMessage()
                .contains("together: no scenario is named 'nope'"));
        assertTrue(assertThrows(
                        SuiteException.class, () -> loader.load(write(GOOD.replace("duration: 20s", "duration: soon"))))
                .getMessage()
                .contains("scenarios[0] (json).phases.duration: 'soon' is not a duration"));
        assertTrue(assertThrows(
                        SuiteException.class,
                        () -> loader.load(write(
                                GOOD.replace("checks: ['json:/id == ${id}']", "checks: ['json:/id == ${nope}']"))))
                .getMessage()
                .contains("check 'json:/id == ${nope}': ${nope} is not declared"));
        assertTrue(assertThrows(
                        SuiteException.class,
                        () -> loader.load(write(GOOD.replace("postgres: embedded", "postgres: somewhere"))))
                .getMessage()
                .contains("a service is 'embedded' or an object"));
        assertTrue(assertThrows(SuiteException.class, () -> loader.load(write("targets: []\n")))
                .getMessage()
                .contains("targets: at least one target"));
    }

    private String failure(String yaml) throws IOException {
        Path file = write(yaml);
        return assertThrows(SuiteException.class, () -> loader.load(file)).getMessage();
    }

    private static final String PIN = "sha256:" + "fedcba9876543210".repeat(4);

    @Test
    void loadAgentsAreNamedWithTheirAddressesAndTheTokenFileBesideTheSuite() throws Exception {
        Suite suite = loader.load(write(GOOD.replace(
                        "loadgen: {cpuset: \"0\", threads: 1}",
                        "loadgen: {threads: 1, tokenFile: token, agents: [{name: a, address: '10.213.1.2:9400'},"
                                + " {name: b, address: 'agent-b.duel:9401'}, {name: c, address: '[fd00::3]:9400'},"
                                + " {name: d, address: 10.213.1.3:9400#" + PIN + "}]}")
                .replace("jvmArgs: [-Xmx256m]", "jvmArgs: [-Xmx256m]\n    listen: 10.213.1.1")
                .replace(
                        "limits: {cpus: 1.0, cpuset: \"1\", memory: 512m}",
                        "limits: {cpus: 1.0, cpuset: \"1\", memory: 512m}\n    listen: 10.213.1.1")));
        assertEquals(
                List.of(
                        new Suite.Agent("a", "10.213.1.2", 9400, null),
                        new Suite.Agent("b", "agent-b.duel", 9401, null),
                        new Suite.Agent("c", "fd00::3", 9400, null),
                        // a # inside a plain YAML scalar is no comment: the pin stays with the address
                        new Suite.Agent("d", "10.213.1.3", 9400, PIN)),
                suite.loadgen().agents());
        assertEquals("[fd00::3]:9400", suite.loadgen().agents().get(2).address());
        assertEquals("10.213.1.3:9400", suite.loadgen().agents().get(3).address());
        assertEquals(
                "10.213.1.3:9400#" + PIN,
                suite.loadgen().agents().get(3).agentAddress().toString());
        assertEquals(temp.resolve("token"), suite.loadgen().tokenFile());
        assertTrue(suite.loadgen().distributed());
        assertFalse(loader.load(write(GOOD)).loadgen().distributed());
    }

    @Test
    void aTargetListensOnTheLoopbackUnlessItNamesAnIpAddress() throws Exception {
        Suite suite =
                loader.load(write(GOOD.replace("jvmArgs: [-Xmx256m]", "jvmArgs: [-Xmx256m]\n    listen: 10.213.0.1")));
        assertEquals("127.0.0.1", suite.targets().get(0).listen());
        assertEquals("10.213.0.1", suite.targets().get(1).listen());
        String named = GOOD.replace("jvmArgs: [-Xmx256m]", "jvmArgs: [-Xmx256m]\n    listen: app.example");
        assertTrue(
                failure(named).contains("targets[1] (b).listen: 'app.example' is not an IP address"), failure(named));
    }

    @Test
    void withLoadAgentsAPlanTheyCannotShareAndATargetTheyCannotReachAreRefusedAtTheirKeys() throws IOException {
        String agents = "loadgen: {tokenFile: t, agents: [{name: a, address: '10.0.0.2:9400'},"
                + " {name: b, address: '10.0.0.3:9400'}, {name: c, address: '10.0.0.4:9400'}]}";
        // Two users (a latency scenario's default would be 2 too) cannot be split between three agents.
        String twoUsers = GOOD.replace("loadgen: {cpuset: \"0\", threads: 1}", agents)
                .replace("model: {vus: 32}", "model: {vus: 2}")
                .replace("jvmArgs: [-Xmx256m]", "jvmArgs: [-Xmx256m]\n    listen: 10.0.0.1")
                .replace(
                        "limits: {cpus: 1.0, cpuset: \"1\", memory: 512m}",
                        "limits: {cpus: 1.0, memory: 512m}\n    listen: 10.0.0.1");
        String message = failure(twoUsers);
        assertTrue(
                message.contains("scenarios[0] (json).model.vus: ") && message.contains("between the 3 load agents"),
                message);
        // The loopback address is each agent's own machine.
        String loopback = GOOD.replace("loadgen: {cpuset: \"0\", threads: 1}", agents)
                .replace("model: {vus: 32}", "model: {vus: 30}");
        assertTrue(
                failure(loopback)
                        .contains("targets[0] (a).listen: the target listens on 127.0.0.1, which the load agents"),
                failure(loopback));
        String wildcard = GOOD.replace(
                "limits: {cpus: 1.0, cpuset: \"1\", memory: 512m}",
                "limits: {cpus: 1.0, cpuset: \"1\", memory: 512m}\n    listen: 0.0.0.0");
        assertTrue(failure(wildcard.replace("loadgen: {cpuset: \"0\", threads: 1}", agents))
                .contains("'0.0.0.0' is every address"));
    }

    @Test
    void loadAgentsWithoutATokenFileOrWithABadAddressAreErrorsAtTheirKeys() throws IOException {
        String noToken = GOOD.replace(
                "loadgen: {cpuset: \"0\", threads: 1}", "loadgen: {agents: [{name: a, address: 'h:9400'}]}");
        assertTrue(
                failure(noToken).contains("loadgen.tokenFile: is missing: load agents answer only requests that carry"),
                failure(noToken));
        String badPort = GOOD.replace(
                "loadgen: {cpuset: \"0\", threads: 1}",
                "loadgen: {tokenFile: t, agents: [{name: a, address: 'h:9400'}, {name: b, address: 'h'}]}");
        assertTrue(
                failure(badPort)
                        .contains("loadgen.agents[1].address: 'h' is not host:port: write the agent's address as "
                                + "host:port, e.g. 10.0.0.2:9400"),
                failure(badPort));
        String twice = GOOD.replace(
                "loadgen: {cpuset: \"0\", threads: 1}",
                "loadgen: {tokenFile: t, agents: [{name: a, address: 'h:1'}, {name: a, address: 'i:1'}]}");
        assertTrue(failure(twice).contains("loadgen.agents[1].name: 'a' is used twice"), failure(twice));
        String tokenAlone = GOOD.replace("loadgen: {cpuset: \"0\", threads: 1}", "loadgen: {tokenFile: t}");
        assertTrue(
                failure(tokenAlone).contains("loadgen.tokenFile: is set but no loadgen.agents are named"),
                failure(tokenAlone));
    }

    @Test
    void aWrongLoadSettingIsShownAtItsKeyWithTheKeyPath() throws IOException {
        String yaml = GOOD.replace("model: {vus: 32}", "model: {vus: 0}");
        String message = failure(yaml);
        assertEquals(
                at(temp.resolve("suite.yaml"), yaml, "model: {vus: 0}", "vus")
                        + "scenarios[0] (json).model.vus: must be at least 1, got 0",
                message);
        assertTrue(message.contains(":19:13: "), "the vus key on line 19, column 13: " + message);
        assertFalse(message.contains("--"), "names no flag: " + message);

        String rate = GOOD.replace("model: {vus: 32}", "model: {rate: 100, maxConnections: 0}");
        assertEquals(
                at(temp.resolve("suite.yaml"), rate, "maxConnections: 0", "maxConnections")
                        + "scenarios[0] (json).model.maxConnections: must be at least 1, got 0",
                failure(rate));
        String timeout = GOOD.replace("    model: {vus: 32}", "    model: {vus: 32}\n    timeout: 0s");
        assertEquals(
                at(temp.resolve("suite.yaml"), timeout, "timeout: 0s", "timeout")
                        + "scenarios[0] (json).timeout: must be positive",
                failure(timeout));
        String threads = GOOD.replace("threads: 1}", "threads: -1}");
        assertEquals(
                at(temp.resolve("suite.yaml"), threads, "threads: -1", "threads")
                        + "loadgen.threads: cannot be negative, got -1",
                failure(threads));
        String windows = GOOD.replace("windows: {count: 6", "windows: {count: 0");
        assertEquals(
                at(temp.resolve("suite.yaml"), windows, "count: 0", "count")
                        + "scenarios[2] (curve).windows.count: must be at least 1, got 0",
                failure(windows));
    }

    /**
     * The load settings' rules of {@code LoadSettings}, each shown at the key of the setting it names. Per line: what
     * GOOD writes, what it writes instead, the text where the key stands and the key, then the message after the place.
     */
    private static final String LOAD_RULES = """
            model: {vus: 32} | model: {vus: 32, rate: 100} | rate: 100 | rate | \
            scenarios[0] (json).model.rate: is the open model, and virtual users are the closed one: give a rate or \
            virtual users, not both
            model: {vus: 32} | model: {rate: 100, arrival: bursty} | arrival: bursty | arrival | \
            scenarios[0] (json).model.arrival: is uniform or poisson, got 'bursty'
            windows: {count: 6, length: 15s} | phases: {gap: 1s} | phases: {gap: 1s} | gap | \
            scenarios[2] (curve).phases.gap: is a phase setting, and a run with windows has no phases: leave out the \
            warm-up, gap and duration
            phases: {warmup: 10s, gap: 5s, duration: 20s} | windows: {length: 15s} | windows: | windows | \
            scenarios[0] (json).windows: windows belong to kind: warmup-curve; this scenario has phases
            vars: {id: 'seq:1..10000'} | vars: {id: 'seq:1..10000', my-id: 'seq:1..2'} | my-id: | my-id | \
            scenarios[1] (products).request.vars.my-id: name 'my-id' must be letters, digits and _, not starting \
            with a digit
            """;

    @Test
    void theLoadSettingsRulesAreShownAtTheKeyOfTheSettingTheyName() throws IOException {
        Path file = temp.resolve("suite.yaml");
        for (String rule : LOAD_RULES.lines().toList()) {
            String[] part = rule.split(" \\| ", 5);
            String yaml = GOOD.replace(part[0], part[1]);
            assertEquals(at(file, yaml, part[2], part[3]) + part[4], failure(yaml), rule);
        }
    }

    @Test
    void anUndeclaredVariableNamesRequestVarsNotAFlag() throws IOException {
        String inCheck = GOOD.replace("checks: ['json:/id == ${id}']", "checks: ['json:/id == ${nope}']");
        String message = failure(inCheck);
        assertTrue(
                message.startsWith(
                        at(temp.resolve("suite.yaml"), inCheck, "vars: {id:", "vars")
                                + "scenarios[1] (products).request.vars: check 'json:/id == ${nope}': ${nope} is not declared: declare it as seq:1..100"),
                message);
        assertFalse(message.contains("--var"), message);

        // in the path, with no vars at all: found when loading, not when the run starts, and shown at the request
        String inPath = GOOD.replace("request: {path: /json}\n    checks", "request: {path: '/p/${id}'}\n    checks");
        String pathMessage = failure(inPath);
        assertTrue(
                pathMessage.startsWith(
                        at(temp.resolve("suite.yaml"), inPath, "request: {path: '/p/${id}'}", "request")
                                + "scenarios[0] (json).request.vars: the URL uses ${id}, which is not declared: declare it as seq:1..100"),
                pathMessage);
        assertFalse(pathMessage.contains("--var"), pathMessage);

        String badSpec = GOOD.replace("'seq:1..10000'", "'seq:10..1'");
        assertTrue(
                failure(badSpec)
                        .startsWith(at(temp.resolve("suite.yaml"), badSpec, "vars: {id:", "id:")
                                + "scenarios[1] (products).request.vars.id: 'seq:10..1': write seq:FIRST..LAST"),
                failure(badSpec));
    }

    @Test
    void aScenarioNameThatCannotBeAFileNameIsRefusedAtItsKey() throws Exception {
        Path file = temp.resolve("suite.yaml");
        for (String name : List.of("a/b", "..", ".hidden", "a b", "")) {
            String yaml = GOOD.replace("  - name: products", "  - name: '" + name + "'")
                    .replace("together: [json, products]", "together: [json, '" + name + "']");
            assertEquals(
                    at(file, yaml, "  - name: '" + name + "'", "name")
                            + "scenarios[1] (" + name + ").name: a scenario's name is letters, digits, '.', '_' or '-'"
                            + " (it names the run's files), got '" + name + "'",
                    failure(yaml),
                    name);
        }
        assertEquals(
                List.of("json", "products.v2", "curve", "boot"),
                loader.load(write(GOOD.replace("products", "products.v2"))).scenarios().stream()
                        .map(Scenario::name)
                        .toList(),
                "the rule of target names: letters, digits, '.', '_', '-'");
    }

    @Test
    void aScenarioCannotTakeTheNameOfTheReportsStartUpSection() throws Exception {
        Path file = temp.resolve("suite.yaml");
        String yaml = GOOD.replace("  - name: boot", "  - name: start-up");
        assertEquals(
                at(file, yaml, "  - name: start-up", "name")
                        + "scenarios[3] (start-up).name: 'start-up' is the name of the report's start-up section"
                        + " (every run's time to ready): name the scenario otherwise, e.g. 'startup' or 'boot'",
                failure(yaml));
    }

    @Test
    void aVariableValueThatWouldBreakTheRequestIsShownAtTheVars() throws IOException {
        String yaml = GOOD.replace(
                "request: {path: '/products/${id}', vars: {id: 'seq:1..10000'}}",
                "request: {path: /products/1, headers: ['X-Id: ${id}'], vars: {id: \"list:1,2\\r\\nX-Evil: 1\"}}");
        assertEquals(
                at(temp.resolve("suite.yaml"), yaml, "vars: {id:", "vars")
                        + "scenarios[1] (products).request.vars: ${id} can be '2\\r\\nX-Evil: 1', used in header X-Id:"
                        + " it has a line break (CR), which would end the header early and start another (header injection)",
                failure(yaml));
    }

    @Test
    void errorsFoundAfterParsingHaveLineAndColumnToo() throws IOException {
        Path file = temp.resolve("suite.yaml");
        String check = GOOD.replace("'json:/id == 42'", "'json:/id = 42'");
        assertTrue(
                failure(check)
                        .startsWith(at(file, check, "'json:/id = 42'", "'json:/id = 42'")
                                + "scenarios[0] (json).checks[1]: check 'json:/id = 42': write json:/pointer"),
                failure(check));
        String together = GOOD.replace("together: [json, products]", "together: [json, nope]");
        assertTrue(
                failure(together)
                        .startsWith(at(file, together, "together:", "nope") + "together: no scenario is named 'nope'"),
                failure(together));
        String order = GOOD.replace("repetitions: 3", "repetitions: 3\norder: sometimes");
        assertEquals(
                at(file, order, "order:", "order")
                        + "order: alternate, random, interleaved, duet or sequential, got 'sometimes'",
                failure(order));
        String kind = GOOD.replace("kind: warmup-curve", "kind: warmup");
        assertTrue(
                failure(kind)
                        .startsWith(at(file, kind, "kind: warmup", "kind")
                                + "scenarios[2] (curve).kind: is load, warmup-curve"),
                failure(kind));
        String memory = GOOD.replace("memory: 512m", "memory: lots");
        assertTrue(
                failure(memory)
                        .startsWith(at(file, memory, "memory: lots", "memory")
                                + "targets[0] (a): limits.memory is like 512m"),
                failure(memory));
        String duplicate = GOOD.replace("  - name: b\n", "  - name: a\n");
        assertEquals(
                at(file, duplicate, "  - name: a\n    java: 25", "name") + "targets[1] (a).name: 'a' is used twice",
                failure(duplicate));
        String cpuset = GOOD.replace("loadgen: {cpuset: \"0\"", "loadgen: {cpuset: \"zero\"");
        assertTrue(
                failure(cpuset)
                        .startsWith(at(file, cpuset, "cpuset: \"zero\"", "cpuset") + "loadgen.cpuset: is a CPU list"),
                failure(cpuset));
        String rate = GOOD.replace("model: {vus: 32}", "model: {vus: 32}\n    maxErrorRate: lots");
        assertEquals(
                at(file, rate, "maxErrorRate: lots", "maxErrorRate")
                        + "scenarios[0] (json).maxErrorRate: is between 0 and 1 (or 0% and 100%), got lots",
                failure(rate));
    }
}
