package dev.duel.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.duel.load.LoadModel;
import dev.duel.load.Timing;
import dev.duel.record.Phase;
import dev.duel.record.RunRecord;
import dev.duel.record.SampleRecords;
import dev.duel.record.ScenarioKind;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.runtime.Profile;
import dev.duel.suite.CpuMeter;
import dev.duel.suite.LoadDriver;
import dev.duel.suite.RunPlan;
import dev.duel.suite.RuntimeReaders;
import dev.duel.suite.Scenario;
import dev.duel.suite.SuiteListener;
import dev.duel.suite.gate.NoiseWindows;
import dev.duel.targets.LimitedGroup;
import dev.duel.targets.Limits;
import dev.duel.targets.ReadySpec;
import dev.duel.targets.ResourceReading;
import dev.duel.targets.TargetProcess;
import dev.duel.targets.TargetSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The target's memory per scenario (issue 10, item 7): anonymous memory sampled every second through each
 * scenario, and a peak of that scenario's own samples, so that a later scenario of a {@code together} run
 * does not inherit an earlier one's peak, as the group's lifetime peak (page cache included) does.
 */
class ScenarioMemoryTest {
    private static final long MIB = 1L << 20;

    @TempDir
    Path temp;

    /** A target whose memory the test sets: anonymous memory, and a group whose use and lifetime peak follow it. */
    private static final class Target implements TargetProcess {
        volatile long anon;
        volatile long peak;

        void use(long anonBytes) {
            anon = anonBytes;
            peak = Math.max(peak, anonBytes + 100 * MIB); // page cache on top: the jar, the log
        }

        @Override
        public ResourceReading read() {
            return new ResourceReading(0, -1, -1, -1, anon + 100 * MIB, peak, anon, null);
        }

        @Override
        public TargetSpec spec() {
            return new TargetSpec(
                    "t",
                    null,
                    null,
                    List.of("t"),
                    List.of(),
                    Map.of(),
                    null,
                    new ReadySpec("/", 200, Duration.ofSeconds(1)),
                    List.of(),
                    Limits.NONE,
                    null,
                    TargetSpec.LOOPBACK);
        }

        @Override
        public long pid() {
            return 4_000_000_001L;
        }

        @Override
        public int port() {
            return 9;
        }

        @Override
        public long readyMillis() {
            return 1;
        }

        @Override
        public long firstAcceptMillis() {
            return 1;
        }

        @Override
        public List<String> command() {
            return List.of("t");
        }

        @Override
        public LimitedGroup group() {
            return LimitedGroup.none();
        }

        @Override
        public boolean alive() {
            return true;
        }

        @Override
        public Integer exitCode() {
            return null;
        }

        @Override
        public List<String> lastLogLines(int count) {
            return List.of();
        }

        @Override
        public int stop() {
            return 0;
        }
    }

    /** Ticks when the fake load says a second has passed. */
    private static final class ManualTicker implements MemorySampler.Ticker {
        private final List<Runnable> tasks = new ArrayList<>();

        @Override
        public AutoCloseable everySecond(Runnable task) {
            tasks.add(task);
            return () -> tasks.remove(task);
        }

        void tick() {
            List.copyOf(tasks).forEach(Runnable::run);
        }
    }

    private static Scenario scenario(String name) {
        return new Scenario(
                name,
                ScenarioKind.LOAD,
                "GET",
                "/",
                List.of(),
                new byte[0],
                Map.of(),
                List.of(),
                new LoadModel.Closed(1),
                1,
                new Timing.Phases(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(2)),
                1,
                Duration.ofSeconds(1),
                0,
                null);
    }

    @Test
    void eachScenarioOfATogetherRunHasThePeakOfItsOwnAnonymousMemory() throws Exception {
        Target target = new Target();
        ManualTicker ticker = new ManualTicker();
        AtomicLong clock = new AtomicLong();
        // The anonymous memory the target uses at each second of each scenario's load, after the first sample.
        List<List<Long>> perSecond = List.of(List.of(400 * MIB, 300 * MIB), List.of(140 * MIB, 150 * MIB));
        AtomicLong scenarioIndex = new AtomicLong();
        LoadDriver load = (plan, listener) -> {
            listener.onPhase(Phase.MAIN);
            for (long anon : perSecond.get((int) scenarioIndex.getAndIncrement())) {
                target.use(anon);
                ticker.tick();
            }
            listener.onPhase(Phase.ENDED);
            LatencySummary latency = SampleRecords.latency(2_000, 900, 800, 1_500, 3_000, 6_000);
            PhaseResult main = SampleRecords.phase(Phase.MAIN, 2_000, 1_000, Map.of(), latency);
            return SampleRecords.load(
                    SampleRecords.closedSettings(plan.request().url(), 1, 1_000, 0, 2_000, 0, 0),
                    SampleRecords.phase(Phase.WARMUP, 0, 0, Map.of(), latency),
                    main,
                    List.of(),
                    List.of(),
                    SampleRecords.engine(0.1, 1, 2_000, main.ok()),
                    "2026-11-30T06:00:00Z",
                    "2026-11-30T06:00:02Z");
        };
        ScenarioMeasurement measurement = new ScenarioMeasurement(
                load,
                () -> new CpuMeter.Reading(
                        clock.addAndGet(1_000_000_000L),
                        CpuMeter.CpuTimes.UNKNOWN,
                        Map.of(),
                        new CpuMeter.DuelCpu(0, 0, 0)),
                new Services(
                        (spec, floatCpus, log, spawned) -> {
                            throw new AssertionError("no services");
                        },
                        new ProcessLedger(temp, SuiteListener.NONE),
                        temp),
                SuiteListener.NONE,
                1,
                ticker,
                RuntimeReaders.onThisMachine(),
                dev.duel.suite.HostSpeedSource.Watch.NONE);
        RunPlan plan = new RunPlan(1, 1, "t", List.of("big", "small"));
        NoiseWindows noise = NoiseWindows.of(Limits.NONE, null, 1.0);

        target.use(100 * MIB);
        RunRecord.ScenarioResult big = measurement
                .measure(plan, target, scenario("big"), noise, Profile.NONE)
                .result();
        RunRecord.ScenarioResult small = measurement
                .measure(plan, target, scenario("small"), noise, Profile.NONE)
                .result();

        assertEquals(List.of(100 * MIB, 400 * MIB, 300 * MIB), big.anonBytes(), "sampled at 0 s, then every second");
        assertEquals(400 * MIB, big.peakAnonBytes());
        assertEquals(List.of(300 * MIB, 140 * MIB, 150 * MIB), small.anonBytes());
        assertEquals(300 * MIB, small.peakAnonBytes(), "its own samples only: the 400 MiB of 'big' is not inherited");
        // The group's lifetime peak (page cache included) still carries the earlier scenario's: why it is not the
        // measure.
        assertEquals(500 * MIB, small.peakRssBytes());
        assertEquals(List.of(400 * MIB, 240 * MIB, 250 * MIB), small.rssBytes());
    }
}
