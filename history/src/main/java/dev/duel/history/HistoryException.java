package dev.duel.history;

/** A history that cannot be opened, read or written, with a message that names the fix. */
public final class HistoryException extends Exception {
    private static final long serialVersionUID = 1L;

    public HistoryException(String message) {
        super(message);
    }

    public HistoryException(String message, Throwable cause) {
        super(message, cause);
    }
}
