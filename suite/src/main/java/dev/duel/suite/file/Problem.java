package dev.duel.suite.file;

import dev.duel.load.InvalidSettingException;
import dev.duel.load.Setting;
import java.util.function.Supplier;

/**
 * A problem found after parsing, about the key at {@code located} (a key path such as
 * {@code scenarios[0].model.vus}), named as {@code shown}: usually the same path, or the entry
 * when the message already names its key (the targets module's {@code limits.memory is like ...}).
 * {@link SuiteLoader} puts it at its line and column. Immutable.
 */
final class Problem extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** The key path as shown in front of the message. */
    final String shown;
    /** The key path whose line and column the message is put at. */
    final String located;

    Problem(String path, String message) {
        this(path, path, message, null);
    }

    Problem(String shown, String located, String message, Throwable cause) {
        super(message, cause);
        this.shown = shown;
        this.located = located;
    }

    /** A wrong load setting at the key that gives it ({@link SettingKeys}), or at {@code path} if that gives this setting. */
    static Problem of(String scenario, InvalidSettingException e, String path, Setting givenAtPath) {
        String at = path != null && e.setting() == givenAtPath ? path : SettingKeys.path(scenario, e.setting());
        return new Problem(at, at, e.problem(), e);
    }

    /** A problem reported in another module's words, which name the key already: shown at {@code entry}, located at {@code path}. */
    static Problem named(String entry, String path, IllegalArgumentException e) {
        return new Problem(entry, path, e.getMessage(), e);
    }

    /**
     * Runs {@code conversion}; a wrong load setting it finds is reported at {@code path} if that is
     * where {@code givenAtPath} is given, else at the scenario's key for that setting ({@link SettingKeys}).
     */
    static <T> T setting(String scenario, String path, Setting givenAtPath, Supplier<T> conversion) {
        try {
            return conversion.get();
        } catch (InvalidSettingException e) {
            throw of(scenario, e, path, givenAtPath);
        }
    }
}
