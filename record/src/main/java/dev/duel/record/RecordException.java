package dev.duel.record;

/** A record that cannot be read: missing, not JSON, of a schema this duel does not read, or not the shape its schema says. */
public final class RecordException extends Exception {
    private static final long serialVersionUID = 1L;

    public RecordException(String message) {
        super(message);
    }

    public RecordException(String message, Throwable cause) {
        super(message, cause);
    }
}
