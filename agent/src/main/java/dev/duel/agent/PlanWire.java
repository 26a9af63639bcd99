package dev.duel.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.load.LoadModel;
import dev.duel.load.LoadPlan;
import dev.duel.load.PlanSegment;
import dev.duel.load.Timing;
import dev.duel.load.http.Header;
import dev.duel.load.http.RequestSpec;
import dev.duel.load.http.VariableSpec;
import dev.duel.load.schedule.Rate;
import dev.duel.record.load.Arrival;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A {@link LoadPlan} as the agent API's JSON, both ways: every part of the plan (request, variables, checks, model,
 * timing with its auto warm-up, timeout, seed, threads, transport, segment) so that the agent runs exactly the plan
 * the coordinator split. Durations travel as whole nanoseconds ({@code ...Nanos}), rates as a count per period of
 * nanoseconds (exact, as {@link Rate} keeps them), a body as Base64. Stateless.
 */
public final class PlanWire {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private PlanWire() {}

    public static ObjectNode toJson(LoadPlan plan) {
        ObjectNode json = NODES.objectNode();
        json.set("request", request(plan.request()));
        ObjectNode variables = json.putObject("variables");
        plan.variables().forEach((name, spec) -> variables.set(name, variable(spec)));
        ArrayNode checks = json.putArray("checks");
        plan.checks().forEach(checks::add);
        json.set("model", model(plan.model()));
        json.set("timing", timing(plan.timing()));
        json.put("timeoutNanos", plan.timeout().toNanos());
        json.put("seed", plan.seed());
        json.put("threads", plan.threads());
        json.put("transport", plan.transport().name());
        ObjectNode segment = json.putObject("segment");
        segment.put("index", plan.segment().index());
        segment.put("count", plan.segment().count());
        return json;
    }

    /**
     * @throws IllegalArgumentException the JSON is not a plan (a field missing or of the wrong kind), or the plan it
     *                                  describes is invalid ({@link dev.duel.load.InvalidSettingException})
     */
    public static LoadPlan fromJson(JsonNode json) {
        Map<String, VariableSpec> variables = new LinkedHashMap<>();
        field(json, "variables").properties().forEach(e -> variables.put(e.getKey(), variable(e.getValue())));
        List<String> checks = new ArrayList<>();
        field(json, "checks").forEach(check -> checks.add(check.asText()));
        JsonNode segment = field(json, "segment");
        return new LoadPlan(
                request(field(json, "request")),
                variables,
                checks,
                model(field(json, "model")),
                timing(field(json, "timing")),
                Duration.ofNanos(field(json, "timeoutNanos").asLong()),
                field(json, "seed").asLong(),
                field(json, "threads").asInt(),
                LoadPlan.Transport.valueOf(text(json, "transport")),
                new PlanSegment(
                        field(segment, "index").asInt(), field(segment, "count").asInt()));
    }

    private static ObjectNode request(RequestSpec request) {
        ObjectNode json = NODES.objectNode();
        json.put("method", request.method());
        json.put("url", request.url());
        ArrayNode headers = json.putArray("headers");
        for (Header header : request.headers()) {
            headers.addObject().put("name", header.name()).put("value", header.value());
        }
        if (request.body() == null) {
            json.putNull("body");
        } else {
            json.put("body", Base64.getEncoder().encodeToString(request.body()));
        }
        return json;
    }

    private static RequestSpec request(JsonNode json) {
        List<Header> headers = new ArrayList<>();
        field(json, "headers").forEach(h -> headers.add(new Header(text(h, "name"), text(h, "value"))));
        JsonNode body = field(json, "body");
        return new RequestSpec(
                text(json, "method"),
                text(json, "url"),
                headers,
                body.isNull() ? null : Base64.getDecoder().decode(body.asText()));
    }

    // Structured rather than the user's text: a list value may hold the comma that separates the text's values.
    private static ObjectNode variable(VariableSpec spec) {
        ObjectNode json = NODES.objectNode();
        if (spec instanceof VariableSpec.Sequence seq) {
            json.put("kind", "seq").put("first", seq.first()).put("last", seq.last());
        } else if (spec instanceof VariableSpec.Uniform uniform) {
            json.put("kind", "uniform").put("first", uniform.first()).put("last", uniform.last());
        } else if (spec instanceof VariableSpec.Values values) {
            ArrayNode array = json.put("kind", "list").putArray("values");
            values.values().forEach(array::add);
        } else {
            json.put("kind", "unique");
        }
        return json;
    }

    private static VariableSpec variable(JsonNode json) {
        String kind = text(json, "kind");
        return switch (kind) {
            case "seq" ->
                new VariableSpec.Sequence(
                        field(json, "first").asLong(), field(json, "last").asLong());
            case "uniform" ->
                new VariableSpec.Uniform(
                        field(json, "first").asLong(), field(json, "last").asLong());
            case "list" -> {
                List<String> values = new ArrayList<>();
                field(json, "values").forEach(v -> values.add(v.asText()));
                yield new VariableSpec.Values(values);
            }
            case "unique" -> new VariableSpec.Unique();
            default -> throw new IllegalArgumentException("unknown variable kind '" + kind + "'");
        };
    }

    private static ObjectNode model(LoadModel model) {
        ObjectNode json = NODES.objectNode();
        if (model instanceof LoadModel.Closed closed) {
            json.put("kind", "closed").put("virtualUsers", closed.virtualUsers());
        } else {
            LoadModel.Open open = (LoadModel.Open) model;
            json.put("kind", "open")
                    .put("rateCount", open.rate().count())
                    .put("ratePeriodNanos", open.rate().periodNanos())
                    .put("arrival", open.arrival().label())
                    .put("maxConnections", open.maxConnections());
        }
        return json;
    }

    private static LoadModel model(JsonNode json) {
        String kind = text(json, "kind");
        return switch (kind) {
            case "closed" -> new LoadModel.Closed(field(json, "virtualUsers").asInt());
            case "open" ->
                new LoadModel.Open(
                        new Rate(
                                field(json, "rateCount").asLong(),
                                field(json, "ratePeriodNanos").asLong()),
                        Arrival.valueOf(text(json, "arrival").toUpperCase(Locale.ROOT)),
                        field(json, "maxConnections").asInt());
            default -> throw new IllegalArgumentException("unknown load model '" + kind + "'");
        };
    }

    private static ObjectNode timing(Timing timing) {
        ObjectNode json = NODES.objectNode();
        if (timing instanceof Timing.Phases phases) {
            json.put("kind", "phases");
            ObjectNode warmup = json.putObject("warmup");
            if (phases.warmup() instanceof Timing.Warmup.Fixed fixed) {
                warmup.put("kind", "fixed").put("lengthNanos", fixed.length().toNanos());
            } else {
                Timing.Warmup.UntilSteady auto = (Timing.Warmup.UntilSteady) phases.warmup();
                warmup.put("kind", "untilSteady")
                        .put("minNanos", auto.min().toNanos())
                        .put("maxNanos", auto.max().toNanos());
            }
            json.put("gapNanos", phases.gap().toNanos())
                    .put("mainNanos", phases.main().toNanos());
        } else {
            Timing.Windows windows = (Timing.Windows) timing;
            json.put("kind", "windows")
                    .put("count", windows.count())
                    .put("lengthNanos", windows.length().toNanos())
                    .put("awaitFirstNanos", windows.awaitFirst().toNanos());
        }
        return json;
    }

    private static Timing timing(JsonNode json) {
        String kind = text(json, "kind");
        return switch (kind) {
            case "phases" -> {
                JsonNode warmup = field(json, "warmup");
                String warmupKind = text(warmup, "kind");
                Timing.Warmup parsed = switch (warmupKind) {
                    case "fixed" -> new Timing.Warmup.Fixed(nanos(warmup, "lengthNanos"));
                    case "untilSteady" ->
                        new Timing.Warmup.UntilSteady(nanos(warmup, "minNanos"), nanos(warmup, "maxNanos"));
                    default -> throw new IllegalArgumentException("unknown warm-up '" + warmupKind + "'");
                };
                yield new Timing.Phases(parsed, nanos(json, "gapNanos"), nanos(json, "mainNanos"));
            }
            case "windows" ->
                new Timing.Windows(
                        field(json, "count").asInt(), nanos(json, "lengthNanos"), nanos(json, "awaitFirstNanos"));
            default -> throw new IllegalArgumentException("unknown timing '" + kind + "'");
        };
    }

    private static Duration nanos(JsonNode json, String name) {
        return Duration.ofNanos(field(json, name).asLong());
    }

    private static String text(JsonNode json, String name) {
        JsonNode value = field(json, name);
        if (!value.isTextual()) {
            throw new IllegalArgumentException("plan field '" + name + "' is not text");
        }
        return value.asText();
    }

    private static JsonNode field(JsonNode json, String name) {
        JsonNode value = json == null ? null : json.get(name);
        if (value == null) {
            throw new IllegalArgumentException("plan field '" + name + "' is missing");
        }
        return value;
    }
}
