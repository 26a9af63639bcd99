package dev.duel.suite.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.suite.RunPlan;
import dev.duel.suite.Suite;
import dev.duel.suite.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code order: duet} in a suite file: what it needs of the suite, each refusal at its key, and the plan's pairs. */
class DuetLoadingTest {
    @TempDir
    Path temp;

    private final SuiteLoader loader = new SuiteLoader(Path.of("/opt/duel"));

    private static final String SUITE = """
            name: ab
            targets:
              - name: a
                command: [./a, '${port}']
                limits: {cpus: 0.5, cpuset: '0', memory: 512m}
              - name: b
                command: [./b, '${port}']
                limits: {cpus: 0.5, cpuset: '0', memory: 512m}
            scenarios:
              - name: json
                request: {path: /json}
              - name: products
                request: {path: /products/1}
            together: [json]
            repetitions: 3
            order: duet
            loadgen: {cpuset: '1'}
            """;

    private String failure(String yaml) throws IOException {
        return TestFiles.loadFailure(loader, temp.resolve("suite.yaml"), yaml);
    }

    private String at(String yaml, String text, String key) {
        return TestFiles.at(temp.resolve("suite.yaml"), yaml, text, key);
    }

    // Issue 24, item 10: the connections one run holds at once are checked against the open-file limit before
    // anything runs: a run's scenarios load one after the other, a duet's two sides at once.
    @Test
    void theOpenFileLimitCountsTheBusiestScenarioAndADuetsTwoSides() throws Exception {
        String busy = SUITE.replace("request: {path: /json}", "request: {path: /json}\n    model: {vus: 600}");
        dev.duel.load.FileLimit.Reading reading = new dev.duel.load.FileLimit.Reading(100, 1024);
        Suite duet = loader.load(Files.writeString(temp.resolve("duet.yaml"), busy));
        String problem = dev.duel.suite.run.Preflight.openFilesProblem(duet, reading);
        assertTrue(
                problem != null && problem.startsWith("loadgen: 1200 connection(s) need about 1364 open files"),
                problem);
        assertTrue(problem.contains("(ulimit -n 2048)"), problem);
        Suite alternate = loader.load(
                Files.writeString(temp.resolve("alternate.yaml"), busy.replace("order: duet", "order: alternate")));
        assertEquals(null, dev.duel.suite.run.Preflight.openFilesProblem(alternate, reading));
    }

    @Test
    void aDuetPlansBothTargetsOfEachRepetitionAndGroupSideBySide() throws Exception {
        Suite suite = loader.load(Files.writeString(temp.resolve("suite.yaml"), SUITE));
        assertEquals(Suite.Order.DUET, suite.order());
        List<RunPlan> plans = RunPlan.of(suite);
        assertEquals(12, plans.size());
        for (int i = 0; i < plans.size(); i += 2) {
            RunPlan first = plans.get(i);
            RunPlan second = plans.get(i + 1);
            assertEquals(first.repetition(), second.repetition());
            assertEquals(first.scenarios(), second.scenarios());
            assertEquals(
                    List.of("a", "b"),
                    List.of(first.target(), second.target()).stream().sorted().toList());
        }
    }

    @Test
    void bothTargetsNeedTheSameCpuAndMemoryLimits() throws IOException {
        String unequal = SUITE.replaceFirst("cpus: 0.5", "cpus: 1.0");
        String message = failure(unequal);
        assertTrue(
                message.startsWith(at(unequal, "order: duet", "order") + "order: duet runs both targets side by side"),
                message);
        assertTrue(message.contains("a side with more CPU would be measured as faster"), message);
        String none = SUITE.replace("    limits: {cpus: 0.5, cpuset: '0', memory: 512m}\n", "");
        assertTrue(failure(none).contains("each needs the same limits.cpus and limits.memory"), failure(none));
    }

    @Test
    void aDuetIsOfTwoTargets() throws IOException {
        String three = SUITE.replace(
                "scenarios:",
                "  - name: c\n    command: [./c, '${port}']\n    limits: {cpus: 0.5, memory: 512m}\nscenarios:");
        assertEquals(
                at(three, "order: duet", "order") + "order: duet measures two targets at once and compares them second"
                        + " by second; the suite has 3: keep two, or use order: alternate",
                failure(three));
    }

    @Test
    void startUpAndWarmUpCurvesAreNotMeasuredSideBySide() throws IOException {
        String startup = SUITE.replace("together: [json]", "  - name: boot\n    kind: startup\ntogether: [json]");
        assertTrue(
                failure(startup)
                        .contains(
                                "scenarios[2] (boot).kind: a startup scenario cannot run in duet: it has no main phase to"
                                        + " share, and two targets starting or warming up side by side would time each"
                                        + " other's start"),
                failure(startup));
    }

    /** Issue 31: a pair's JIT compilers are raised for a warm-up on the CPUs the two share, unless the suite says as-is. */
    @Test
    void anInterleavedPairRaisesItsCompilersWhereItsSidesWarmUpOnSharedCpus() throws Exception {
        String interleaved = SUITE.replace("order: duet", "order: interleaved");
        Suite turns = loader.load(Files.writeString(
                temp.resolve("turns.yaml"), interleaved + "interleave: {slice: 1500ms, warmup: 4s}\n"));
        assertEquals(Suite.Interleave.Compilers.RAISED, turns.interleave().compilers());
        assertTrue(turns.interleave().raisesCompilers());
        Suite together = loader.load(
                Files.writeString(temp.resolve("together.yaml"), interleaved + "interleave: {warmup: together}\n"));
        assertTrue(together.interleave().raisesCompilers());
        // Apart, each side has a CPU of its own to compile on (and falls back to turns, raised, where none is free).
        Suite apart = loader.load(Files.writeString(temp.resolve("apart.yaml"), interleaved));
        assertEquals(Suite.Interleave.Warmup.APART, apart.interleave().warmup());
        assertEquals(Suite.Interleave.Compilers.RAISED, apart.interleave().compilers());
        assertTrue(!apart.interleave().raisesCompilers());
        // Spread over every CPU, the two still share them (the generator's too): raised, and moved back in the gap.
        Suite spread = loader.load(
                Files.writeString(temp.resolve("spread.yaml"), interleaved + "interleave: {warmup: spread}\n"));
        assertEquals(Suite.Interleave.Warmup.SPREAD, spread.interleave().warmup());
        assertTrue(spread.interleave().raisesCompilers());
        String noGap = interleaved.replace(
                        "request: {path: /json}",
                        "request: {path: /json}\n    phases: {warmup: 5s, gap: 0s, duration: 5s}")
                + "interleave: {warmup: spread}\n";
        assertTrue(
                failure(noGap)
                        .contains(
                                "scenarios[0] (json).phases.gap: is at least 1 s with interleave.warmup: spread (a side"
                                        + " warms up on other CPUs than its own and moves back in the gap, before main's"
                                        + " slices), got 0.0 s"),
                failure(noGap));
        Suite asIs = loader.load(Files.writeString(
                temp.resolve("as-is.yaml"), interleaved + "interleave: {warmup: 4s, compilers: as-is}\n"));
        assertEquals(Suite.Interleave.Compilers.AS_IS, asIs.interleave().compilers());
        assertTrue(!asIs.interleave().raisesCompilers());
        String wrong = interleaved + "interleave: {warmup: 4s, compilers: high}\n";
        assertEquals(
                at(wrong, "interleave: {warmup: 4s, compilers: high}", "compilers")
                        + "interleave.compilers: is 'raised' (the JIT compiler threads at a higher priority while the"
                        + " pair warms up on shared CPUs, the default) or 'as-is', got high",
                failure(wrong));
    }

    /** Issue 31: a pair's steady stretch (the warm-up judge's least length, its compiler's window) is the suite's. */
    @Test
    void anInterleavedPairsSteadyStretchIsWholeSecondsOfAtLeastFour() throws Exception {
        String interleaved = SUITE.replace("order: duet", "order: interleaved");
        Suite engines = loader.load(Files.writeString(temp.resolve("engines.yaml"), interleaved));
        assertEquals(java.time.Duration.ofSeconds(10), engines.interleave().stable(), "the engine's own by default");
        Suite shorter = loader.load(Files.writeString(
                temp.resolve("shorter.yaml"), interleaved + "interleave: {warmup: spread, stable: 5s}\n"));
        assertEquals(5, shorter.interleave().stableSeconds());
        assertEquals(Suite.Interleave.Warmup.SPREAD, shorter.interleave().warmup());
        for (String wrong : List.of("3s", "4500ms")) {
            String text = interleaved + "interleave: {stable: " + wrong + "}\n";
            assertTrue(
                    failure(text)
                            .contains("interleave.stable: is whole seconds, at least 4 s (the steady stretch each"
                                    + " side's auto warm-up ends on; shorter, a plateau of a climb passes for its end),"
                                    + " got " + wrong),
                    failure(text));
        }
    }
}
