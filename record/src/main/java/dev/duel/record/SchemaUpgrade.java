package dev.duel.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Consumer;

/**
 * Brings the JSON tree of an older record up to the schema this duel reads, before it is bound to
 * the record types, so that the types have one shape and the report one code path. A field added
 * by a later schema is filled with what an older duel knew about it: null for "not measured" where
 * the type allows null ({@code @JsonSetter(nulls = Nulls.SET)}), never an invented measurement.
 * Stateless; thread-safe.
 */
final class SchemaUpgrade {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private SchemaUpgrade() {}

    /**
     * Upgrades {@code tree} (a record of {@code type} following {@code version}) in place to
     * {@link RecordJson#SCHEMA_VERSION}; a tree already current is left as it is.
     */
    static void toCurrent(ObjectNode tree, int version, Class<?> type) {
        if (version < 2) {
            if (type == RunRecord.class) {
                runOneToTwo(tree);
            } else if (type == Environment.class) {
                environmentOneToTwo(tree);
            }
        }
        if (version < 3) {
            if (type == RunRecord.class) {
                runTwoToThree(tree);
            } else if (type == Environment.class) {
                environmentTwoToThree(tree);
            }
        }
        if (version < 4) {
            if (type == RunRecord.class) {
                runThreeToFour(tree);
            }
        }
        if (version < 5) {
            if (type == RunRecord.class) {
                runFourToFive(tree);
            }
        }
        if (version < 6) {
            if (type == RunRecord.class) {
                runFiveToSix(tree);
            }
        }
        if (version < 7) {
            if (type == RunRecord.class) {
                runSixToSeven(tree);
            }
        }
        if (version < 8) {
            if (type == RunRecord.class) {
                runSevenToEight(tree);
            }
        }
        if (version < 9) {
            if (type == RunRecord.class) {
                runEightToNine(tree);
            }
        }
        if (version < 10) {
            if (type == RunRecord.class) {
                runNineToTen(tree);
            }
        }
        if (version < 11) {
            if (type == RunRecord.class) {
                runTenToEleven(tree);
            }
        }
    }

    /**
     * Schema 11 (issue 31: a warm-up spread over every CPU) added the CPUs a pair's side warmed up on where they were
     * not its own: schema-10 duel moved no side but the one that warmed up apart, whose CPU it did not record.
     */
    private static void runTenToEleven(ObjectNode run) {
        inObject(run, "duet", duet -> fillNull(duet, "warmupCpus"));
    }

    /**
     * Schema 10 (issue 31: an interleaved pair's warm-up on shared CPUs) added the nice value its JIT compiler threads
     * ran at in the warm-up: schema-9 duel left them as the JVM had them.
     */
    private static void runNineToTen(ObjectNode run) {
        inObject(run, "duet", duet -> fillNull(duet, "warmupCompilerNice"));
    }

    /**
     * Schema 9 (issue 31: the host whose speed flips) added interleaved pairs and the host's speed per second: every
     * older pair was a duet (both loads at once), no load was measured in slices, no host speed was read.
     */
    private static void runEightToNine(ObjectNode run) {
        // Each field added in schema 9 gets its schema-8 value here, one line per field.
        inObject(run, "duet", duet -> fill(duet, "design", NODES.textNode("simultaneous")));
        eachObject(run, "results", result -> inObject(result, "load", load -> fillNull(load, "slices")));
        eachObject(
                run,
                "results",
                result -> inObject(
                        result, "load", load -> inObject(load, "settings", s -> fillNull(s, "warmupTurnMillis"))));
        eachObject(run, "results", result -> fillNull(result, "hostSpeed"));
    }

    /** Schema 8 (issue 23: duet) added a run's duet partner: every older run was made alone. */
    private static void runSevenToEight(ObjectNode run) {
        fillNull(run, "duet");
    }

    /**
     * Schema 7 (issue 22: the bottleneck of every run) added each process's run-queue wait, the noise gate's warm-up
     * seconds and the services' limits. Schema-6 duel measured no run-queue wait, did not record its services' limits
     * and judged the seconds of main only.
     */
    private static void runSixToSeven(ObjectNode run) {
        // Each field added in schema 7 gets its schema-6 value here, one line per field.
        eachObject(
                run,
                "results",
                result -> inObject(
                        result,
                        "target",
                        phases -> eachValue(phases, resources -> fillNull(resources, "runQueueWaitMillis"))));
        eachObject(
                run,
                "results",
                result -> inObject(
                        result,
                        "services",
                        services -> eachValue(
                                services,
                                phases -> eachValue(phases, resources -> fillNull(resources, "runQueueWaitMillis")))));
        eachObject(run, "results", result -> inObject(result, "load", SchemaUpgrade::loadSixToSeven));
        inObject(run, "gates", gates -> fillNull(gates, "warmupJudgedSeconds"));
        inObject(run, "gates", gates -> fillNull(gates, "warmupDisturbedSeconds"));
        inObject(run, "gates", gates -> eachObject(gates, "noiseWindows", SchemaUpgrade::noiseWindowSixToSeven));
        fillNull(run, "services");
    }

    /** A scenario's load result, and each load agent's own within it: its engine's run-queue wait was not measured. */
    private static void loadSixToSeven(ObjectNode load) {
        inObject(load, "engine", engine -> fillNull(engine, "runQueueWaitMillis"));
        eachObject(load, "agents", share -> inObject(share, "result", SchemaUpgrade::loadSixToSeven));
    }

    /** A window of schema-6 duel's noise gate: a start (no phase), or a second of main, the one phase it judged. */
    private static void noiseWindowSixToSeven(ObjectNode window) {
        fill(window, "phase", window.path("start").asBoolean(false) ? NODES.nullNode() : NODES.textNode("main"));
    }

    /**
     * The files that carry no schema version and are read strictly as they are ({@code repetitions.json}): a field a
     * later duel added is filled with "not known" (null) where an older file lacks it, as the versioned steps do, so
     * that a results folder written before it still reports.
     */
    static void unversioned(ObjectNode tree, Class<?> type) {
        if (type == RepetitionDecision.class) {
            // Issue 22 added each comparison's verdict at the look.
            eachObject(tree, "comparisons", comparison -> fillNull(comparison, "verdict"));
            // Issue 31 added time budgets and, where a comparison could not tell, the repetitions that would resolve
            // it.
            eachObject(tree, "comparisons", comparison -> fillNull(comparison, "moreRepetitions"));
            fillNull(tree, "budgetSeconds");
            fillNull(tree, "usedSeconds");
        }
    }

    /** Schema 6 (issue 13: beyond one machine) added where the load and the target ran when not here. */
    private static void runFiveToSix(ObjectNode run) {
        // Each field added in schema 6 gets its schema-5 value here, one line per field: every older run had one
        // engine in duel's process and its target on duel's machine.
        eachObject(run, "results", result -> inObject(result, "load", load -> fillNull(load, "agents")));
        inObject(run, "targetInfo", info -> fillNull(info, "host"));
    }

    /** Schema 5 (issue 12: why it differs) added what schema-4 duel did not watch inside its targets. */
    private static void runFourToFive(ObjectNode run) {
        // Each field added in schema 5 gets its schema-4 value here, one line per field.
        eachObject(run, "results", result -> fillNull(result, "runtime"));
        inObject(run, "targetInfo", info -> fillNull(info, "aotCache"));
    }

    /**
     * Schema 4 (issue 11: a minimum warm-up) added what schema-3 duel did not know: its auto warm-ups had no floor,
     * but null ("not set") is kept apart from 0 so that a reader never takes an older record's absence for a setting.
     */
    private static void runThreeToFour(ObjectNode run) {
        // Each field added in schema 4 gets its schema-3 value here, one line per field.
        eachObject(
                run,
                "results",
                result -> inObject(
                        result, "load", load -> inObject(load, "settings", s -> fillNull(s, "minWarmupMillis"))));
    }

    /** Schema 3 (issue 11: steady state) added what schema-2 duel did not measure. */
    private static void runTwoToThree(ObjectNode run) {
        // Each field added in schema 3 gets its schema-2 value here, one line per field.
        fillNull(run, "hostProbe");
        eachObject(run, "results", result -> inObject(result, "load", SchemaUpgrade::loadTwoToThree));
    }

    /**
     * A scenario's load result: schema-2 duel knew only fixed warm-ups, so a phased run's warm-up mode and the
     * end of its warm-up follow exactly from its settings and its warm-up phase; windowed runs have neither.
     */
    private static void loadTwoToThree(ObjectNode load) {
        boolean windowed = load.get("settings") instanceof ObjectNode settings
                && settings.path("windows").asInt(0) > 0;
        inObject(
                load,
                "settings",
                settings -> fill(settings, "warmupMode", windowed ? NODES.nullNode() : NODES.textNode("fixed")));
        inObject(load, "settings", settings -> fill(settings, "maxWarmupMillis", NODES.numberNode(0.0)));
        fill(load, "warmupEnd", windowed ? NODES.nullNode() : fixedWarmupEnd(load));
    }

    /**
     * A fixed warm-up ended at its length, unless the run was stopped during it: the warm-up phase's duration
     * then falls short of the setting, and says when.
     */
    private static JsonNode fixedWarmupEnd(ObjectNode load) {
        double plannedMillis = load.path("settings").path("warmupMillis").asDouble(0);
        JsonNode warmup = load.get("warmup");
        double ranMillis = warmup != null && warmup.isObject()
                ? warmup.path("durationMillis").asDouble(0)
                : 0;
        ObjectNode end = NODES.objectNode();
        end.put("mode", "fixed");
        end.put("reason", ranMillis < plannedMillis ? "stopped" : "fixed_length");
        end.put("endedAtMillis", ranMillis);
        end.putNull("steadySinceMillis");
        end.putNull("relativeHalfWidth");
        return end;
    }

    private static void environmentTwoToThree(ObjectNode environment) {
        // Each field added to the environment in schema 3 gets its schema-2 value here.
    }

    /** Schema 2 (issue 10: verdicts the data supports) added what schema-1 duel did not measure. */
    private static void runOneToTwo(ObjectNode run) {
        // Each field added in schema 2 gets its schema-1 value here, one line per field.
        inObject(run, "gates", gates -> fillNull(gates, "irqDuringCores"));
        inObject(run, "gates", gates -> fillNull(gates, "judgedSeconds"));
        inObject(run, "gates", gates -> fillNull(gates, "disturbedSeconds"));
        inObject(run, "gates", gates -> fillNull(gates, "noiseWindows"));
        eachObject(run, "results", result -> inObject(result, "load", SchemaUpgrade::loadOneToTwo));
        eachObject(run, "results", result -> fillNull(result, "anonBytes"));
        eachObject(run, "results", result -> fillNull(result, "peakAnonBytes"));
        fillNull(run, "affinity");
        fillNull(run, "resumedAcross");
    }

    /** A scenario's load result: the engine's closed-model lag and GC pauses were not measured by schema 1. */
    private static void loadOneToTwo(ObjectNode load) {
        inObject(load, "warmup", phase -> fillNull(phase, "turnaroundLag"));
        inObject(load, "main", phase -> fillNull(phase, "turnaroundLag"));
        inObject(load, "engine", engine -> fillNull(engine, "gcPauses"));
        inObject(load, "engine", engine -> fillNull(engine, "gcPauseMillis"));
        inObject(load, "engine", engine -> fillNull(engine, "gcPauseShare"));
    }

    private static void environmentOneToTwo(ObjectNode environment) {
        // No field of the environment changed in schema 2.
    }

    /** Sets {@code field} of {@code object} to {@code value} unless the record already has it. */
    static void fill(ObjectNode object, String field, JsonNode value) {
        if (!object.has(field)) {
            object.set(field, value);
        }
    }

    /** Sets {@code field} to null ("not measured") unless present. */
    static void fillNull(ObjectNode object, String field) {
        fill(object, field, NODES.nullNode());
    }

    /** Runs {@code upgrade} on every object of the array {@code field} of {@code object}, if there is one. */
    static void eachObject(ObjectNode object, String field, Consumer<ObjectNode> upgrade) {
        JsonNode array = object.get(field);
        if (array != null && array.isArray()) {
            array.forEach(node -> {
                if (node instanceof ObjectNode element) {
                    upgrade.accept(element);
                }
            });
        }
    }

    /** Runs {@code upgrade} on every value of {@code map} (a JSON object read as a map) that is an object. */
    static void eachValue(ObjectNode map, Consumer<ObjectNode> upgrade) {
        map.forEach(value -> {
            if (value instanceof ObjectNode element) {
                upgrade.accept(element);
            }
        });
    }

    /** Runs {@code upgrade} on the object {@code field} of {@code object}, if it is one. */
    static void inObject(ObjectNode object, String field, Consumer<ObjectNode> upgrade) {
        if (object.get(field) instanceof ObjectNode child) {
            upgrade.accept(child);
        }
    }

    static JsonNodeFactory nodes() {
        return NODES;
    }
}
