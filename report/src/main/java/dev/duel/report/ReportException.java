package dev.duel.report;

/** Something the user can fix (a wrong folder, a bad threshold); the message names the fix. */
public final class ReportException extends Exception {
    public ReportException(String message) {
        super(message);
    }
}
