package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.Phase;
import dev.duel.record.SampleRecords;
import dev.duel.record.load.Arrival;
import dev.duel.record.load.EngineUsage;
import dev.duel.record.load.FailureExample;
import dev.duel.record.load.FailureKind;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.PlanSettings;
import dev.duel.record.load.SecondResult;
import dev.duel.record.load.WarmupEnd;
import dev.duel.record.load.WarmupMode;
import dev.duel.record.load.WindowResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Golden-file test of the human summary: a seeded result must print exactly as recorded. */
class SummaryFormatterTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");

    static LoadResult seededResult(long seed, boolean open) {
        return seededResult(
                seed, open, new WarmupEnd(WarmupMode.FIXED, WarmupEnd.Reason.FIXED_LENGTH, 5_000, null, null));
    }

    /** The seeded result with its warm-up (5 s long) ended as {@code warmupEnd} says; an auto one has no minimum. */
    static LoadResult seededResult(long seed, boolean open, WarmupEnd warmupEnd) {
        return seededResult(seed, open, warmupEnd, warmupEnd.mode() == WarmupMode.AUTO ? 0.0 : null);
    }

    /** The seeded result with its warm-up ended as {@code warmupEnd} says, and the given minimum warm-up. */
    static LoadResult seededResult(long seed, boolean open, WarmupEnd warmupEnd, Double minWarmupMillis) {
        SplittableRandom random = new SplittableRandom(seed);
        LatencySummary latency = latency(random, 700);
        Map<FailureKind, Long> failures = new LinkedHashMap<>();
        for (FailureKind kind : FailureKind.values()) {
            failures.put(kind, kind == FailureKind.CHECK ? 12L : kind == FailureKind.TIMEOUT ? 3L : 0L);
        }
        PhaseResult main = new PhaseResult(
                Phase.MAIN,
                10_000,
                412_371,
                412_324,
                15,
                0,
                32,
                open ? 210 : 0,
                open ? 4 : 0,
                2,
                failures,
                15 / 412_371.0,
                41_233.9,
                41_232.4,
                18_556_695,
                82_876_124,
                45.0,
                201.0,
                latency,
                latency(random, 650),
                open ? latency(random, 20) : LatencySummary.EMPTY,
                open ? latency(random, 900) : LatencySummary.EMPTY,
                open ? null : SampleRecords.latency(412_000, 12, 9, 15, 40, 180));
        Map<FailureKind, Long> none = new LinkedHashMap<>();
        for (FailureKind kind : FailureKind.values()) {
            none.put(kind, 0L);
        }
        PhaseResult warmup = new PhaseResult(
                Phase.WARMUP,
                5_000,
                150_032,
                150_000,
                0,
                0,
                32,
                0,
                0,
                0,
                none,
                0,
                30_000,
                30_000,
                6_751_440,
                30_150_000,
                45,
                201,
                latency(random, 900),
                latency(random, 850),
                LatencySummary.EMPTY,
                LatencySummary.EMPTY,
                open ? null : LatencySummary.EMPTY);
        PlanSettings settings = new PlanSettings(
                "GET",
                "http://127.0.0.1:8080/products/${id}",
                List.of("Accept: application/json"),
                0,
                Map.of("id", "seq:1..10000"),
                List.of("status in 2xx (default)", "json:/id == ${id}"),
                open ? PlanSettings.Model.OPEN : PlanSettings.Model.CLOSED,
                open ? 0 : 32,
                open ? 40_000 : 0,
                open ? Arrival.POISSON : null,
                open ? 64 : 32,
                1,
                5_000,
                1_000,
                10_000,
                0,
                0,
                0,
                10_000,
                2,
                "epoll",
                warmupEnd.mode(),
                warmupEnd.mode() == WarmupMode.AUTO ? 120_000 : 0,
                minWarmupMillis,
                null);
        List<WindowResult> windows = List.of(
                new WindowResult(0, 0, 1_000, 12_000, 0, 12_000, latency(random, 2_500)),
                new WindowResult(1, 1_000, 1_000, 39_000, 1, 39_000, latency(random, 800)));
        List<FailureExample> examples = List.of(
                new FailureExample(
                        FailureKind.CHECK,
                        6_123,
                        Phase.MAIN,
                        "/id is 6, expected 5 (${id})",
                        200,
                        "HTTP/1.1 200 OK\r\nContent-Length: 8",
                        "{\"id\":6}",
                        "GET /products/5 HTTP/1.1"),
                new FailureExample(
                        FailureKind.TIMEOUT,
                        7_000,
                        Phase.MAIN,
                        "no complete response within 10000 ms",
                        0,
                        "",
                        "",
                        "GET /products/9 HTTP/1.1"));
        EngineUsage engine = new EngineUsage(
                2_460,
                10_000,
                2,
                0.123,
                List.of(0.13, 0.11),
                5.97,
                92L << 20,
                false,
                List.of(),
                14L,
                23.0,
                0.0023,
                31.0);
        return new LoadResult(
                "0.1.0-test",
                settings,
                "2026-11-30T02:00:00Z",
                "2026-11-30T02:00:16Z",
                "127.0.0.1:8080",
                warmup,
                main,
                open ? List.of() : windows,
                41.5,
                seconds(),
                examples,
                engine,
                open ? List.of("210 of 412371 requests (0.1%) waited for a free connection") : List.of(),
                warmupEnd,
                null,
                null);
    }

    /** 5 s of warm-up at 30,000 correct responses a second, a 1 s gap, 10 s of main at 41,232 (each ±0.5%). */
    private static List<SecondResult> seconds() {
        List<SecondResult> seconds = new java.util.ArrayList<>();
        for (int s = 0; s < 16; s++) {
            Phase phase = s < 5 ? Phase.WARMUP : s < 6 ? Phase.GAP : Phase.MAIN;
            double level = phase == Phase.WARMUP ? 30_000 : phase == Phase.GAP ? 0 : 41_232;
            long ok = Math.round(level * (1 + 0.0025 * ((s * 7) % 5 - 2)));
            seconds.add(new SecondResult(s, phase, ok, 0, 700, phase == Phase.WARMUP ? 3_000 : 2_700, 21_000));
        }
        return seconds;
    }

    private static LatencySummary latency(SplittableRandom random, double medianMicros) {
        double p50 = medianMicros * (0.9 + 0.2 * random.nextDouble());
        return new LatencySummary(
                100_000, p50 / 3, p50 * 1.1, p50 / 2, p50, p50 * 1.6, p50 * 2, p50 * 4, p50 * 9, p50 * 20, p50 * 31,
                "");
    }

    private static void assertGolden(String name, String actual) throws IOException {
        Path file = GOLDEN.resolve(name);
        if (Boolean.getBoolean("golden.update") || !Files.exists(file)) {
            Files.createDirectories(GOLDEN);
            Files.writeString(file, actual, StandardCharsets.UTF_8);
        }
        assertEquals(
                Files.readString(file, StandardCharsets.UTF_8),
                actual,
                "summary differs from " + file + " (rerun with -Dgolden.update=true if the change is intended)");
    }

    @Test
    void closedModelSummaryMatchesTheGoldenFile() throws IOException {
        assertGolden("summary-closed.txt", new SummaryFormatter().format(seededResult(42, false), 0));
    }

    @Test
    void aSummaryOfLoadAgentsListsEachShareUnderTheMergeGolden() throws IOException {
        LoadResult merged = seededResult(42, false);
        LoadResult a = seededResult(43, false);
        LoadResult b = seededResult(44, false);
        LoadResult withAgents = new LoadResult(
                merged.duelVersion(),
                merged.settings(),
                merged.startedAt(),
                merged.endedAt(),
                merged.target(),
                merged.warmup(),
                merged.main(),
                merged.windows(),
                merged.firstCorrectResponseMillis(),
                merged.seconds(),
                merged.failureExamples(),
                merged.engine(),
                merged.warnings(),
                merged.warmupEnd(),
                List.of(
                        new dev.duel.record.load.AgentShare(
                                "10.213.0.2:9400", "10.213.0.2:9400", "gen-a", 0, 3, 0.0123, 0.161, 0.0, null, a),
                        new dev.duel.record.load.AgentShare(
                                "10.213.0.6:9400", "10.213.0.6:9400", "gen-b", 1, 3, -0.0402, 0.155, 0.0, null, b),
                        new dev.duel.record.load.AgentShare(
                                "10.213.0.10:9400",
                                "10.213.0.10:9400",
                                "gen-c",
                                2,
                                3,
                                0.0051,
                                0.149,
                                0.0,
                                "no answer for 5.0 s (Connection refused)",
                                null)),
                null);
        assertGolden("summary-agents.txt", new SummaryFormatter().format(withAgents, 0));
    }

    @Test
    void openModelSummaryMatchesTheGoldenFile() throws IOException {
        assertGolden("summary-open.txt", new SummaryFormatter().format(seededResult(7, true), 0.01));
    }

    @Test
    void anAutoWarmUpSaysHowLongItRanOfItsCapAndWhyItEnded() {
        String steady = new SummaryFormatter()
                .format(
                        seededResult(
                                42,
                                false,
                                new WarmupEnd(WarmupMode.AUTO, WarmupEnd.Reason.STEADY, 5_000, 2_000.0, 0.021)),
                        0);
        assertTrue(steady.contains("warm-up auto 5.0 s of at most 120.0 s, gap 1.0 s, main 10.0 s"), steady);
        assertTrue(steady.contains("interrupted; steady since 2.0 s (requests/s ±2.1%)"), steady);
        String capped = new SummaryFormatter()
                .format(
                        seededResult(
                                42, false, new WarmupEnd(WarmupMode.AUTO, WarmupEnd.Reason.CAP, 5_000, null, 0.09)),
                        0);
        assertTrue(capped.contains("interrupted; no steady state within 5.0 s (requests/s ±9.0%)"), capped);
    }

    @Test
    void anAutoWarmUpWithAMinimumSaysIt() {
        String floored = new SummaryFormatter()
                .format(
                        seededResult(
                                42,
                                false,
                                new WarmupEnd(WarmupMode.AUTO, WarmupEnd.Reason.STEADY, 5_000, 2_000.0, 0.021),
                                4_000.0),
                        0);
        assertTrue(
                floored.contains("warm-up auto 5.0 s of at most 120.0 s (at least 4.0 s), gap 1.0 s, main 10.0 s"),
                floored);
    }

    @Test
    void millisecondsAreShownWithSensibleDigits() {
        assertEquals("850 \u00b5s", SummaryFormatter.millis(850));
        assertEquals("1.23 ms", SummaryFormatter.millis(1_234));
        assertEquals("12.3 ms", SummaryFormatter.millis(12_345));
        assertEquals("123 ms", SummaryFormatter.millis(123_456));
    }
}
