package dev.duel.kubernetes;

import dev.duel.load.LoadPlan;
import dev.duel.load.ProgressListener;
import dev.duel.load.TargetUnreachableException;
import dev.duel.record.JvmFacts;
import dev.duel.record.ScenarioKind;
import dev.duel.record.load.LoadResult;
import dev.duel.suite.LoadDriver;
import dev.duel.suite.RunnerParts;
import dev.duel.suite.RuntimeReaders;
import dev.duel.suite.Scenario;
import dev.duel.suite.Suite;
import dev.duel.suite.SuiteException;
import dev.duel.suite.SuiteListener;
import dev.duel.suite.SuiteRunner;
import dev.duel.suite.agents.AgentsLoad;
import dev.duel.targets.Spawned;
import dev.duel.targets.TargetFailedException;
import dev.duel.targets.TargetProcess;
import dev.duel.targets.TargetSpec;
import dev.duel.targets.runtime.JfrEvents;
import dev.duel.targets.runtime.ThreadCpuSource;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A suite run on Kubernetes ({@code duel run SUITE --kubernetes}): the {@link RunnerParts} of a {@link SuiteRunner}
 * whose targets, services and load agents are the Pods of one {@link KubernetesSession}, opened when the runner readies
 * its load generator (after the checks that need no cluster) and closed with this object.
 *
 * <p>What changes against a run on duel's machine, and why:
 * <ul>
 *   <li>each run's target is a fresh Pod ({@link KubernetesSession#startTarget}); duel connects to nothing there
 *       itself, so the target's CPU, memory and throttling, its JVM's facts, its threads, its first accepted
 *       connection and its log are not read (unknown in the record, never duel's own machine's numbers), its limits
 *       mechanism is {@value PodGroup#MECHANISM}, and the record's {@code target.host} is its node;
 *   <li>the load goes through the session's agents ({@link AgentsLoad#over}), whose shares in the record name their
 *       nodes;
 *   <li>the suite's services are the session's Pods: nothing is started on duel's machine and their usage is not
 *       read;
 *   <li>the host drift probe would time duel's machine, not the target's node: it does not run, which the runner says
 *       once;
 *   <li>the quiet and noise gates read /proc/stat of duel's machine, as on a local run, and so judge the coordinator
 *       only (docs/kubernetes.md).
 * </ul>
 *
 * <p>Thread-safe: the session is opened once; {@link #close()} may come from any thread.
 */
public final class KubernetesRun implements AutoCloseable {
    /** Opens the session: creates its objects and waits until its agents and services are Ready. */
    @FunctionalInterface
    public interface Opener {
        KubernetesSession open() throws KubernetesSessionException, InterruptedException;
    }

    private final Opener opener;
    private volatile KubernetesSession session;
    private volatile AgentsLoad agents;
    private volatile boolean closed;

    public KubernetesRun(Opener opener) {
        this.opener = opener;
    }

    /** On the cluster of fabric8's usual configuration (kubeconfig, or the Pod's service account). */
    public static KubernetesRun connecting(Suite suite, String namespace) {
        return new KubernetesRun(() -> KubernetesSession.connect(suite, namespace));
    }

    /**
     * The runner of {@code suite} on Kubernetes: {@code local}'s JDKs, environment, CPU meter, sleeper and clean-up,
     * the rest on the session. The runner's suite has no services: they are the session's Pods.
     */
    public SuiteRunner runner(
            Suite suite, Path results, SuiteListener listener, RunnerParts local, SuiteRunner.Resume resume) {
        return new SuiteRunner(withoutServices(suite), results, listener, parts(local), resume);
    }

    /** {@code local} with the session's targets, services (none here), load and nothing read of a target's process. */
    RunnerParts parts(RunnerParts local) {
        return new RunnerParts(
                local.jdks(),
                this::startTarget,
                (spec, floatCpus, log, spawned) -> {
                    throw new IllegalStateException("service " + spec.name() + " runs as a Pod on Kubernetes");
                },
                new SessionLoad(),
                local.machine(),
                local.sleeper(),
                local.environment(),
                (pid, jdkHome) -> JvmFacts.UNKNOWN,
                local.removeStaleGroups(),
                this::prepare,
                cpuset -> {
                    throw new IOException("it would time duel's machine, not the target's node on Kubernetes");
                },
                new NoRuntime(local.runtime()),
                dev.duel.suite.HostSpeedSource.NONE);
    }

    /**
     * Why {@code suite} cannot run on Kubernetes as it is, or null: a {@code startup} scenario would time a Pod's way to
     * Ready (scheduling, the image's pull, a readiness probe every second), not the target's start; an {@code aotCache}
     * would be written into the training Pod's file system, where no later Pod finds it; a duet needs both targets on
     * one machine's CPUs and both loads from duel's own engine.
     */
    public static String refusal(Suite suite) {
        if (suite.order().pairs()) {
            return "order: " + suite.order().key() + " runs both targets side by side on one machine's CPUs, their"
                    + " loads from duel's own engine: on Kubernetes use order: alternate or random, or run the "
                    + (suite.order() == Suite.Order.DUET ? "duet" : "interleaved pair") + " without --kubernetes";
        }
        List<String> startup = suite.scenarios().stream()
                .filter(scenario -> scenario.kind() == ScenarioKind.STARTUP)
                .map(Scenario::name)
                .toList();
        if (!startup.isEmpty()) {
            return "scenario " + String.join(", ", startup) + ": a startup scenario on Kubernetes would time each Pod's"
                    + " scheduling, image pull and readiness probe (every second), not the target's start: run it"
                    + " on one machine (another suite file without --kubernetes)";
        }
        if (!suite.aotCaches().isEmpty()) {
            return "target "
                    + String.join(
                            ", ", new java.util.TreeSet<>(suite.aotCaches().keySet()))
                    + ": aotCache on Kubernetes would be written in the training Pod, where no later Pod finds it: build"
                    + " the cache into the target's image and pass its flags in jvmArgs, or run without --kubernetes";
        }
        return null;
    }

    /** The suite as its runner sees it: the services are the session's. */
    static Suite withoutServices(Suite suite) {
        return new Suite(
                suite.name(),
                suite.file(),
                suite.targets(),
                List.of(),
                suite.scenarios(),
                suite.together(),
                suite.repetitions(),
                suite.order(),
                suite.seed(),
                suite.cooldown(),
                suite.loadgen(),
                suite.gates(),
                suite.thresholds(),
                suite.aotCaches(),
                suite.kubernetes(),
                suite.interleave());
    }

    /** Before the first run: opens the session and asks each of its agents who it is. */
    private void prepare(Suite.Loadgen loadgen, SuiteListener listener) throws SuiteException, InterruptedException {
        if (closed) {
            throw new InterruptedException("stopped before the Kubernetes session was opened");
        }
        listener.message("creating the suite's Pods on Kubernetes and waiting until they are Ready");
        KubernetesSession opened;
        try {
            opened = opener.open();
        } catch (KubernetesSessionException e) {
            throw new SuiteException(e.getMessage(), e);
        } catch (KubernetesClientException e) {
            // No cluster to talk to (no kubeconfig, no service account, an address that does not answer).
            throw new SuiteException(
                    "Kubernetes could not be reached: " + e.getMessage()
                            + " (duel uses the kubeconfig's current context, or its Pod's service account)",
                    e);
        }
        session = opened;
        if (closed) {
            // close() came while the session was opening: it found nothing to close.
            opened.close();
            throw new InterruptedException("stopped while the Kubernetes session was opened");
        }
        listener.message("Kubernetes session " + opened.id() + " in namespace " + opened.namespace() + ": "
                + opened.agents().size() + " load agent(s) on "
                + String.join(
                        ", ", opened.agents().stream().map(AgentPod::nodeName).toList())
                + "; delete by hand, if duel is killed: kubectl delete jobs,pods,services,secrets -n "
                + opened.namespace() + " -l " + SessionNames.SESSION_LABEL + "=" + opened.id());
        AgentsLoad load = AgentsLoad.over(
                opened.agents().stream().map(KubernetesRun::agent).toList(), opened.agentToken());
        load.prepare(loadgen, listener);
        agents = load;
    }

    static Suite.Agent agent(AgentPod pod) {
        dev.duel.agent.AgentAddress address = dev.duel.agent.AgentAddress.parse(pod.address());
        return new Suite.Agent(pod.podName(), address.host(), address.port(), address.pin());
    }

    private TargetProcess startTarget(TargetSpec spec, Map<String, String> extraEnv, Path log, Spawned spawned)
            throws TargetFailedException, InterruptedException {
        KubernetesSession current = opened();
        try {
            return new PodTarget(spec, current.startTarget(spec), current);
        } catch (KubernetesSessionException e) {
            throw new TargetFailedException(e.getMessage(), null, List.of());
        }
    }

    private KubernetesSession opened() {
        KubernetesSession current = session;
        if (current == null) {
            throw new IllegalStateException("the Kubernetes session is opened when the load generator is readied");
        }
        return current;
    }

    /** The session, once opened (for the caller's messages and tests); null before. */
    public KubernetesSession session() {
        return session;
    }

    /** Deletes every object of the session, if one was opened. Idempotent; any thread. */
    @Override
    public void close() {
        closed = true;
        KubernetesSession current = session;
        if (current != null) {
            current.close();
        }
    }

    /** The load through the session's agents, once they were asked who they are. */
    private final class SessionLoad implements LoadDriver {
        @Override
        public LoadResult run(LoadPlan plan, ProgressListener listener) throws TargetUnreachableException {
            AgentsLoad load = agents;
            if (load == null) {
                throw new IllegalStateException("the load agents were not prepared before the first run");
            }
            return load.run(plan, listener);
        }

        @Override
        public void stop() {
            AgentsLoad load = agents;
            if (load != null) {
                load.stop();
            }
        }
    }

    /**
     * Nothing read inside a target Pod: its threads are in another machine's /proc; a flight recording would be in the
     * Pod's file system. The runtime timeline says why instead.
     */
    private record NoRuntime(RuntimeReaders local) implements RuntimeReaders {
        @Override
        public ThreadCpuSource threads(TargetProcess target) throws IOException {
            throw new IOException("the target runs in a Pod on node " + target.machine()
                    + ": its threads are not read from duel's machine");
        }

        @Override
        public JfrEvents recording(Path file) throws IOException {
            throw new IOException("the target's flight recording stays in its Pod on Kubernetes");
        }

        @Override
        public AutoCloseable everySecond(Runnable task) {
            return local.everySecond(task);
        }
    }
}
