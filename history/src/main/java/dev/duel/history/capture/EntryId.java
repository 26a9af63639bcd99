package dev.duel.history.capture;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * An entry's id from what it concluded from: the suite and each run's identity (its record's file name and when it
 * started). The same results folder recorded twice (a re-import, a report run again) gives the same id, so the history
 * holds it once; a folder that gained runs (a resumed suite) gives another. "h-" and the first 12 hex digits of SHA-256.
 * Stateless.
 */
public final class EntryId {
    private EntryId() {}

    /** @param runs each run as "file name@start instant", in any order (they are sorted) */
    public static String of(String suite, List<String> runs) {
        StringBuilder text = new StringBuilder(suite);
        runs.stream().sorted().forEach(run -> text.append('\n').append(run));
        return "h-" + sha256(text.toString().getBytes(StandardCharsets.UTF_8)).substring(0, 12);
    }

    /** SHA-256 of {@code bytes}, lower-case hex: the id's, and the suite file's in an entry. */
    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
