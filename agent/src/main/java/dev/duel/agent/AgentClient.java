package dev.duel.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.load.LoadPlan;
import dev.duel.load.WarmupJudge;
import dev.duel.record.Histograms;
import dev.duel.record.Phase;
import dev.duel.record.RecordException;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.SecondResult;
import dev.duel.targets.ResourceReading;
import dev.duel.targets.TargetSpec;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A controller's side of the agent API ({@link AgentServer}) for one agent, on {@link HttpClient}: the token on every
 * call, the lease once taken. Thread-safe (a poller and a controller thread may call it at once).
 */
public final class AgentClient {
    /** What {@code GET /v1/hello} says: who the agent is, and its wall clock when it answered (ns since the epoch). */
    public record Hello(String name, String host, String duelVersion, int cores, long wallNanos) {}

    /**
     * A target the agent started on its machine.
     *
     * @param id                the agent's id for it
     * @param port              the port it listens on (on the agent's machine)
     * @param pid               its process id there
     * @param readyMillis       from spawn to its first correct answer on the ready path, milliseconds
     * @param firstAcceptMillis from spawn to its first accepted connection, milliseconds
     * @param command           its command line as started (limits wrapper included)
     * @param limitsMechanism   how its limits are enforced there ("cgroup v2", "not enforced (why)", "none")
     */
    public record HostedTarget(
            String id,
            int port,
            long pid,
            long readyMillis,
            long firstAcceptMillis,
            List<String> command,
            String limitsMechanism) {}

    /**
     * A hosted target now.
     *
     * @param reading  its resource use so far
     * @param alive    it still runs
     * @param exitCode its exit code once it has ended, else null
     */
    public record TargetStatus(ResourceReading reading, boolean alive, Integer exitCode) {}

    /** A batch of events; {@code done}: the run has ended and no event follows them. */
    public record Events(List<AgentEvent> events, boolean done) {}

    private final String name;
    /** host:port, for messages. */
    private final String address;
    /** "http://host:port" or, for an agent whose address pins a certificate, "https://host:port". */
    private final String base;

    private final boolean tls;
    private final String token;
    private final Duration callTimeout;
    private final HttpClient http;
    private volatile String lease;

    /**
     * @param name        the agent as the user named it (for messages and records)
     * @param address     {@code host:port}, or {@code host:port#sha256:...} for an agent that serves TLS with the
     *                    certificate of that fingerprint ({@link AgentAddress})
     * @param callTimeout the longest a call may take beyond a long poll's own wait
     * @throws IllegalArgumentException the address is not one ({@link AgentAddress#parse})
     */
    public AgentClient(String name, String address, String token, Duration callTimeout) {
        AgentAddress parsed = AgentAddress.parse(address);
        this.name = name;
        this.address = parsed.hostPort();
        this.tls = parsed.tls();
        this.base = (tls ? "https://" : "http://") + parsed.hostPort();
        this.token = token;
        this.callTimeout = callTimeout;
        HttpClient.Builder http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(callTimeout);
        if (tls) {
            javax.net.ssl.SSLParameters parameters = new javax.net.ssl.SSLParameters();
            parameters.setProtocols(AgentTls.protocols());
            http.sslContext(AgentTls.clientContext(parsed.pin())).sslParameters(parameters);
        }
        this.http = http.build();
    }

    public String name() {
        return name;
    }

    public String address() {
        return address;
    }

    public Hello hello() throws AgentException {
        JsonNode body = call("GET", "/v1/hello", null, callTimeout);
        return new Hello(
                body.path("name").asText(),
                body.path("host").asText(),
                body.path("duelVersion").asText(),
                body.path("cores").asInt(),
                body.path("wallNanos").asLong());
    }

    /** Takes the agent's lease for {@code controller}; later calls carry it. */
    public void lease(String controller) throws AgentException {
        JsonNode body = call("POST", "/v1/lease", AgentJson.object().put("controller", controller), callTimeout);
        lease = body.path("lease").asText();
    }

    /** Renews the lease held (any call under it does; this one does nothing else); nothing when none is held. */
    public void renew() throws AgentException {
        if (lease != null) {
            call("GET", "/v1/lease", null, callTimeout);
        }
    }

    /** Gives the lease back (the agent stops what it runs for it); nothing when none is held. */
    public void release() throws AgentException {
        if (lease != null) {
            call("DELETE", "/v1/lease", null, callTimeout);
            lease = null;
        }
    }

    /** Starts {@code plan} at {@code startAtWallNanos} on the AGENT's wall clock; returns the run's id. */
    public String startRun(LoadPlan plan, long startAtWallNanos) throws AgentException {
        ObjectNode body = AgentJson.object().put("startAtWallNanos", startAtWallNanos);
        body.set("plan", PlanWire.toJson(plan));
        return call("POST", "/v1/runs", body, callTimeout).path("run").asText();
    }

    /** The run's events after {@code after}, waiting up to {@code waitMillis} on the agent for one. */
    public Events events(String run, long after, long waitMillis) throws AgentException {
        return events(run, after, waitMillis, callTimeout);
    }

    /**
     * As above, giving up when no answer came within {@code timeout} beyond the long poll's own wait: the coordinator
     * uses its loss bound, so that an agent that hangs (no reset, no answer) is found as soon as one that refuses.
     */
    public Events events(String run, long after, long waitMillis, Duration timeout) throws AgentException {
        JsonNode body = call(
                "GET",
                "/v1/runs/" + run + "/events?after=" + after + "&waitMillis=" + waitMillis,
                null,
                timeout.plusMillis(waitMillis));
        List<AgentEvent> events = new ArrayList<>();
        for (JsonNode event : body.path("events")) {
            events.add(event(event));
        }
        return new Events(events, body.path("done").asBoolean());
    }

    /** The coordinator's judgement of the warm-up check at {@code checkSecond}. */
    public void judgement(String run, int checkSecond, WarmupJudge.Decision decision) throws AgentException {
        ObjectNode body = AgentJson.object()
                .put("checkSecond", checkSecond)
                .put("steady", decision.steady())
                .put("steadySinceSecond", decision.steadySinceSecond())
                .put("relativeHalfWidth", decision.relativeHalfWidth())
                .put("why", decision.why());
        call("POST", "/v1/runs/" + run + "/judgement", body, callTimeout);
    }

    public void stop(String run) throws AgentException {
        call("POST", "/v1/runs/" + run + "/stop", AgentJson.object(), callTimeout);
    }

    /**
     * Starts {@code spec} on the agent's machine (its paths are the agent's) with {@code extraEnv}, and waits until it
     * is ready and its identity checked.
     *
     * @throws AgentException status 422: it did not start there (the message says why)
     */
    public HostedTarget startTarget(TargetSpec spec, Map<String, String> extraEnv) throws AgentException {
        ObjectNode body = AgentJson.object();
        body.set("spec", TargetWire.toJson(spec));
        ObjectNode env = body.putObject("env");
        extraEnv.forEach(env::put);
        JsonNode json =
                call("POST", "/v1/targets", body, callTimeout.plus(spec.ready().timeout()));
        List<String> command = new ArrayList<>();
        json.path("command").forEach(part -> command.add(part.asText()));
        return new HostedTarget(
                json.path("target").asText(),
                json.path("port").asInt(),
                json.path("pid").asLong(),
                json.path("readyMillis").asLong(),
                json.path("firstAcceptMillis").asLong(),
                command,
                json.path("limitsMechanism").asText());
    }

    public TargetStatus target(String id) throws AgentException {
        JsonNode json = call("GET", "/v1/targets/" + id, null, callTimeout);
        try {
            return new TargetStatus(
                    AgentJson.MAPPER.treeToValue(json.path("reading"), ResourceReading.class),
                    json.path("alive").asBoolean(),
                    json.path("exitCode").isNumber() ? json.path("exitCode").asInt() : null);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new AgentException(source() + " sent an unreadable resource reading: " + e.getOriginalMessage(), e);
        }
    }

    /** Stops the hosted target (SIGTERM, then SIGKILL after a grace); its exit code. */
    public int stopTarget(String id) throws AgentException {
        return call("DELETE", "/v1/targets/" + id, null, callTimeout.plusSeconds(15))
                .path("exitCode")
                .asInt();
    }

    private AgentEvent event(JsonNode json) throws AgentException {
        long seq = json.path("seq").asLong();
        String type = json.path("type").asText();
        try {
            return switch (type) {
                case "phase" ->
                    new AgentEvent.PhaseBegan(
                            seq, Phase.valueOf(json.path("phase").asText().toUpperCase(Locale.ROOT)));
                case "second" ->
                    new AgentEvent.Second(
                            seq,
                            AgentJson.record(json.path("second"), source(), SecondResult.class),
                            Histograms.decode(json.path("histogram").asText()));
                case "judge" -> {
                    JsonNode ok = json.path("okPerSecond");
                    long[] counts = new long[ok.size()];
                    for (int i = 0; i < counts.length; i++) {
                        counts[i] = ok.get(i).asLong();
                    }
                    yield new AgentEvent.Judge(seq, json.path("checkSecond").asInt(), counts);
                }
                case "result" ->
                    new AgentEvent.Result(seq, AgentJson.record(json.path("result"), source(), LoadResult.class));
                case "failed" -> new AgentEvent.Failed(seq, json.path("message").asText());
                default -> throw new AgentException(source() + " sent an unknown event '" + type + "'", 200);
            };
        } catch (RecordException | IllegalArgumentException e) {
            throw new AgentException(source() + " sent an unreadable " + type + " event: " + e.getMessage(), e);
        }
    }

    private String source() {
        return "agent " + name + " (" + address + ")";
    }

    private JsonNode call(String method, String path, JsonNode body, Duration timeout) throws AgentException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(timeout)
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .method(
                        method,
                        body == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofByteArray(AgentJson.bytes(body)));
        String held = lease;
        if (held != null) {
            request.header("Duel-Lease", held);
        }
        HttpResponse<byte[]> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (javax.net.ssl.SSLException e) {
            throw new AgentException(
                    source() + ": TLS failed on " + method + " " + path.replaceAll("\\?.*", "") + " (" + e.getMessage()
                            + "): "
                            + (tls
                                    ? "does it serve TLS (duel agent --tls) with the certificate its address pins?"
                                    : "it speaks TLS: write its address as host:port#sha256:<fingerprint>, as it"
                                            + " printed it"),
                    e);
        } catch (IOException e) {
            throw new AgentException(
                    source() + " did not answer " + method + " " + path.replaceAll("\\?.*", "") + " (" + e + "): is it"
                            + " running (duel agent) and reachable at that address?",
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AgentException("interrupted while calling " + source(), e);
        }
        JsonNode json;
        try {
            json = AgentJson.parse(response.body());
        } catch (IllegalArgumentException e) {
            throw new AgentException(
                    source() + " answered " + response.statusCode() + " with no JSON: is a duel agent (duel agent)"
                            + " the one listening at that address?",
                    e);
        }
        if (response.statusCode() == 401) {
            throw new AgentException(
                    source() + " refused the token: give the same token file as the agent's --token-file", 401);
        }
        if (response.statusCode() != 200) {
            throw new AgentException(
                    source() + " refused " + method + " " + path.replaceAll("\\?.*", "") + " (" + response.statusCode()
                            + "): " + json.path("error").asText(),
                    response.statusCode());
        }
        return json;
    }
}
