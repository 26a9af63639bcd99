package dev.duel.cli;

import dev.duel.load.InvalidSettingException;
import dev.duel.load.Setting;

/**
 * The one place that names each load setting by the {@code duel load} flag that gives it, so that a
 * wrong setting is reported as the user typed it ({@code duel: --vus: must be at least 1, got 0})
 * while the load engine's own words name no flag. The switch has no default: a new
 * {@link Setting} does not compile until it has its flag here. Stateless, so thread-safe.
 */
final class SettingFlags {
    private SettingFlags() {}

    /** The flag (or {@code URL}, the positional argument) that gives {@code setting}. */
    static String flag(Setting setting) {
        return switch (setting) {
            case VIRTUAL_USERS -> "--vus";
            case MAX_CONNECTIONS -> "--max-connections";
            case RATE -> "--rate";
            case ARRIVAL -> "--arrival";
            case TIMEOUT -> "--timeout";
            case THREADS -> "--threads";
            case WARMUP -> "--warmup";
            case MAX_WARMUP -> "--max-warmup";
            case MIN_WARMUP -> "--min-warmup";
            case GAP -> "--gap";
            case DURATION -> "--duration";
            case WINDOWS -> "--windows";
            case WINDOW_LENGTH -> "--window-length";
            case VARIABLES -> "--var";
            case CHECKS -> "--check";
            case HEADERS -> "--header";
            case URL -> "URL";
            case METHOD -> "--method";
            case TRANSPORT -> "--transport";
        };
    }

    /**
     * The same usage error in the command line's words, e.g. {@code --vus: must be at least 1, got 0};
     * the original is kept as the cause for {@code --verbose}.
     */
    static IllegalArgumentException usageError(InvalidSettingException e) {
        return new IllegalArgumentException(flag(e.setting()) + ": " + e.problem(), e);
    }
}
