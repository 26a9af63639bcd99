package dev.duel.load;

/** The target could not be reached at all before the run; nothing was measured. */
public final class TargetUnreachableException extends Exception {
    private static final long serialVersionUID = 1L;

    public TargetUnreachableException(String message) {
        super(message);
    }
}
