package dev.duel.agent;

import dev.duel.targets.LimitedGroup;
import dev.duel.targets.ResourceReading;
import dev.duel.targets.RunQueueWaits;
import dev.duel.targets.TargetProcess;
import dev.duel.targets.TargetSpec;
import dev.duel.targets.TargetStarter;
import java.util.List;
import java.util.Map;

/** A target that never was a process: for the agent's target endpoints without starting one. */
final class FakeTarget implements TargetProcess {
    /** A starter of fake targets on port 4242 + n, pid 1000 + n, n counted by this starter from 1. */
    static TargetStarter starter() {
        return new TargetStarter() {
            private int started;

            @Override
            public synchronized TargetProcess start(
                    TargetSpec spec,
                    java.util.Map<String, String> extraEnv,
                    java.nio.file.Path log,
                    dev.duel.targets.Spawned spawned) {
                started++;
                spawned.spawned(1000 + started);
                return new FakeTarget(spec, 1000 + started, 4242 + started, extraEnv);
            }
        };
    }

    private final TargetSpec spec;
    private final long pid;
    private final int port;
    final java.util.Map<String, String> extraEnv;
    private Integer exitCode;

    FakeTarget(TargetSpec spec, long pid, int port, java.util.Map<String, String> extraEnv) {
        this.spec = spec;
        this.pid = pid;
        this.port = port;
        this.extraEnv = extraEnv;
    }

    @Override
    public TargetSpec spec() {
        return spec;
    }

    @Override
    public long pid() {
        return pid;
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public long readyMillis() {
        return 812;
    }

    @Override
    public long firstAcceptMillis() {
        return 640;
    }

    @Override
    public List<String> command() {
        return spec.command();
    }

    @Override
    public LimitedGroup group() {
        return LimitedGroup.none();
    }

    @Override
    public synchronized boolean alive() {
        return exitCode == null;
    }

    @Override
    public synchronized Integer exitCode() {
        return exitCode;
    }

    /** What {@link #read} says, each time. */
    static final ResourceReading READING = new ResourceReading(
            5_000_000,
            10,
            1,
            200,
            64 << 20,
            80 << 20,
            30 << 20,
            new RunQueueWaits(Map.of(4243L, 1_500_000L, 4250L, 20_000L)));

    @Override
    public ResourceReading read() {
        return READING;
    }

    @Override
    public List<String> lastLogLines(int count) {
        return List.of();
    }

    @Override
    public synchronized int stop() {
        // FAKE_STOP_MILLIS in the spec's env: a target slow to stop, as a JVM finishing its flight recording is.
        long stopMillis = Long.parseLong(spec.env().getOrDefault("FAKE_STOP_MILLIS", "0"));
        if (stopMillis > 0) {
            try {
                Thread.sleep(stopMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        exitCode = 143;
        return exitCode;
    }
}
