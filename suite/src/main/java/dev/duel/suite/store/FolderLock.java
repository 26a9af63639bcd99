package dev.duel.suite.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * One duel at a time on a results folder: an exclusive lock on {@code .lock} in it, held from before the first thing
 * the folder is touched (temporary files removed, a killed duel's processes ended) until the report is written.
 * Without it a second duel on the same folder deleted the first's temporary files and, through the process ledger,
 * ended its live target.
 *
 * <p>The lock is the operating system's ({@link FileChannel#tryLock}): it ends with its process, however that ends,
 * so a holder killed with SIGKILL leaves no lock behind, only its words in the file. The file names the holder (PID,
 * start, command) for the refusal; {@link #close} empties it, so words found under a free lock mean the holder ended
 * without closing, and the taker says it took over. Not thread-safe; one instance per taker.
 */
public final class FolderLock implements AutoCloseable {
    /** The lock file's name in the results folder. */
    public static final String FILE = ".lock";

    /**
     * The lock files this JVM holds. A second taker here is refused before it opens a channel on the file: on Linux
     * the lock is the process's, and closing any channel of the file (the refused taker's) would release it.
     */
    private static final java.util.Map<Path, String> HELD = new java.util.concurrent.ConcurrentHashMap<>();

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private FolderLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /** The folder is held by another duel: {@link #holder} says which, in the holder's own words. */
    public static final class InUseException extends Exception {
        private static final long serialVersionUID = 1L;
        private final String holder;

        InUseException(Path directory, String holder) {
            super("results folder " + directory + " is in use by " + (holder.isBlank() ? "another duel" : holder)
                    + ": wait for it to end, or give --results another folder");
            this.holder = holder;
        }

        /** "duel PID 1234 (since ..., command ...)", or "" when the holder had not written its name yet. */
        public String holder() {
            return holder;
        }
    }

    /**
     * Takes the folder (creating it), or refuses at once.
     *
     * @param command what this duel is doing, for a later refusal ("duel run suites/a.yaml")
     * @param said    told once when a holder that ended without closing is taken over
     * @throws InUseException another duel (or another taker in this process) holds it
     */
    public static FolderLock take(Path directory, String command, Consumer<String> said)
            throws InUseException, IOException {
        Files.createDirectories(directory);
        Path file = directory.resolve(FILE).toAbsolutePath().normalize();
        ProcessHandle self = ProcessHandle.current();
        String since = self.info().startInstant().map(Instant::toString).orElse("an unknown time");
        String words = "duel PID " + self.pid() + " (started " + since + ", " + command + ")";
        String holding = HELD.putIfAbsent(file, words);
        if (holding != null) { // held in this JVM: refused without opening the file, not even to read it (see HELD)
            throw new InUseException(directory, holding);
        }
        FileChannel channel = null;
        FileLock lock = null;
        try {
            channel = FileChannel.open(
                    file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            lock = channel.tryLock();
            if (lock == null) {
                throw new InUseException(directory, read(channel));
            }
        } finally {
            if (lock == null) {
                HELD.remove(file);
                if (channel != null) {
                    channel.close();
                }
            }
        }
        String previous = read(channel);
        if (!previous.isBlank()) {
            said.accept("took over results folder " + directory + " from " + previous
                    + ", which ended without releasing it");
        }
        channel.truncate(0);
        channel.write(ByteBuffer.wrap(words.getBytes(StandardCharsets.UTF_8)), 0);
        channel.force(false);
        return new FolderLock(file, channel, lock);
    }

    private static String read(FileChannel channel) throws IOException {
        long size = Math.min(channel.size(), 4096); // a holder's words; anything longer is not ours
        ByteBuffer buffer = ByteBuffer.allocate((int) size);
        while (buffer.hasRemaining() && channel.read(buffer, buffer.position()) > 0) {
            // read until full or at the end
        }
        return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8).strip();
    }

    /** Empties the file (the folder ended cleanly) and releases the lock. */
    @Override
    public void close() throws IOException {
        try {
            channel.truncate(0);
            lock.release();
        } finally {
            channel.close();
            HELD.remove(file);
        }
    }
}
