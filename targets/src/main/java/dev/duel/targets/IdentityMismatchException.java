package dev.duel.targets;

/** The target answered, but is not what the suite said it is: nothing may be measured. */
public final class IdentityMismatchException extends Exception {
    private static final long serialVersionUID = 1L;

    public IdentityMismatchException(String message) {
        super(message);
    }
}
