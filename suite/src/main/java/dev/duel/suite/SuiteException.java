package dev.duel.suite;

/** A suite that cannot be run as written: the message names the place and the fix. */
public final class SuiteException extends Exception {
    public SuiteException(String message) {
        super(message);
    }

    public SuiteException(String message, Throwable cause) {
        super(message, cause);
    }
}
