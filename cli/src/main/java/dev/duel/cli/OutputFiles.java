package dev.duel.cli;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the commands need to say about the files they write: whether a path can take a file at all
 * (checked before a run, so that a mistyped path does not cost a measurement), and an I/O error
 * in words. Stateless.
 */
final class OutputFiles {
    private OutputFiles() {}

    /**
     * Why {@code path} cannot take a file written by temp file and rename, or null when it can as
     * far as can be told before writing (a full disk only shows when writing).
     */
    static String cannotReplace(Path path) {
        Path absolute = path.toAbsolutePath();
        if (Files.exists(absolute) && !Files.isRegularFile(absolute)) {
            return absolute + " exists and is not a regular file; give a file path";
        }
        Path ancestor = absolute.getParent();
        while (ancestor != null && !Files.exists(ancestor)) {
            ancestor = ancestor.getParent();
        }
        if (ancestor == null) {
            return "no folder of " + absolute + " exists";
        }
        if (!Files.isDirectory(ancestor)) {
            return "cannot create " + absolute + ": " + ancestor + " is a file, not a folder";
        }
        if (!Files.isWritable(ancestor)) {
            return "cannot create " + absolute + ": the folder " + ancestor + " is not writable";
        }
        return null;
    }

    /** The reason of an I/O error without repeating the path ("No space left on device"). */
    static String reason(IOException e) {
        if (e instanceof FileSystemException fileSystem) {
            String reason = fileSystem.getReason();
            return reason != null ? reason : e.getClass().getSimpleName().replace("Exception", "");
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
