package dev.duel.report.render;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.report.model.Report;
import dev.duel.report.model.RuntimeRun;
import dev.duel.report.model.WarmupRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The numbers {@code report.html}'s script draws, as one JSON object inlined in the page: per load scenario and target,
 * every valid run's requests/s and p99 per second with its segments, steady start and main's start (the report's
 * warm-up answer, the same runs its table lists), and the runtime timeline of the run each runtime chart shows (JIT
 * and GC CPU per window, GC pauses, on the load's time axis). Written so that it can sit inside a {@code <script>} element: no {@code </} in it.
 * Stateless.
 */
final class InteractiveData {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private InteractiveData() {}

    /** Each value to three decimals; null for one that is not finite (a window without a reading). */
    private static void numbers(ArrayNode into, List<Double> values) {
        for (double value : values) {
            if (Double.isFinite(value)) {
                into.add(Math.round(value * 1000) / 1000.0);
            } else {
                into.addNull();
            }
        }
    }

    /** The JSON; {@code {"scenarios":[]}} when no scenario has a per-second series. */
    static String json(Report report) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("title", report.title());
        root.put("baseline", report.baseline());
        ArrayNode scenarios = root.putArray("scenarios");
        for (Report.ScenarioReport scenario : report.scenarios()) {
            if (scenario.warmup() == null || scenario.warmup().runs().isEmpty()) {
                continue;
            }
            ObjectNode one = scenarios.addObject();
            one.put("name", scenario.name());
            ArrayNode timelines = one.putArray("timelines");
            if (scenario.runtime() != null) {
                for (RuntimeRun run : scenario.runtime().runs()) {
                    ObjectNode t = timelines.addObject();
                    t.put("target", run.target());
                    t.put("run", run.run());
                    t.put("chosen", run.chosen());
                    t.put("steadyStartSecond", run.steadyStartSecond());
                    numbers(
                            t.putArray("seconds"),
                            run.seconds().stream().map(Integer::doubleValue).toList());
                    numbers(t.putArray("requestsPerSecond"), run.requestsPerSecond());
                    numbers(t.putArray("windowStartSeconds"), run.windowStartSeconds());
                    numbers(t.putArray("c1"), run.c1CpuMillisPerSecond());
                    numbers(t.putArray("c2"), run.c2CpuMillisPerSecond());
                    numbers(t.putArray("gc"), run.gcCpuMillisPerSecond());
                    numbers(t.putArray("jfrStartSeconds"), run.jfrStartSeconds());
                    numbers(t.putArray("gcPause"), run.gcPauseMillisPerSecond());
                }
            }
            ArrayNode targets = one.putArray("targets");
            Map<String, List<WarmupRun>> byTarget = new LinkedHashMap<>();
            for (WarmupRun run : scenario.warmup().runs()) {
                byTarget.computeIfAbsent(run.target(), t -> new ArrayList<>()).add(run);
            }
            byTarget.forEach((target, runs) -> {
                ObjectNode side = targets.addObject();
                side.put("target", target);
                ArrayNode list = side.putArray("runs");
                for (WarmupRun run : runs) {
                    ObjectNode r = list.addObject();
                    r.put("run", run.run());
                    r.put("classification", run.classification().name().toLowerCase(java.util.Locale.ROOT));
                    r.put("steadyStartSecond", run.secondsToSteady() < 0 ? -1 : run.secondsToSteady());
                    r.put("mainStartSecond", run.mainStartSecond());
                    ArrayNode seconds = r.putArray("seconds");
                    run.seconds().forEach(seconds::add);
                    ArrayNode rps = r.putArray("requestsPerSecond");
                    run.requestsPerSecond().forEach(v -> rps.add(Math.round(v * 10) / 10.0));
                    ArrayNode p99 = r.putArray("p99Millis");
                    run.p99Millis().forEach(v -> {
                        if (Double.isFinite(v)) {
                            p99.add(Math.round(v * 1000) / 1000.0);
                        } else {
                            p99.addNull(); // a second without a correct answer has no latency
                        }
                    });
                    ArrayNode segments = r.putArray("segments");
                    run.segments()
                            .forEach(s -> segments.addArray()
                                    .add(s.fromSecond())
                                    .add(s.toSecond())
                                    .add(Math.round(s.meanRequestsPerSecond() * 10) / 10.0));
                }
            });
        }
        try {
            // In JSON "<", ">" and "&" occur only inside strings, where \\u escapes mean the same to JSON.parse: none
            // of them is left for the HTML parser to read as the start of a tag inside the <script> element.
            return MAPPER.writeValueAsString(root)
                    .replace("<", "\\u003c")
                    .replace(">", "\\u003e")
                    .replace("&", "\\u0026");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of numbers and strings always serializes", e);
        }
    }
}
