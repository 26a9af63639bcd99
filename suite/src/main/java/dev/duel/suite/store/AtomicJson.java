package dev.duel.suite.store;

import dev.duel.record.AtomicFiles;
import dev.duel.record.RecordJson;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Records (and other files) a reader never sees half-written: temp file, fsync, rename, fsync of
 * the folder (without it a crash soon after can lose the rename, leaving the old file or none).
 * JSON is written by the records' one codec, {@link RecordJson}. Every failure is an
 * {@link IOException}, and no temp file is left behind. Thread-safe.
 */
public final class AtomicJson {
    private AtomicJson() {}

    public static void write(Path target, Object value) throws IOException {
        writeBytes(target, RecordJson.bytes(value));
    }

    /** Any content, with the same guarantee ({@link AtomicFiles}). */
    public static void writeBytes(Path target, byte[] content) throws IOException {
        AtomicFiles.write(target, content);
    }
}
