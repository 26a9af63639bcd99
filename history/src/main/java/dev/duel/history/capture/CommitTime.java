package dev.duel.history.capture;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * When a commit was made, as git says in a folder's repository: a history follows commit time, and no CI but GitLab
 * puts it in the environment. Stateless; thread-safe.
 */
public final class CommitTime {
    /** How long git may take to answer before the time is left unknown. */
    private static final long TIMEOUT_SECONDS = 10;

    private CommitTime() {}

    /**
     * The committer time of {@code commit} in the repository that holds {@code folder}, or null when there is none
     * there (no git, not a repository, a commit it does not have): the entry then keeps the order of its runs' end.
     */
    public static Instant inRepository(String commit, Path folder) {
        if (commit == null || commit.isBlank() || commit.startsWith("-")) {
            return null;
        }
        ProcessBuilder git = new ProcessBuilder(List.of(
                        "git", "-C", folder.toString(), "show", "-s", "--format=%cI", commit + "^{commit}", "--"))
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        try {
            Process process = git.start();
            String out;
            try (InputStream stdout = process.getInputStream()) {
                out = new String(stdout.readNBytes(4096), StandardCharsets.UTF_8).trim();
            }
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return null;
            }
            return process.exitValue() == 0 ? parse(out) : null;
        } catch (IOException e) {
            return null; // no git on this machine: the time stays unknown
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** An ISO-8601 time with an offset ("2026-12-05T10:00:00+01:00"), or null when it is not one. */
    public static Instant parse(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return OffsetDateTime.parse(text.trim()).toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
