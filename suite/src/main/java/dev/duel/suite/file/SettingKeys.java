package dev.duel.suite.file;

import dev.duel.load.Setting;

/**
 * The one place that names each load setting by the suite file key that gives it, so that a
 * wrong setting found by the load engine (in words that name no key) is reported at its key:
 * {@code scenarios[0] (json).model.vus: must be at least 1, got 0}. The switch has no default: a
 * new {@link Setting} does not compile until it has its key here. Stateless, so thread-safe.
 */
final class SettingKeys {
    private SettingKeys() {}

    /**
     * The key path of {@code setting} for the scenario at {@code scenario} (e.g. {@code scenarios[0]}):
     * most settings are keys of the scenario, the engine's threads are the suite's.
     */
    static String path(String scenario, Setting setting) {
        return switch (setting) {
            case VIRTUAL_USERS -> scenario + ".model.vus";
            case MAX_CONNECTIONS -> scenario + ".model.maxConnections";
            case RATE -> scenario + ".model.rate";
            case ARRIVAL -> scenario + ".model.arrival";
            case TIMEOUT -> scenario + ".timeout";
            case THREADS -> "loadgen.threads";
            case WARMUP -> scenario + ".phases.warmup";
            case MAX_WARMUP -> scenario + ".phases.maxWarmup";
            case MIN_WARMUP -> scenario + ".phases.minWarmup";
            case GAP -> scenario + ".phases.gap";
            case DURATION -> scenario + ".phases.duration";
            case WINDOWS -> scenario + ".windows.count";
            case WINDOW_LENGTH -> scenario + ".windows.length";
            case VARIABLES -> scenario + ".request.vars";
            case CHECKS -> scenario + ".checks";
            case HEADERS -> scenario + ".request.headers";
            case URL -> scenario + ".request.path";
            case METHOD -> scenario + ".request.method";
            // a suite has no key for it: the engine picks the transport (auto), which cannot fail
            case TRANSPORT -> scenario;
        };
    }
}
