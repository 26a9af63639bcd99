package dev.duel.history;

import dev.duel.history.store.EntryTables;
import dev.duel.history.store.Migrations;
import dev.duel.history.store.StoreLocation;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * One history: an SQLite file (the default) or a PostgreSQL database, its schema brought up to date when opened (a
 * store a newer duel wrote is refused). Each {@link #record} is one transaction: a crash leaves the entry whole or
 * absent, and two jobs that write at once each land whole (SQLite waits up to {@link #BUSY_TIMEOUT_MILLIS} for the
 * other's write; PostgreSQL's transactions keep them apart). Thread-safe: calls are serialized.
 */
public final class HistoryStore implements AutoCloseable {
    /** How long an SQLite write waits for another process's, at most. */
    public static final int BUSY_TIMEOUT_MILLIS = 30_000;

    private final StoreLocation location;
    private final DataSource source;

    private HistoryStore(StoreLocation location, DataSource source) {
        this.location = location;
        this.source = source;
    }

    /**
     * Opens (creating an SQLite file and its folder where missing) and migrates the history at {@code location}.
     *
     * @param location    a file path (SQLite) or a {@code jdbc:postgresql:} or {@code jdbc:sqlite:} URL
     * @param duelVersion this duel's version, noted in the store as its last writer
     */
    public static HistoryStore open(String location, String duelVersion) throws HistoryException {
        return open(location, duelVersion, false);
    }

    /**
     * Opens a history that must be there already (to read it: {@code duel history changes}, {@code duel report
     * --against}): a missing SQLite file is refused instead of created.
     */
    public static HistoryStore openExisting(String location, String duelVersion) throws HistoryException {
        return open(location, duelVersion, true);
    }

    /** The first bytes of every SQLite database file. */
    private static final byte[] SQLITE_HEADER =
            "SQLite format 3\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private static HistoryStore open(String location, String duelVersion, boolean mustExist) throws HistoryException {
        StoreLocation where;
        try {
            where = StoreLocation.of(location);
        } catch (IllegalArgumentException e) {
            throw new HistoryException(e.getMessage());
        }
        DataSource source;
        if (where.kind() == StoreLocation.Kind.SQLITE) {
            if (mustExist && !Files.exists(where.file())) {
                throw new HistoryException("there is no history at " + where.shown() + ": duel run records one"
                        + " (history.db beside its results folder), duel history import makes one; or give --history");
            }
            refuseOtherFiles(where);
            try {
                if (where.file().getParent() != null) {
                    Files.createDirectories(where.file().getParent());
                }
            } catch (IOException e) {
                throw new HistoryException("cannot create the folder of the history " + where.shown() + ": " + e);
            }
            SQLiteConfig config = new SQLiteConfig();
            config.setBusyTimeout(BUSY_TIMEOUT_MILLIS);
            config.enforceForeignKeys(true);
            SQLiteDataSource sqlite = new SQLiteDataSource(config);
            sqlite.setUrl(where.jdbcUrl());
            source = sqlite;
        } else {
            PGSimpleDataSource postgres = new PGSimpleDataSource();
            postgres.setURL(where.jdbcUrl());
            source = postgres;
        }
        if (where.kind() == StoreLocation.Kind.SQLITE) {
            // Flyway locks a PostgreSQL store while it migrates, not an SQLite file: two jobs opening a new file at
            // once would both create its tables. A lock file beside it keeps them apart (other processes), and a lock
            // here keeps this process's threads apart (a JVM cannot hold one file lock twice).
            synchronized (HistoryStore.class) {
                // The lock file in the temporary folder, not beside the history: opening a file that is not a
                // history leaves nothing behind.
                Path lockFile = Path.of(
                        System.getProperty("java.io.tmpdir"),
                        "duel-history-"
                                + dev.duel.history.capture.EntryId.sha256(where.file()
                                                .toString()
                                                .getBytes(java.nio.charset.StandardCharsets.UTF_8))
                                        .substring(0, 16)
                                + ".lock");
                try (FileChannel channel =
                        FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                    FileLock lock = channel.lock(); // released when the channel closes
                    try {
                        Migrations.upToDate(source, where, duelVersion);
                    } finally {
                        lock.release();
                    }
                } catch (IOException e) {
                    throw new HistoryException(
                            "cannot lock the history " + where.shown() + " (" + lockFile + "): " + e.getMessage(), e);
                }
            }
        } else {
            Migrations.upToDate(source, where, duelVersion);
        }
        return new HistoryStore(where, source);
    }

    /** A file that is there but is no SQLite database: refused before anything is written to it or beside it. */
    private static void refuseOtherFiles(StoreLocation where) throws HistoryException {
        Path file = where.file();
        if (Files.isDirectory(file)) {
            throw new HistoryException(where.shown() + " is a folder, not a history file: give a file"
                    + " (--history results/history.db)");
        }
        if (!Files.isRegularFile(file)) {
            return;
        }
        try (java.io.InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(SQLITE_HEADER.length);
            if (head.length > 0 && !java.util.Arrays.equals(head, SQLITE_HEADER)) {
                throw new HistoryException(where.shown() + " is not a duel history (not an SQLite file): give the"
                        + " history's file, or a name that is not taken");
            }
        } catch (IOException e) {
            throw new HistoryException("cannot read the history " + where.shown() + ": " + e.getMessage(), e);
        }
    }

    /** Where this history is, without a password. */
    public String shown() {
        return location.shown();
    }

    /**
     * Records {@code entry} under {@code entry.id()} (which must be set: {@link HistoryEntries} derives it from the
     * runs, so that the same results recorded twice are one entry), in one transaction.
     *
     * @return true when it was recorded, false when the history already held an entry with that id
     */
    public synchronized boolean record(HistoryEntry entry) throws HistoryException {
        if (entry.id() == null) {
            throw new IllegalArgumentException("an entry is recorded under its id");
        }
        try (Connection connection = source.getConnection()) {
            connection.setAutoCommit(false);
            try {
                boolean written = EntryTables.insert(connection, entry);
                if (written) {
                    connection.commit();
                } else {
                    connection.rollback();
                }
                return written;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new HistoryException(
                    "could not record " + entry.suite() + " (" + entry.source() + ") in the history " + shown()
                            + "; nothing of it was written: " + e.getMessage(),
                    e);
        }
    }

    /** Every entry of {@code suite}, oldest first. */
    public synchronized List<HistoryEntry> entries(String suite) throws HistoryException {
        try (Connection connection = source.getConnection()) {
            return EntryTables.ofSuite(connection, suite);
        } catch (SQLException e) {
            throw new HistoryException("could not read the history " + shown() + ": " + e.getMessage(), e);
        }
    }

    /** Every recorded value with where it came from, series by series, each oldest first. */
    public synchronized List<HistoryPoint> points() throws HistoryException {
        try (Connection connection = source.getConnection()) {
            return EntryTables.points(connection);
        } catch (SQLException e) {
            throw new HistoryException("could not read the history " + shown() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Notes the changes found now that begin at entry {@code entryId} (of measure {@code measure} only, when given) as
     * looked at, with {@code reason}: {@link HistoryChanges} lists them apart from then on.
     *
     * @return the changes noted (those noted before are not noted again, and are not in it)
     * @throws HistoryException no change found now begins at that entry
     */
    public synchronized List<HistoryChanges.SeriesChange> acknowledge(
            String entryId, String measure, String reason, dev.duel.history.changes.ChangePoints.Settings settings)
            throws HistoryException {
        if (reason == null || reason.isBlank()) {
            throw new HistoryException("say why the change is expected (--reason)");
        }
        List<HistoryChanges.SeriesChange> matching =
                HistoryChanges.of(points(), acknowledged(), settings).changes().stream()
                        .filter(c -> c.first().entryId().equals(entryId))
                        .filter(c -> measure == null || c.series().measure().equals(measure))
                        .toList();
        if (matching.isEmpty()) {
            throw new HistoryException("no change found in the history " + shown() + " begins at " + entryId
                    + (measure == null ? "" : " in measure " + measure) + ": duel history changes lists them");
        }
        List<HistoryChanges.SeriesChange> noted = new java.util.ArrayList<>();
        try (Connection connection = source.getConnection()) {
            connection.setAutoCommit(false);
            try {
                java.time.Instant now = java.time.Instant.now();
                for (HistoryChanges.SeriesChange change : matching) {
                    if (EntryTables.acknowledge(connection, change.series(), entryId, reason, now)) {
                        noted.add(change);
                    }
                }
                connection.commit();
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new HistoryException("could not write to the history " + shown() + ": " + e.getMessage(), e);
        }
        return noted;
    }

    /** The acknowledged changes' reasons, by {@link EntryTables#acknowledgedKey}. */
    public synchronized java.util.Map<String, String> acknowledged() throws HistoryException {
        try (Connection connection = source.getConnection()) {
            return EntryTables.acknowledged(connection);
        } catch (SQLException e) {
            throw new HistoryException("could not read the history " + shown() + ": " + e.getMessage(), e);
        }
    }

    /** The suites the history holds, by name. */
    public synchronized List<String> suites() throws HistoryException {
        try (Connection connection = source.getConnection()) {
            return EntryTables.suites(connection);
        } catch (SQLException e) {
            throw new HistoryException("could not read the history " + shown() + ": " + e.getMessage(), e);
        }
    }

    /** Nothing held open between calls: each opens its own connection. */
    @Override
    public void close() {}
}
