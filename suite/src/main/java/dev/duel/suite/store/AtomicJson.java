package dev.duel.suite.store;

import dev.duel.record.RecordJson;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

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

    /** Any content, with the same guarantee. */
    public static void writeBytes(Path target, byte[] content) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path directory = absolute.getParent();
        Files.createDirectories(directory);
        Path temp = Files.createTempFile(directory, "." + absolute.getFileName(), ".tmp");
        try {
            try {
                // Temp files are private; a result is as readable as any file the user writes.
                Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException notPosix) {
                // keep the platform's default
            }
            try (OutputStream out = Files.newOutputStream(temp, StandardOpenOption.WRITE)) {
                out.write(content);
            }
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
            try {
                Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
            syncDirectory(directory);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** Makes the folder's entries (a rename) durable; Linux opens a folder for reading to sync it. */
    static void syncDirectory(Path directory) throws IOException {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }
}
