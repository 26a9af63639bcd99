package dev.duel.suite;

import dev.duel.suite.aot.AotCacheSpec;
import dev.duel.suite.gate.StopRule;
import dev.duel.targets.Limits;
import dev.duel.targets.ServiceSpec;
import dev.duel.targets.TargetSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A checked suite: targets measured in alternation, each fresh under its limits, against shared
 * services, for each scenario, so many times. Immutable.
 *
 * @param together    scenarios measured in this order on one fresh target per run (others get their own)
 * @param repetitions how many times each target measures each scenario group: a fixed number, or from a minimum
 *                    until an interval is narrow enough, up to a maximum
 * @param seed        seed of the suite's own random choices: the order of each round with {@link Order#RANDOM}
 *                    ({@code seed:}, 1 by default)
 * @param aotCaches   by target name, the targets measured with an AOT cache they train first; others are absent
 * @param kubernetes  what a run on Kubernetes needs ({@code kubernetes:}), or null when the suite has no such section
 * @param interleave  how an interleaved pair hands the load between its two sides ({@code interleave:}); null unless
 *                    the order is {@link Order#INTERLEAVED}
 */
public record Suite(
        String name,
        Path file,
        List<TargetSpec> targets,
        List<ServiceSpec> services,
        List<Scenario> scenarios,
        List<String> together,
        Repetitions repetitions,
        Order order,
        long seed,
        Duration cooldown,
        Loadgen loadgen,
        Gates gates,
        List<String> thresholds,
        Map<String, AotCacheSpec> aotCaches,
        Kubernetes kubernetes,
        Interleave interleave) {

    public Suite {
        aotCaches = Map.copyOf(aotCaches);
    }

    /** How runs of different targets follow each other. */
    public enum Order {
        /** AB, then BA, then AB...: the target that runs first changes every repetition. */
        ALTERNATE,
        /** All repetitions of A, then all of B: for contrast only, drift then favours one side. */
        SEQUENTIAL,
        /**
         * Each repetition runs every target once, in an order drawn from the suite's seed (randomized multiple
         * interleaved trials, Abedi and Brecht, ICPE 2017): a disturbance that comes back every other run cannot line
         * up with one side, as it can with AB, BA, AB...
         */
        RANDOM,
        /**
         * Both targets at once (Bulej et al., "Duet Benchmarking", ICPE 2020): each repetition starts the two side by
         * side under equal limits, warms both up until both are steady and measures main over the same seconds, so
         * what the machine does to a second it does to both ({@code dev.duel.analysis.DuetRatio}).
         */
        DUET,
        /**
         * Both targets alive at once, the load on one at a time: each repetition starts the two fresh on the same CPUs
         * under the same limits, warms both up, then hands the whole load from one to the other in short slices, ABBA
         * or BAAB blocks drawn from the seed ({@link Interleave}), so that a host whose speed changes within seconds
         * meets both sides alike and neither pays for sharing a core while measured (Laaber et al., EMSE 2019; Bulej et
         * al., ICPE 2020).
         */
        INTERLEAVED;

        /** The order as a suite file writes it: "alternate", "sequential", "random", "duet", "interleaved". */
        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** True when each repetition's runs follow one another (every order but sequential), so they can be paired. */
        public boolean pairedByRepetition() {
            return this != SEQUENTIAL;
        }

        /** True when each repetition's two targets run together as one pair (duet or interleaved). */
        public boolean pairs() {
            return this == DUET || this == INTERLEAVED;
        }
    }

    /**
     * How an interleaved pair hands the load between its sides ({@code interleave: {slice: 500ms, warmup: apart}}).
     *
     * @param slice      how long one side holds the whole load in main before the other may
     * @param warmup     how the two sides warm up: apart (the default), together, or in turns
     * @param warmupTurn with {@link Warmup#IN_TURNS}, how long each turn lasts ({@code warmup: 5s}); else zero
     * @param compilers  the priority of the JIT compiler threads while the two warm up on shared CPUs
     * @param stable     the least length, in whole seconds, of the steady stretch each side's auto warm-up ends on, and
     *                   the wall time over which its JIT compiler must have been quiet ({@code stable: 5s}; {@link
     *                   #DEFAULT_STABLE} by default, the engine's own)
     */
    public record Interleave(Duration slice, Warmup warmup, Duration warmupTurn, Compilers compilers, Duration stable) {
        /**
         * The slice where none is given. Half a second: on this project's 2-vCPU hosts a target's requests/s wander by
         * about 10% within a second (white, tenth to tenth) and by 15-16% over 4-6 s (the host's slower moves, which the
         * host-speed probe does not all see), so a block of four slices cancels that wander only when it is short. The
         * demo's /json pairs: blocks of 1.5 s slices varied 9.7% inside a pair and pairs 3.0-5.7% (five demos); blocks of
         * 0.5 s slices 3.0-7.4% and pairs 1.0-3.5% (five demos; docs/methodology.md, "Half-second slices").
         */
        public static final Duration DEFAULT_SLICE = Duration.ofMillis(500);

        /**
         * The steady stretch where none is given: the engine's own stable length ({@code
         * dev.duel.analysis.WarmupStop.Settings#DEFAULT}, 10 s), which a run alone needs because nothing cancels what
         * is left of a climb after it. In a pair, a drift both sides share cancels in each block of slices; a shorter
         * stretch is a choice a suite makes with data: the demo's 5 s made each pair about 12 s shorter, and main's
         * blocks moved no more over main than with 10 s (docs/methodology.md, "A shorter steady stretch").
         */
        public static final Duration DEFAULT_STABLE = Duration.ofSeconds(10);

        /** The shortest steady stretch: two checks of the judge, under which a plateau of a climb passes for its end. */
        public static final Duration MIN_STABLE = Duration.ofSeconds(4);

        public static final Interleave DEFAULT =
                new Interleave(DEFAULT_SLICE, Warmup.APART, Duration.ZERO, Compilers.RAISED, DEFAULT_STABLE);

        /** A pair whose compilers are raised where they share a CPU ({@link Compilers#RAISED}, the default). */
        public Interleave(Duration slice, Warmup warmup, Duration warmupTurn) {
            this(slice, warmup, warmupTurn, Compilers.RAISED, DEFAULT_STABLE);
        }

        /** With the engine's own steady stretch ({@link #DEFAULT_STABLE}). */
        public Interleave(Duration slice, Warmup warmup, Duration warmupTurn, Compilers compilers) {
            this(slice, warmup, warmupTurn, compilers, DEFAULT_STABLE);
        }

        /** Whole seconds of {@link #stable}. */
        public int stableSeconds() {
            return (int) stable.toSeconds();
        }

        /**
         * The priority of each side's JIT compiler threads while the two warm up on the targets' CPUs (in turns, or
         * together); a warm-up apart has a CPU of its own and leaves them as they are.
         */
        public enum Compilers {
            /**
             * Raised to nice {@value dev.duel.targets.runtime.CompilerPriority#RAISED_NICE} for the warm-up and put back
             * in the gap: under one CPU the request threads leave the compiler about a tenth of it, and a warm-up
             * climbs for a minute (docs/methodology.md); main measures the code it made at the JVM's own priorities.
             */
            RAISED,
            /** As the JVM has them: the warm-up as it goes on this machine, compiler starved or not. */
            AS_IS;

            /** As written in a suite file. */
            public String key() {
                return this == RAISED ? "raised" : "as-is";
            }
        }

        /** True when this pair's compilers are raised for its warm-ups: they share the targets' CPUs and it asks. */
        public boolean raisesCompilers() {
            return compilers == Compilers.RAISED && warmup != Warmup.APART;
        }

        /** True when a side warms up on other CPUs than its own (apart, spread) and moves back in the gap. */
        public boolean movesSidesForWarmup() {
            return warmup == Warmup.APART || warmup == Warmup.SPREAD;
        }

        /** How the two sides of a pair warm up before main's slices. */
        public enum Warmup {
            /**
             * Each on CPUs of its own, at once: the second side moves to a CPU the targets are not pinned to for its
             * warm-up (the load generator's on a 2-CPU machine) and back at the warm-up's end, so that neither waits
             * for the other; the one started second goes apart, and that alternates with the repetitions' order.
             */
            APART,
            /** Both at once on the targets' CPUs, each at its own quota. */
            TOGETHER,
            /**
             * Both at once, each at its own quota, over every online CPU (the targets', the load generator's, any other)
             * and back on the targets' CPUs in the gap before main: where no CPU is free for a warm-up apart, the
             * generator's spare time shortens the warm-up without a turn of waiting. Main is measured on the targets' CPUs
             * alone, as with the others. On this project's 2-vCPU host the demo's {@code /products/{id}} sides, whose
             * warm-up is the JIT's climb, were steady a median of 18 s into it against 26 s together on CPU 0 (40 sides
             * each, 2026-12-07); the compilers are raised as for a warm-up together (a compiler sharing CPUs with the
             * generator and eight request threads starves otherwise: {@code RunAttempt#apartCpus}). In the same hour it gave the
             * same steady-state answers as together within 0.3 points, ten pairs each (docs/methodology.md, "A warm-up
             * spread over both CPUs").
             */
            SPREAD,
            /** In turns on the targets' CPUs, the whole load on one at a time, the first side first. */
            IN_TURNS
        }

        public Interleave {
            if ((warmup == Warmup.IN_TURNS) == warmupTurn.isZero()) {
                throw new IllegalArgumentException("a turn's length with warm-up in turns, and only then");
            }
            if (stable.compareTo(MIN_STABLE) < 0 || stable.toNanos() % 1_000_000_000L != 0) {
                throw new IllegalArgumentException("a steady stretch of whole seconds, at least 4, got " + stable);
            }
        }

        /** The turns of side {@code side} (0 or 1) of a pair whose blocks are drawn from {@code seed}. */
        public dev.duel.load.Turns turns(int side, long seed) {
            return new dev.duel.load.Turns(side, warmupTurn.toNanos(), slice.toNanos(), seed);
        }
    }

    /**
     * How many repetitions run: {@code repetitions: 6} is {@code min = max = 6} with no rule; {@code repetitions:
     * {min: 3, max: 12, until: 'rps ci within 5%'}} runs 3, then one more at a time (a run of every target for
     * every scenario group, the order alternating as always) until the rule is met or 12 have run
     * ({@link dev.duel.suite.gate.RepetitionCheck}).
     *
     * @param until     null for a fixed number
     * @param scenarios the scenarios the rule reads: the one it names, or every load scenario of the suite when it
     *                  names none; empty for a fixed number
     * @param budget    the time the repetitions may take together ({@code budget: 8m}): repetitions are added until
     *                  the rule is met or another would not fit, each look spending α over the share used
     *                  ({@link dev.duel.analysis.AlphaSpending}); null without one (each look at α / looks)
     */
    public record Repetitions(int min, int max, StopRule until, List<String> scenarios, Duration budget) {
        public Repetitions {
            if (min < 1 || max < min) {
                throw new IllegalArgumentException("repetitions: 1 <= min <= max, got " + min + " and " + max);
            }
            if (until == null && min != max) {
                throw new IllegalArgumentException("repetitions: a range needs a rule (until)");
            }
            scenarios = List.copyOf(scenarios);
        }

        /** A rule over the one scenario it names, without a budget. */
        public Repetitions(int min, int max, StopRule until) {
            this(
                    min,
                    max,
                    until,
                    until == null || until.scenario() == null ? List.of() : List.of(until.scenario()),
                    null);
        }

        public static Repetitions fixed(int count) {
            return new Repetitions(count, count, null);
        }

        /** True when the repetitions run within a time budget. */
        public boolean budgeted() {
            return budget != null;
        }

        /** True when the number of repetitions depends on what was measured. */
        public boolean adaptive() {
            return until != null;
        }

        /** "6", "3 to 12 (until json rps CI within 5%)", or "3 or more within 8 min (until every scenario's rps clear)". */
        public String describe() {
            if (!adaptive()) {
                return String.valueOf(min);
            }
            return budgeted()
                    ? min + " or more within " + words(budget) + " (until " + until.describe() + ")"
                    : min + " to " + max + " (until " + until.describe() + ")";
        }

        /** "8 min", "6 min 30 s", "45 s". */
        static String words(Duration length) {
            long seconds = length.toSeconds();
            return seconds < 60
                    ? seconds + " s"
                    : seconds / 60 + " min" + (seconds % 60 == 0 ? "" : " " + seconds % 60 + " s");
        }
    }

    /**
     * @param cpuset  CPUs the load generator is pinned to, or null
     * @param threads event-loop threads, 0 for one per CPU it may use
     * @param warmup  how long the engine warms itself against an in-process sink before the first run
     * @param agents  the load agents that share every run's load, in segment order; empty when duel's own engine
     *                sends it
     * @param tokenFile the file holding the agents' token; null without agents
     * @param targetHosts by target name, the name of the agent that starts it on its machine ({@code host:}); targets
     *                    on duel's machine are absent. An agent sends no load in the runs of the target it hosts.
     */
    public record Loadgen(
            String cpuset,
            int threads,
            Duration warmup,
            List<Agent> agents,
            Path tokenFile,
            Map<String, String> targetHosts) {
        public Loadgen {
            agents = List.copyOf(agents);
            targetHosts = Map.copyOf(targetHosts);
            if (!agents.isEmpty() && tokenFile == null) {
                throw new IllegalArgumentException("load agents need a token file");
            }
        }

        /** Load agents, every target on duel's machine. */
        public Loadgen(String cpuset, int threads, Duration warmup, List<Agent> agents, Path tokenFile) {
            this(cpuset, threads, warmup, agents, tokenFile, Map.of());
        }

        /** The load generator in duel's own process. */
        public Loadgen(String cpuset, int threads, Duration warmup) {
            this(cpuset, threads, warmup, List.of(), null);
        }

        /** True when load agents share the load instead of duel's own engine. */
        public boolean distributed() {
            return !agents.isEmpty();
        }
    }

    /**
     * A load agent ({@code duel agent}) that takes a segment of every run's load. Immutable.
     *
     * @param name the suite's name for it, unique in the suite
     * @param host its host name or address
     * @param port the port its API listens on
     * @param pin  the fingerprint of its TLS certificate ({@code sha256:...}): its API is spoken over TLS trusting that
     *             certificate only; null for plain HTTP
     */
    public record Agent(String name, String host, int port, String pin) {
        /** "host:port", where it listens (for messages). */
        public String address() {
            return agentAddress().hostPort();
        }

        /** The address as written, the pin included. */
        public dev.duel.agent.AgentAddress agentAddress() {
            return new dev.duel.agent.AgentAddress(host, port, pin);
        }
    }

    /**
     * @param quietMaxCores        outside CPU (cores, irq and softirq left out) above which the machine is not
     *                             quiet before a run, and a second of a run is noisy on the CPUs the target and
     *                             the load generator are pinned to
     * @param quietFor             how long it must stay quiet before a run
     * @param quietMaxWait         how long to wait for that at most
     * @param quietRetries         runs discarded for noise are repeated this many times
     * @param loadgenMaxUtilization share of its cores the engine may use before a run is invalid
     * @param loadgenMaxLagP99     the engine's p99 lag behind schedule above which a run is invalid
     */
    public record Gates(
            double quietMaxCores,
            Duration quietFor,
            Duration quietMaxWait,
            int quietRetries,
            double loadgenMaxUtilization,
            Duration loadgenMaxLagP99) {
        public static final Gates DEFAULT =
                new Gates(0.25, Duration.ofSeconds(60), Duration.ofMinutes(10), 3, 0.70, Duration.ofMillis(1));
    }

    /**
     * The suite's {@code kubernetes:} section, checked: every target has an image and cpus and memory limits (requests
     * = limits, Guaranteed QoS); services are embedded PostgreSQL (a Pod of {@code postgresImage}) or external.
     * Immutable.
     *
     * @param image         duel's own image, which the load agents run ({@code duel agent})
     * @param agents        how many load agents (the Indexed Job's parallelism and completions), at least 1
     * @param agentLimits   each agent's cpus and memory (requests = limits)
     * @param targetImages  by target name, the image that runs it
     * @param postgresImage the image of {@code services.postgres} when it is embedded
     * @param readyTimeout  how long Pods may take to become Ready (scheduling and image pulls included)
     */
    public record Kubernetes(
            String image,
            int agents,
            Limits agentLimits,
            Map<String, String> targetImages,
            String postgresImage,
            Duration readyTimeout) {
        public Kubernetes {
            targetImages = Map.copyOf(targetImages);
        }

        /** The image that runs {@code target}; the loader made sure there is one. */
        public String imageOf(String target) {
            return targetImages.get(target);
        }
    }

    /** The agent that starts {@code target} on its machine ({@code host:}), or null when it runs on duel's machine. */
    public Agent hostOf(String target) {
        String agent = loadgen.targetHosts().get(target);
        return agent == null
                ? null
                : loadgen.agents().stream()
                        .filter(a -> a.name().equals(agent))
                        .findFirst()
                        .orElseThrow();
    }

    public TargetSpec target(String name) {
        return targets.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
    }

    /** The target's AOT cache training, or null when it runs without a cache. */
    public AotCacheSpec aotCache(String target) {
        return aotCaches.get(target);
    }

    public Scenario scenario(String name) {
        return scenarios.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }
}
