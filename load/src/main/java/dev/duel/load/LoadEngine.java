package dev.duel.load;

import dev.duel.load.check.ResponseChecks;
import dev.duel.load.engine.EngineRun;
import dev.duel.load.engine.Transports;
import dev.duel.load.http.RequestTemplate;
import dev.duel.load.http.VariableSpec;
import dev.duel.record.load.LoadResult;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;

/**
 * duel's load generator: runs one {@link LoadPlan} against one HTTP/1.1 target and returns what
 * it measured. One run at a time per engine; {@link #stop()} may be called from any thread (a
 * user's Ctrl-C) and keeps everything measured so far.
 */
public final class LoadEngine {
    private final Clock clock;
    private final WarmupJudge judge;
    private volatile EngineRun current;
    private volatile boolean stopRequested;

    public LoadEngine() {
        this(Clock.system());
    }

    /** An engine whose auto warm-ups end by the warm-up stopping rule ({@link SteadyStateJudge}). */
    public LoadEngine(Clock clock) {
        this(clock, new SteadyStateJudge());
    }

    /** @param judge decides when an auto warm-up ({@link Timing.Warmup.UntilSteady}) has become steady */
    public LoadEngine(Clock clock, WarmupJudge judge) {
        this.clock = clock;
        this.judge = judge;
    }

    /**
     * Initialises the engine's one-time machinery (the native transport, the buffer allocator, the
     * histogram classes) so that a later {@link #run} starts sending sooner; a command line calls it
     * on a background thread while it parses its arguments. Safe to call from any thread, any number
     * of times; failures are left for {@code run} to report.
     */
    public static void preload() {
        try {
            Transports.choose(LoadPlan.Transport.AUTO);
            io.netty.buffer.ByteBufAllocator.DEFAULT.directBuffer(64).release();
            dev.duel.record.Histograms.newLatencyHistogram();
        } catch (RuntimeException | LinkageError e) {
            // run() meets the same problem and reports it properly
        }
    }

    /**
     * Runs the plan to its end.
     *
     * @throws IllegalArgumentException   the plan is invalid (a usage error); nothing was sent
     * @throws TargetUnreachableException no connection to the target could be opened; nothing was sent
     */
    public LoadResult run(LoadPlan plan, ProgressListener listener) throws TargetUnreachableException {
        return run(plan, listener, StartGate.NOW);
    }

    /**
     * Runs the plan to its end, its time line beginning when {@code gate} lets it, after everything before the first
     * request is ready.
     *
     * @throws IllegalArgumentException   the plan is invalid (a usage error); nothing was sent
     * @throws TargetUnreachableException no connection to the target could be opened; nothing was sent
     */
    public LoadResult run(LoadPlan plan, ProgressListener listener, StartGate gate) throws TargetUnreachableException {
        return run(plan, listener, gate, Turns.ALWAYS);
    }

    /**
     * Runs the plan to its end as {@code turns} say: alone ({@link Turns#ALWAYS}), or as one side of an interleaved
     * pair, whose other side another engine of this process runs on the same time line ({@code gate} agrees the
     * start).
     *
     * @throws IllegalArgumentException   the plan is invalid (a usage error); nothing was sent
     * @throws TargetUnreachableException no connection to the target could be opened; nothing was sent
     */
    public LoadResult run(LoadPlan plan, ProgressListener listener, StartGate gate, Turns turns)
            throws TargetUnreachableException {
        plan.variables()
                .values()
                .forEach(spec ->
                        VariableSpec.requireValuesFor(spec, plan.segment().count()));
        RequestTemplate template = RequestTemplate.compile(plan.request(), plan.variables());
        try {
            ResponseChecks checks = ResponseChecks.parse(plan.checks(), template.variableNames());
            Transports transport = Transports.choose(plan.transport());
            InetSocketAddress address = reachableAddress(plan);
            EngineRun run = new EngineRun(plan, template, checks, transport, address, clock, judge, listener, turns);
            current = run;
            if (stopRequested) {
                run.stop(); // a stop that came while the run was being prepared
            }
            return run.execute(gate);
        } finally {
            current = null;
            // execute() returns once every event loop has shut down: no connection writes the template any more.
            template.release();
        }
    }

    /**
     * Ends the current run now (or the next one as soon as it starts); requests in flight are
     * interrupted and the result is returned as usual.
     */
    public void stop() {
        stopRequested = true;
        EngineRun run = current;
        if (run != null) {
            run.stop();
        }
    }

    private static InetSocketAddress reachableAddress(LoadPlan plan) throws TargetUnreachableException {
        String host = plan.request().host();
        int port = plan.request().port();
        InetAddress resolved;
        try {
            resolved = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new TargetUnreachableException("cannot resolve the host '" + host + "': check the URL");
        }
        InetSocketAddress address = new InetSocketAddress(resolved, port);
        int timeoutMillis = (int) Math.min(5_000, plan.timeout().toMillis());
        try (Socket probe = new Socket()) {
            probe.connect(address, timeoutMillis);
        } catch (IOException e) {
            throw new TargetUnreachableException("cannot connect to " + host + ":" + port + " (" + e.getMessage()
                    + "): is the target running and listening there? Start it or fix the URL's host and port.");
        }
        return address;
    }
}
