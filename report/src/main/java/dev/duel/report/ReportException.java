package dev.duel.report;

/** Something the user can fix (a wrong folder, a bad threshold); the message names the fix. */
public final class ReportException extends Exception {
    private static final long serialVersionUID = 1L;

    public ReportException(String message) {
        super(message);
    }

    public ReportException(String message, Throwable cause) {
        super(message, cause);
    }
}
