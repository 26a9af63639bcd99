package dev.duel.agent;

import dev.duel.load.LoadPlan;
import dev.duel.load.ProgressListener;
import dev.duel.load.SteadyStateJudge;
import dev.duel.load.Timing;
import dev.duel.load.WarmupJudge;
import dev.duel.load.merge.ResultMerge;
import dev.duel.load.merge.SecondsMerge;
import dev.duel.load.split.PlanSplit;
import dev.duel.record.Histograms;
import dev.duel.record.Phase;
import dev.duel.record.load.AgentShare;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.SecondResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.BiFunction;

/**
 * Runs one plan on several agents as if one engine ran it: measures each agent's clock offset, takes each agent's
 * lease, splits the plan ({@link PlanSplit}), starts every agent at one instant (now + {@link Settings#startDelay} on
 * the coordinator's clock, sent to each agent on its own clock through its offset), merges their seconds as they come
 * ({@link SecondsMerge}: histograms added, never percentiles averaged) for the listener, judges auto warm-ups on the
 * merged series so that every agent ends its warm-up on the same second, and merges their results exactly at the end
 * ({@link ResultMerge}). An agent that stops answering for {@link Settings#lostAfter} (or whose run fails) is LOST: its
 * share says why, the others run to their end, and the merged result carries a warning naming it; the caller makes
 * such a run invalid. One run at a time; {@link #stop} may be called from any thread; the listener is called on the
 * thread that called {@link #run}.
 */
public final class AgentCoordinator {
    /**
     * @param startDelay     from the coordinator's decision to the agents' common start instant: long enough for
     *                       every start call to arrive
     * @param lostAfter      how long an agent may fail to answer event polls before it counts as lost
     * @param pollWaitMillis how long each long poll waits on the agent for an event
     * @param leaseRetry     how long to wait before asking again for a lease another controller holds
     */
    public record Settings(Duration startDelay, Duration lostAfter, long pollWaitMillis, Duration leaseRetry) {
        public static final Settings DEFAULT = new Settings(Duration.ofSeconds(1), Duration.ofSeconds(5), 500);

        /** Asks again for a held lease every second. */
        public Settings(Duration startDelay, Duration lostAfter, long pollWaitMillis) {
            this(startDelay, lostAfter, pollWaitMillis, Duration.ofSeconds(1));
        }
    }

    /** Splits a plan into one segment per agent. */
    @FunctionalInterface
    public interface Splitter extends BiFunction<LoadPlan, Integer, List<LoadPlan>> {}

    private final List<AgentClient> agents;
    private final String controller;
    private final WallClock wall;
    private final Settings settings;
    private final WarmupJudge judge;
    private final Splitter split;
    private volatile boolean stopRequested;
    private volatile List<String> runIds = List.of();

    /**
     * The real coordinator: the plan split by {@link PlanSplit}, auto warm-ups judged by {@link SteadyStateJudge}, the
     * system's wall clock, {@link Settings#DEFAULT}.
     *
     * @param controller who drives the agents (named in their lease, and in a refusal to another controller)
     */
    public AgentCoordinator(List<AgentClient> agents, String controller) {
        this(agents, controller, WallClock.system(), Settings.DEFAULT, new SteadyStateJudge(), PlanSplit::split);
    }

    /**
     * @param controller who drives the agents (named in their lease, and in a refusal to another controller)
     * @param judge      judges the merged series of an auto warm-up ({@link SteadyStateJudge} for real runs)
     * @param split      splits the plan between the agents ({@code PlanSplit::split} for real runs)
     */
    public AgentCoordinator(
            List<AgentClient> agents,
            String controller,
            WallClock wall,
            Settings settings,
            WarmupJudge judge,
            Splitter split) {
        if (agents.isEmpty()) {
            throw new IllegalArgumentException("at least one agent");
        }
        this.agents = List.copyOf(agents);
        this.controller = controller;
        this.wall = wall;
        this.settings = settings;
        this.judge = judge;
        this.split = split;
    }

    /**
     * Runs {@code whole} on the agents and returns the merged result, whose {@code agents} hold each share.
     *
     * @throws AgentException an agent could not be reached, measured, leased or started: nothing was run (agents
     *                        already started are stopped)
     */
    public LoadResult run(LoadPlan whole, ProgressListener listener) throws AgentException, InterruptedException {
        int count = agents.size();
        List<ClockOffset> offsets = new ArrayList<>();
        for (AgentClient agent : agents) {
            offsets.add(ClockOffset.measure(agent, wall));
        }
        List<AgentClient> leased = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        List<Thread> pollers = new ArrayList<>();
        try {
            for (AgentClient agent : agents) {
                lease(agent, leased);
                leased.add(agent);
            }
            List<LoadPlan> plans = split.apply(whole, count);
            long startAtNanos = wall.epochNanos() + settings.startDelay().toNanos();
            try {
                for (int i = 0; i < count; i++) {
                    ids.add(agents.get(i)
                            .startRun(
                                    plans.get(i), startAtNanos + offsets.get(i).offsetNanos()));
                }
            } catch (AgentException e) {
                stopAll(ids);
                throw e;
            }
            runIds = List.copyOf(ids);
            if (stopRequested) {
                stopAll(ids);
            }
            BlockingQueue<Polled> queue = new LinkedBlockingQueue<>();
            for (int i = 0; i < count; i++) {
                Thread poller = new Thread(
                        new Poller(i, ids.get(i), queue),
                        "duel-agent-poll-" + agents.get(i).name());
                poller.setDaemon(true);
                poller.start();
                pollers.add(poller);
            }
            Merging merging = new Merging(whole, listener, ids);
            while (!merging.allResolved()) {
                merging.take(queue.take());
            }
            listener.onPhase(Phase.ENDED);
            List<AgentShare> shares = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                ClockOffset offset = offsets.get(i);
                shares.add(new AgentShare(
                        agents.get(i).name(),
                        agents.get(i).address(),
                        offset.hello().host(),
                        i,
                        count,
                        offset.offsetMillis(),
                        offset.uncertaintyMillis(),
                        merging.lost[i] == null
                                ? startLateMillis(merging.results[i], startAtNanos + offset.offsetNanos())
                                : null,
                        merging.lost[i],
                        merging.lost[i] == null ? merging.results[i] : null));
            }
            LoadResult merged = ResultMerge.merge(whole, shares, merging.finalSeconds());
            listener.onEnd();
            return merged;
        } finally {
            pollers.forEach(Thread::interrupt);
            for (AgentClient agent : leased) {
                try {
                    agent.release();
                } catch (AgentException e) {
                    // a lost agent cannot be told; its lease lapses on its own
                }
            }
            runIds = List.of();
            stopRequested = false;
        }
    }

    /**
     * How long to wait for another controller's lease to lapse: an agent lapses a lease 30 s after its last call, so a
     * duel killed mid-run (its agents still leased to it) can be resumed at once.
     */
    static final Duration LEASE_WAIT = Duration.ofSeconds(35);

    /**
     * Leases {@code agent}, waiting up to {@link #LEASE_WAIT} while another controller holds it (409), and renewing
     * the leases already {@code held} meanwhile: they lapse after 30 s unused, less than the wait, and a coordinator
     * waiting for one agent let the others lapse (their run then refused to start).
     */
    private void lease(AgentClient agent, List<AgentClient> held) throws AgentException, InterruptedException {
        long deadline = System.nanoTime() + LEASE_WAIT.toNanos();
        while (true) {
            try {
                agent.lease(controller);
                return;
            } catch (AgentException e) {
                if (e.status() != 409 || System.nanoTime() >= deadline || stopRequested) {
                    throw e.status() == 409
                            ? new AgentException(
                                    e.getMessage() + " (still held after " + LEASE_WAIT.toSeconds()
                                            + " s: stop the other duel driving it)",
                                    409)
                            : e;
                }
                Thread.sleep(settings.leaseRetry().toMillis());
                for (AgentClient other : held) {
                    try {
                        other.renew();
                    } catch (AgentException renewal) {
                        // said when its run is started: a lease that cannot be renewed cannot start one either
                    }
                }
            }
        }
    }

    /** Ends the run on every agent now; what they measured is still merged and returned by {@link #run}. */
    public void stop() {
        stopRequested = true;
        stopAll(runIds);
    }

    private void stopAll(List<String> ids) {
        for (int i = 0; i < ids.size(); i++) {
            try {
                agents.get(i).stop(ids.get(i));
            } catch (AgentException e) {
                // a lost agent: the poller reports it
            }
        }
    }

    /**
     * How long after {@code agreedAgentNanos} (the start instant on the agent's clock, epoch nanoseconds) the agent's
     * engine started its run ({@code startedAt}, on the same clock), milliseconds; null when it says no start.
     */
    static Double startLateMillis(LoadResult result, long agreedAgentNanos) {
        if (result == null || result.startedAt().isEmpty()) {
            return null;
        }
        java.time.Instant started = java.time.Instant.parse(result.startedAt());
        long startedNanos = started.getEpochSecond() * 1_000_000_000L + started.getNano();
        return (startedNanos - agreedAgentNanos) / 1e6;
    }

    /** One second as an agent reported it, its histogram of correct responses compressed. */
    record ReportedSecond(SecondResult second, String histogram) {}

    /**
     * A re-merge's series and the most seconds it held at once.
     *
     * @param seconds     the merged series, in order
     * @param mostPending the most seconds waiting at once, each with a whole latency histogram
     */
    record Remerged(List<SecondResult> seconds, int mostPending) {}

    /**
     * The per-second series merged again from the agents that delivered ({@code null} for a lost one), second by
     * second across the agents: the lowest next second of any agent is added first, so that a second waits only for
     * the agents not yet at it, and at most a few seconds are held at once. Merging one agent's seconds whole before
     * the next held every second of the run waiting for the second agent, each with its ~192 KiB histogram: about
     * 690 MiB for an hour, against a 512 MiB heap.
     */
    static Remerged remerge(List<List<ReportedSecond>> delivered) {
        int agents = delivered.size();
        SecondsMerge again = new SecondsMerge(agents);
        List<SecondResult> rebuilt = new ArrayList<>();
        for (int i = 0; i < agents; i++) {
            if (delivered.get(i) == null) {
                again.lose(i).forEach(m -> rebuilt.add(m.second()));
            }
        }
        int[] next = new int[agents];
        int mostPending = 0;
        while (true) {
            int agent = -1;
            for (int i = 0; i < agents; i++) {
                List<ReportedSecond> seconds = delivered.get(i);
                if (seconds != null
                        && next[i] < seconds.size()
                        && (agent < 0
                                || seconds.get(next[i]).second().second()
                                        < delivered
                                                .get(agent)
                                                .get(next[agent])
                                                .second()
                                                .second())) {
                    agent = i;
                }
            }
            if (agent < 0) {
                break;
            }
            ReportedSecond second = delivered.get(agent).get(next[agent]++);
            again.add(agent, second.second(), Histograms.decode(second.histogram()))
                    .forEach(m -> rebuilt.add(m.second()));
            mostPending = Math.max(mostPending, again.pendingSeconds());
            if (next[agent] == delivered.get(agent).size()) { // its series ends: the others wait for it no more
                again.finish(agent).forEach(m -> rebuilt.add(m.second()));
            }
        }
        for (int i = 0; i < agents; i++) {
            if (delivered.get(i) != null && delivered.get(i).isEmpty()) {
                again.finish(i).forEach(m -> rebuilt.add(m.second()));
            }
        }
        return new Remerged(rebuilt, mostPending);
    }

    /** What a poller hands the coordinator's thread: an event, or that the agent is lost. */
    private record Polled(int agent, AgentEvent event, String lost, boolean done) {}

    /** Polls one agent's events until its run is done or the agent is lost. */
    private final class Poller implements Runnable {
        private final int agent;
        private final String run;
        private final BlockingQueue<Polled> queue;

        Poller(int agent, String run, BlockingQueue<Polled> queue) {
            this.agent = agent;
            this.run = run;
            this.queue = queue;
        }

        @Override
        public void run() {
            AgentClient client = agents.get(agent);
            long after = 0;
            long lastAnswerNanos = System.nanoTime();
            long lostAfterNanos = settings.lostAfter().toNanos();
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    AgentClient.Events batch =
                            client.events(run, after, settings.pollWaitMillis(), settings.lostAfter());
                    lastAnswerNanos = System.nanoTime();
                    for (AgentEvent event : batch.events()) {
                        queue.add(new Polled(agent, event, null, false));
                        after = event.seq();
                    }
                    if (batch.done()) {
                        queue.add(new Polled(agent, null, null, true));
                        return;
                    }
                } catch (AgentException e) {
                    if (System.nanoTime() - lastAnswerNanos >= lostAfterNanos) {
                        queue.add(new Polled(
                                agent,
                                null,
                                "no answer for " + settings.lostAfter().toSeconds() + " s: " + e.getMessage(),
                                false));
                        return;
                    }
                    try {
                        Thread.sleep(100); // a refused connection fails at once: do not spin
                    } catch (InterruptedException interrupted) {
                        return;
                    }
                }
            }
        }
    }

    /** The coordinator thread's state while agents report: merged seconds, warm-up checks, results and losses. */
    private final class Merging {
        private final LoadPlan whole;
        private final ProgressListener listener;
        private final List<String> ids;
        private final SecondsMerge merge;
        final LoadResult[] results;
        final String[] lost;
        private final boolean[] finished;
        final List<SecondResult> seconds = new ArrayList<>();
        /** Each agent's seconds as it reported them (histograms compressed), to merge again without lost agents. */
        private final List<List<ReportedSecond>> reported = new ArrayList<>();
        /** Auto warm-up checks still waiting for some agents: check second -> each asking agent's series. */
        private final TreeMap<Integer, Map<Integer, long[]>> checks = new TreeMap<>();

        private Phase announced;
        private int phaseFirstSecond;
        private long failures;
        private Double relativeHalfWidth;

        Merging(LoadPlan whole, ProgressListener listener, List<String> ids) {
            this.whole = whole;
            this.listener = listener;
            this.ids = ids;
            this.merge = new SecondsMerge(agents.size());
            this.results = new LoadResult[agents.size()];
            this.lost = new String[agents.size()];
            this.finished = new boolean[agents.size()];
            for (int i = 0; i < agents.size(); i++) {
                reported.add(new ArrayList<>());
            }
        }

        /**
         * The run's per-second series: the one merged live when every agent delivered, else merged again from the
         * delivered agents' seconds only, so that the series adds up to the totals, which leave lost agents out.
         */
        List<SecondResult> finalSeconds() {
            boolean anyLost = false;
            for (String why : lost) {
                anyLost |= why != null;
            }
            if (!anyLost) {
                return seconds;
            }
            List<List<ReportedSecond>> delivered = new ArrayList<>();
            for (int i = 0; i < agents.size(); i++) {
                delivered.add(lost[i] != null ? null : reported.get(i));
            }
            return remerge(delivered).seconds();
        }

        boolean allResolved() {
            for (int i = 0; i < finished.length; i++) {
                if (!finished[i] && lost[i] == null) {
                    return false;
                }
            }
            return true;
        }

        void take(Polled polled) {
            int agent = polled.agent();
            if (lost[agent] != null || finished[agent]) {
                return;
            }
            if (polled.lost() != null) {
                lose(agent, polled.lost());
            } else if (polled.done()) {
                if (results[agent] == null) {
                    lose(agent, "its run ended without a result");
                }
            } else if (polled.event() instanceof AgentEvent.PhaseBegan began) {
                if (began.phase() != Phase.ENDED
                        && (announced == null || began.phase().compareTo(announced) > 0)) {
                    announced = began.phase();
                    listener.onPhase(began.phase());
                }
            } else if (polled.event() instanceof AgentEvent.Second second) {
                reported.get(agent).add(new ReportedSecond(second.second(), Histograms.encode(second.latency())));
                deliver(merge.add(agent, second.second(), second.latency()));
            } else if (polled.event() instanceof AgentEvent.Judge check) {
                checks.computeIfAbsent(check.checkSecond(), k -> new HashMap<>())
                        .put(agent, check.okPerSecond());
                judgeReadyChecks();
            } else if (polled.event() instanceof AgentEvent.Result result) {
                results[agent] = result.result();
                finished[agent] = true;
                deliver(merge.finish(agent));
                judgeReadyChecks();
            } else if (polled.event() instanceof AgentEvent.Failed failed) {
                lose(agent, "its run failed: " + failed.message());
            }
        }

        private void lose(int agent, String why) {
            lost[agent] = why;
            deliver(merge.lose(agent));
            judgeReadyChecks();
        }

        /** Judges every check that every agent still running has asked: on the sum of their series. */
        private void judgeReadyChecks() {
            while (!checks.isEmpty()) {
                Map.Entry<Integer, Map<Integer, long[]>> check = checks.firstEntry();
                int checkSecond = check.getKey();
                for (int i = 0; i < agents.size(); i++) {
                    if (lost[i] == null && !finished[i] && !check.getValue().containsKey(i)) {
                        return;
                    }
                }
                checks.pollFirstEntry();
                double[] okPerSecond = new double[checkSecond];
                check.getValue().forEach((agent, series) -> {
                    if (lost[agent] == null) {
                        for (int s = 0; s < Math.min(checkSecond, series.length); s++) {
                            okPerSecond[s] += series[s];
                        }
                    }
                });
                WarmupJudge.Decision decision = judge.judge(okPerSecond);
                relativeHalfWidth = decision.relativeHalfWidth();
                for (int agent : check.getValue().keySet()) {
                    if (lost[agent] == null) {
                        try {
                            agents.get(agent).judgement(ids.get(agent), checkSecond, decision);
                        } catch (AgentException e) {
                            // the poller finds the agent lost
                        }
                    }
                }
            }
        }

        private void deliver(List<SecondsMerge.MergedSecond> merged) {
            for (SecondsMerge.MergedSecond second : merged) {
                SecondResult result = second.second();
                seconds.add(result);
                failures += result.failures();
                if (seconds.size() == 1 || seconds.get(seconds.size() - 2).phase() != result.phase()) {
                    phaseFirstSecond = result.second();
                }
                boolean awaitingSteady = result.phase() == Phase.WARMUP
                        && whole.timing() instanceof Timing.Phases phases
                        && phases.warmup() instanceof Timing.Warmup.UntilSteady;
                listener.onSecond(
                        result,
                        second.latency(),
                        new ProgressListener.RunStatus(
                                result.phase(),
                                (result.second() - phaseFirstSecond + 1) * 1_000.0,
                                plannedMillis(result.phase()),
                                failures,
                                awaitingSteady,
                                awaitingSteady ? relativeHalfWidth : null));
            }
        }

        /** A phase's planned length, or -1 where it is not known beforehand. */
        private double plannedMillis(Phase phase) {
            if (!(whole.timing() instanceof Timing.Phases phases)) {
                return -1;
            }
            return switch (phase) {
                case WARMUP ->
                    phases.warmup() instanceof Timing.Warmup.Fixed fixed
                            ? fixed.length().toMillis()
                            : -1;
                case GAP -> phases.gap().toMillis();
                case MAIN -> phases.main().toMillis();
                case ENDED -> -1;
            };
        }
    }
}
