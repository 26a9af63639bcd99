package dev.duel.targets;

import java.util.List;

/** A target that did not start, or stopped on its own; carries its exit code and last log lines. */
public final class TargetFailedException extends Exception {
    private static final long serialVersionUID = 1L;

    private final Integer exitCode;
    /** An array, not a {@code List}: a field of an exception must be serializable by its declared type. */
    private final String[] lastLogLines;

    public TargetFailedException(String message, Integer exitCode, List<String> lastLogLines) {
        super(message);
        this.exitCode = exitCode;
        this.lastLogLines = List.copyOf(lastLogLines).toArray(String[]::new);
    }

    /** The process's exit code, or null while it was still running (a timeout). */
    public Integer exitCode() {
        return exitCode;
    }

    public List<String> lastLogLines() {
        return List.of(lastLogLines);
    }
}
