package dev.duel.targets;

/** The target answered, but is not what the suite said it is: nothing may be measured. */
public final class IdentityMismatchException extends Exception {
    public IdentityMismatchException(String message) {
        super(message);
    }
}
