package dev.duel.suite;

/** A suite that cannot be run as written: the message names the place and the fix. */
public final class SuiteException extends Exception {
    private static final long serialVersionUID = 1L;

    public SuiteException(String message) {
        super(message);
    }

    public SuiteException(String message, Throwable cause) {
        super(message, cause);
    }
}
