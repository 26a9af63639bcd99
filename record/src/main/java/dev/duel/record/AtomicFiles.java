package dev.duel.record;

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
 * Files a reader never sees half-written: temp file, fsync, rename, fsync of the folder (without it a crash soon after
 * can lose the rename, leaving the old file or none). Every failure is an {@link IOException}, and no temp file is
 * left behind. Here, beside the records' codec, so that every module that writes a record or a ledger (the suite's
 * results, an agent's process ledger) writes it one way. Thread-safe.
 */
public final class AtomicFiles {
    private AtomicFiles() {}

    /** Writes {@code content} to {@code target} atomically (see the class). */
    public static void write(Path target, byte[] content) throws IOException {
        write(target, content, true);
    }

    /**
     * As {@link #write}, without the two fsyncs: atomic for a reader and against the writer being killed (the page
     * cache outlives a process), not against the machine crashing. For a process ledger, whose entries a crash ends
     * with the processes it names: each fsync was time (tens of ms on a busy disk) between a target's start and its
     * note, in which a kill -9 of duel left the target running unnoted.
     */
    public static void writeUnsynced(Path target, byte[] content) throws IOException {
        write(target, content, false);
    }

    private static void write(Path target, byte[] content, boolean durable) throws IOException {
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
            if (durable) {
                try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                    channel.force(true);
                }
            }
            try {
                Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
            if (durable) {
                syncDirectory(directory);
            }
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
