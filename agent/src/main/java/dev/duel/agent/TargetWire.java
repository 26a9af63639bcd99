package dev.duel.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.record.runtime.Profile;
import dev.duel.targets.IdentityCheck;
import dev.duel.targets.Limits;
import dev.duel.targets.ReadySpec;
import dev.duel.targets.TargetSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link TargetSpec} as the agent API's JSON, both ways, for a target started on the agent's machine
 * ({@code host: <agent>}): paths (the jar, a JDK home) are the AGENT's paths. Durations travel as whole nanoseconds.
 * Stateless.
 */
public final class TargetWire {
    private TargetWire() {}

    public static ObjectNode toJson(TargetSpec spec) {
        ObjectNode json = AgentJson.object();
        json.put("name", spec.name());
        json.put("java", spec.java());
        json.put("jar", spec.jar() == null ? null : spec.jar().toString());
        strings(json.putArray("command"), spec.command());
        strings(json.putArray("jvmArgs"), spec.jvmArgs());
        ObjectNode env = json.putObject("env");
        spec.env().forEach(env::put);
        json.put("port", spec.port());
        json.putObject("ready")
                .put("path", spec.ready().path())
                .put("status", spec.ready().status())
                .put("timeoutNanos", spec.ready().timeout().toNanos());
        ArrayNode identity = json.putArray("identity");
        for (IdentityCheck check : spec.identity()) {
            identity.addObject()
                    .put("pointer", check.pointer())
                    .put("operator", check.operator().name())
                    .put("expected", check.expected());
        }
        json.putObject("limits")
                .put("cpus", spec.limits().cpus())
                .put("cpuset", spec.limits().cpuset())
                .put("memoryBytes", spec.limits().memoryBytes());
        json.put("profile", spec.profile() == null ? null : spec.profile().name());
        json.put("listen", spec.listen());
        return json;
    }

    /** @throws IllegalArgumentException the JSON is not a target spec, or the spec is invalid */
    public static TargetSpec fromJson(JsonNode json) {
        List<IdentityCheck> identity = new ArrayList<>();
        for (JsonNode check : field(json, "identity")) {
            identity.add(new IdentityCheck(
                    field(check, "pointer").asText(),
                    IdentityCheck.Operator.valueOf(field(check, "operator").asText()),
                    field(check, "expected").asText()));
        }
        JsonNode ready = field(json, "ready");
        JsonNode limits = field(json, "limits");
        return new TargetSpec(
                field(json, "name").asText(),
                textOrNull(field(json, "java")),
                field(json, "jar").isNull() ? null : Path.of(field(json, "jar").asText()),
                strings(field(json, "command")),
                strings(field(json, "jvmArgs")),
                env(field(json, "env")),
                field(json, "port").isNull() ? null : field(json, "port").asInt(),
                new ReadySpec(
                        field(ready, "path").asText(),
                        field(ready, "status").asInt(),
                        Duration.ofNanos(field(ready, "timeoutNanos").asLong())),
                identity,
                new Limits(
                        field(limits, "cpus").isNull()
                                ? null
                                : field(limits, "cpus").asDouble(),
                        textOrNull(field(limits, "cpuset")),
                        field(limits, "memoryBytes").isNull()
                                ? null
                                : field(limits, "memoryBytes").asLong()),
                field(json, "profile").isNull()
                        ? null
                        : Profile.valueOf(field(json, "profile").asText()),
                field(json, "listen").asText());
    }

    /** Extra environment ({@code {"NAME": "value"}}) as a map. */
    static Map<String, String> env(JsonNode json) {
        Map<String, String> env = new LinkedHashMap<>();
        if (json != null && !json.isNull()) {
            json.properties().forEach(e -> env.put(e.getKey(), e.getValue().asText()));
        }
        return env;
    }

    private static void strings(ArrayNode array, List<String> values) {
        values.forEach(array::add);
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asText()));
        return values;
    }

    private static String textOrNull(JsonNode value) {
        return value.isNull() ? null : value.asText();
    }

    private static JsonNode field(JsonNode json, String name) {
        JsonNode value = json == null ? null : json.get(name);
        if (value == null) {
            throw new IllegalArgumentException("target field '" + name + "' is missing");
        }
        return value;
    }
}
