package dev.duel.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.load.Clock;
import dev.duel.load.LoadPlan;
import dev.duel.load.WarmupJudge;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * What the agent API does, apart from its transport and token check ({@link AgentServer}): the lease, runs and their
 * events, warm-up judgements, targets started on this machine. Every call but {@code /v1/hello} and {@code POST /v1/lease} must carry the lease
 * ({@code Duel-Lease}), which renews it. Thread-safe: state changes under one lock; a long poll waits outside it.
 */
public final class AgentService {
    /** The longest a long poll waits, whatever it asks: well under a lease's idle time. */
    static final long MAX_WAIT_MILLIS = 5_000;
    /** The runs whose events can still be read: the current one and a few before it. */
    private static final int KEPT_RUNS = 4;

    private final AgentIdentity identity;
    private final WallClock wall;
    private final LeaseKeeper leases;
    private final Duration judgementWait;
    private final AgentTargets targets;
    private final Consumer<String> log;
    private final boolean allowTargets;
    private final Map<String, AgentRun> runs = new LinkedHashMap<>();
    private final AtomicLong runNumbers = new AtomicLong();
    private AgentRun current;

    /**
     * @param clock         monotonic time for the lease's idle time
     * @param leaseIdle     how long a lease may go unused before it lapses
     * @param judgementWait how long a run waits for the coordinator's judgement of a warm-up check
     * @param targets       the targets this agent starts for its controller
     * @param allowTargets  false refuses {@code POST /v1/targets} (403): the token then lets its holder send load, not
     *                      start commands on this machine ({@code duel agent} without {@code --allow-targets})
     * @param log           one line per event worth a log (refusals, lapses, runs)
     */
    public AgentService(
            AgentIdentity identity,
            WallClock wall,
            Clock clock,
            Duration leaseIdle,
            Duration judgementWait,
            AgentTargets targets,
            boolean allowTargets,
            Consumer<String> log) {
        this.identity = identity;
        this.allowTargets = allowTargets;
        this.wall = wall;
        this.leases = new LeaseKeeper(clock, leaseIdle);
        this.judgementWait = judgementWait;
        this.targets = targets;
        this.log = log;
    }

    public AgentIdentity identity() {
        return identity;
    }

    /** Answers one authenticated call. */
    public ApiReply handle(ApiRequest request) throws InterruptedException {
        lapseIdleLease();
        String route = request.method() + " " + request.path();
        try {
            if (route.equals("GET /v1/hello")) {
                return hello();
            }
            if (route.equals("POST /v1/lease")) {
                return lease(AgentJson.parse(request.body()));
            }
            LeaseKeeper.Call call = leases.begin(request.leaseId());
            if (call.check() != LeaseKeeper.Check.HELD) {
                return leaseRefusal(call.check());
            }
            try {
                return leased(request, route, call.under());
            } finally {
                leases.callEnded(call.under());
            }
        } catch (IllegalArgumentException e) {
            return ApiReply.error(400, e.getMessage());
        }
    }

    private ApiReply leased(ApiRequest request, String route, LeaseKeeper.Lease under) throws InterruptedException {
        if (route.equals("DELETE /v1/lease")) {
            return release(request.leaseId());
        }
        if (route.equals("GET /v1/lease")) { // a leased call: answering it renewed the lease
            return ApiReply.ok(AgentJson.object()
                    .put("lease", request.leaseId())
                    .put("idleMillis", leases.idle().toMillis()));
        }
        if (route.equals("POST /v1/runs")) {
            return startRun(AgentJson.parse(request.body()), under);
        }
        if (route.equals("POST /v1/targets")) {
            if (!allowTargets) {
                log.accept("refused POST /v1/targets: this agent was started without --allow-targets");
                return ApiReply.error(
                        403,
                        "agent " + identity.name() + " starts no targets: it was started without --allow-targets"
                                + " (with it, whoever holds the token can start any command on its machine)");
            }
            return startTarget(AgentJson.parse(request.body()));
        }
        String[] parts = request.path().split("/");
        // /v1/runs/<id>/<action>: "", "v1", "runs", id, action
        if (parts.length == 5 && parts[1].equals("v1") && parts[2].equals("runs")) {
            return runCall(request, parts[3], parts[4]);
        }
        // /v1/targets/<id>
        if (parts.length == 4 && parts[1].equals("v1") && parts[2].equals("targets")) {
            return targetCall(request.method(), parts[3]);
        }
        return ApiReply.error(404, "no such call: " + route);
    }

    private ApiReply startTarget(JsonNode body) throws InterruptedException {
        JsonNode spec = body.get("spec");
        if (spec == null) {
            return ApiReply.error(400, "a target is {\"spec\": <target spec>, \"env\": {extra environment}}");
        }
        try {
            return ApiReply.ok(targets.start(TargetWire.fromJson(spec), TargetWire.env(body.get("env"))));
        } catch (AgentTargets.StartFailed e) {
            return ApiReply.error(422, e.getMessage());
        }
    }

    private ApiReply targetCall(String method, String id) {
        if (method.equals("GET")) {
            ObjectNode status = targets.status(id);
            return status == null ? noTarget(id) : ApiReply.ok(status);
        }
        if (method.equals("DELETE")) {
            Integer exit = targets.stop(id);
            return exit == null ? noTarget(id) : ApiReply.ok(AgentJson.object().put("exitCode", exit));
        }
        return ApiReply.error(404, "no such call: " + method + " /v1/targets/" + id);
    }

    private ApiReply noTarget(String id) {
        return ApiReply.error(404, "no target " + id + " on agent " + identity.name());
    }

    private ApiReply hello() {
        ObjectNode body = AgentJson.object()
                .put("name", identity.name())
                .put("host", identity.host())
                .put("duelVersion", identity.duelVersion())
                .put("cores", identity.cores());
        body.put("wallNanos", wall.epochNanos()); // read last: the clock sample
        return ApiReply.ok(body);
    }

    private ApiReply lease(JsonNode body) {
        JsonNode controller = body.get("controller");
        if (controller == null || !controller.isTextual() || controller.asText().isBlank()) {
            return ApiReply.error(400, "a lease names its controller: {\"controller\": \"<who>\"}");
        }
        Optional<LeaseKeeper.Lease> lease = leases.acquire(controller.asText());
        if (lease.isEmpty() && leases.ending()) {
            log.accept("refused a lease to " + controller.asText() + ": the last lease's run and targets are stopping");
            return ApiReply.error(
                    409,
                    "agent " + identity.name() + " is stopping the run and targets of a lease that lapsed or was"
                            + " released: try again in a few seconds");
        }
        if (lease.isEmpty()) {
            String holder = leases.holder().map(LeaseKeeper.Lease::controller).orElse("another controller");
            log.accept("refused a lease to " + controller.asText() + ": held by " + holder);
            return ApiReply.error(
                    409,
                    "agent " + identity.name() + " is leased by " + holder + ": one controller"
                            + " at a time (its lease lapses after "
                            + leases.idle().toSeconds() + " s unused)");
        }
        log.accept("leased to " + controller.asText());
        return ApiReply.ok(AgentJson.object()
                .put("lease", lease.get().id())
                .put("idleMillis", leases.idle().toMillis()));
    }

    private ApiReply leaseRefusal(LeaseKeeper.Check check) {
        if (check == LeaseKeeper.Check.MISSING) {
            return ApiReply.error(403, "no lease: take one first (POST /v1/lease), then send it as Duel-Lease");
        }
        if (leases.ending()) {
            return ApiReply.error(409, "this lease is not held any more (it lapsed or was released): take a new one");
        }
        return ApiReply.error(
                409,
                leases.holder()
                        .map(l -> "agent " + identity.name() + " is leased by " + l.controller())
                        .orElse("this lease is not held any more (it lapsed or was released): take a new one"));
    }

    private ApiReply release(String leaseId) {
        if (leases.release(leaseId)) {
            log.accept("lease released");
            try {
                stopEverything();
            } finally {
                leases.ended();
            }
        }
        return ApiReply.ok(AgentJson.object());
    }

    private synchronized ApiReply startRun(JsonNode body, LeaseKeeper.Lease under) {
        // Checked under this object's lock, which stopEverything takes to find the run: a release or lapse that
        // began after this call's lease check either finds this run and stops it, or this start is refused.
        if (!leases.holds(under)) {
            return ApiReply.error(409, "this lease is not held any more (it lapsed or was released): take a new one");
        }
        if (current != null && current.active()) {
            return ApiReply.error(409, "run " + current.id() + " is still active: stop it first");
        }
        JsonNode plan = body.get("plan");
        JsonNode startAt = body.get("startAtWallNanos");
        if (plan == null || startAt == null || !startAt.canConvertToLong()) {
            return ApiReply.error(400, "a run is {\"plan\": <plan>, \"startAtWallNanos\": <agent's wall clock, ns>}");
        }
        LoadPlan parsed = PlanWire.fromJson(plan);
        String id = Long.toString(runNumbers.incrementAndGet());
        AgentRun run = new AgentRun(id, parsed, startAt.asLong(), wall, judgementWait, log);
        runs.put(id, run);
        while (runs.size() > KEPT_RUNS) {
            runs.remove(runs.keySet().iterator().next());
        }
        current = run;
        run.start();
        return ApiReply.ok(AgentJson.object().put("run", id));
    }

    private ApiReply runCall(ApiRequest request, String id, String action) throws InterruptedException {
        AgentRun run;
        synchronized (this) {
            run = runs.get(id);
        }
        if (run == null) {
            return ApiReply.error(404, "no run " + id + " on agent " + identity.name());
        }
        String method = request.method();
        if (method.equals("GET") && action.equals("events")) {
            long after = Long.parseLong(request.query().getOrDefault("after", "0"));
            long waitMillis =
                    Math.min(MAX_WAIT_MILLIS, Long.parseLong(request.query().getOrDefault("waitMillis", "0")));
            EventLog.Batch batch = run.events().after(after, Math.max(0, waitMillis));
            ObjectNode body = AgentJson.object();
            batch.events().forEach(body.putArray("events")::add);
            body.put("done", batch.done());
            return ApiReply.ok(body);
        }
        if (method.equals("POST") && action.equals("judgement")) {
            JsonNode body = AgentJson.parse(request.body());
            run.judgement(body.path("checkSecond").asInt(-1), decision(body));
            return ApiReply.ok(AgentJson.object());
        }
        if (method.equals("POST") && action.equals("stop")) {
            log.accept("run " + id + " stopped by the controller");
            run.stop();
            return ApiReply.ok(AgentJson.object());
        }
        return ApiReply.error(404, "no such call: " + method + " " + request.path());
    }

    /** A judgement's body as the decision the engine gets. */
    static WarmupJudge.Decision decision(JsonNode body) {
        if (!body.has("checkSecond") || !body.has("steady")) {
            throw new IllegalArgumentException(
                    "a judgement has checkSecond, steady, steadySinceSecond," + " relativeHalfWidth and why");
        }
        JsonNode since = body.path("steadySinceSecond");
        JsonNode halfWidth = body.path("relativeHalfWidth");
        return new WarmupJudge.Decision(
                body.get("steady").asBoolean(),
                since.isNumber() ? since.asInt() : null,
                halfWidth.isNumber() ? halfWidth.asDouble() : null,
                body.path("why").asText(""));
    }

    /** Lapses the lease if it has gone unused for its idle time, stopping its run; called every second too. */
    public void lapseIdleLease() {
        leases.lapseIfIdle().ifPresent(lapsed -> {
            log.accept("lease of " + lapsed.controller() + " lapsed after "
                    + leases.idle().toSeconds() + " s unused: its run and targets are stopped");
            try {
                stopEverything();
            } finally {
                leases.ended(); // only now may another controller lease the agent: the stopping cannot end its targets
            }
        });
    }

    private void stopEverything() {
        AgentRun run;
        synchronized (this) {
            run = current;
        }
        if (run != null && run.active()) {
            run.stop();
        }
        targets.stopAll();
    }

    /** True while a run is active (started and not ended). */
    public synchronized boolean running() {
        return current != null && current.active();
    }

    /** Stops the active run (waiting for it at most 10 s) and every target: the agent is shutting down. */
    public void shutdown() throws InterruptedException {
        AgentRun run;
        synchronized (this) {
            run = current;
        }
        if (run != null) {
            run.stop();
            run.await(Duration.ofSeconds(10));
        }
        targets.stopAll();
    }
}
