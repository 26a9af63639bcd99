package dev.duel.load;

import java.util.Objects;

/**
 * A user setting is wrong: {@link #setting()} says which, {@link #problem()} says what is wrong
 * and how to write it, in words that name no command-line flag and no suite file key, so that
 * each front end can put its own name for the setting in front (the CLI its flag, a suite file
 * its key and position). A usage error: nothing was run.
 *
 * <p>An {@link IllegalArgumentException}, so callers that only catch that keep working; its
 * {@link #getMessage()} is the setting in plain words and the problem, e.g.
 * {@code "virtual users: must be at least 1, got 0"}. Immutable, so thread-safe.
 */
public final class InvalidSettingException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final Setting setting;
    private final String problem;

    /**
     * @param setting which setting is wrong
     * @param problem what is wrong with it, e.g. {@code "must be at least 1, got 0"}: no flag, no key
     */
    public InvalidSettingException(Setting setting, String problem) {
        this(setting, problem, null);
    }

    public InvalidSettingException(Setting setting, String problem, Throwable cause) {
        super(
                Objects.requireNonNull(setting, "setting").words() + ": " + Objects.requireNonNull(problem, "problem"),
                cause);
        this.setting = setting;
        this.problem = problem;
    }

    public Setting setting() {
        return setting;
    }

    /** What is wrong, without the setting's name: the caller puts its own name in front. */
    public String problem() {
        return problem;
    }
}
