package dev.duel.history.store;

import dev.duel.history.HistoryException;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.logging.Log;
import org.flywaydb.core.api.logging.LogFactory;

/**
 * Brings a store's schema up to date with Flyway's versioned migrations ({@code dev/duel/history/migration/V*.sql},
 * recorded in the table {@code duel_history_migrations}), after refusing a store that a newer duel wrote: its schema
 * (in {@code store_info}) is above {@link #SCHEMA}, and this duel cannot know what its tables mean. Flyway locks the
 * store while it migrates (PostgreSQL: an advisory lock; SQLite: the file's), so two jobs that open a new store at once
 * migrate it once. Stateless.
 */
public final class Migrations {
    /** The schema this duel writes and reads: the version of the last migration. */
    public static final int SCHEMA = 3;

    /** Where the migrations are, on the class path. */
    static final String LOCATION = "classpath:dev/duel/history/migration";

    /** Flyway's own table of applied migrations. */
    static final String TABLE = "duel_history_migrations";

    static {
        // Flyway reports each step at INFO through whatever logging it finds; duel prints its own lines. Errors reach
        // the caller as exceptions.
        LogFactory.setLogCreator(type -> new SilentLog());
    }

    private Migrations() {}

    /**
     * Refuses a newer store, then migrates to {@link #SCHEMA} and notes which duel wrote it.
     *
     * @param duelVersion this duel's version, noted in the store as its last writer
     */
    public static void upToDate(DataSource source, StoreLocation location, String duelVersion) throws HistoryException {
        try (Connection connection = source.getConnection()) {
            refuseNewer(connection, location);
        } catch (SQLException e) {
            throw new HistoryException(
                    "cannot open the history " + location.shown() + ": " + e.getMessage()
                            + (location.kind() == StoreLocation.Kind.POSTGRESQL
                                    ? " (is the server up, and the URL's host, database and user right?)"
                                    : ""),
                    e);
        }
        try {
            Flyway.configure(Migrations.class.getClassLoader())
                    .dataSource(source)
                    .locations(LOCATION)
                    .table(TABLE)
                    .placeholderReplacement(false)
                    .load()
                    .migrate();
        } catch (FlywayException e) {
            if (String.valueOf(e.getMessage()).contains("non-empty schema")) {
                throw new HistoryException(
                        location.shown() + " holds tables that are not a duel history's: give another --history", e);
            }
            throw new HistoryException(
                    "cannot bring the history " + location.shown() + " to schema " + SCHEMA + ": " + e.getMessage(), e);
        }
        try (Connection connection = source.getConnection();
                PreparedStatement update =
                        connection.prepareStatement("UPDATE store_info SET info_value = ? WHERE info_key = ?");
                PreparedStatement insert =
                        connection.prepareStatement("INSERT INTO store_info (info_key, info_value) VALUES (?, ?)")) {
            update.setString(1, duelVersion);
            update.setString(2, "written_by");
            if (update.executeUpdate() == 0) {
                insert.setString(1, "written_by");
                insert.setString(2, duelVersion);
                insert.executeUpdate();
            }
        } catch (SQLException e) {
            throw new HistoryException("cannot write to the history " + location.shown() + ": " + e.getMessage(), e);
        }
    }

    /** A store whose schema is newer than this duel's: refused, naming the duel that wrote it. */
    static void refuseNewer(Connection connection, StoreLocation location) throws SQLException, HistoryException {
        if (!hasTable(connection, "store_info")) {
            return; // a new store, or one from before any history: Flyway takes it from here
        }
        String schema = info(connection, "schema");
        String writtenBy = info(connection, "written_by");
        int version;
        try {
            version = schema == null ? 0 : Integer.parseInt(schema.trim());
        } catch (NumberFormatException e) {
            throw new HistoryException("the history " + location.shown() + " says its schema is '" + schema
                    + "', not a number: it is not a duel history, or it was damaged");
        }
        if (version > SCHEMA) {
            throw new HistoryException(String.format(
                    Locale.ROOT,
                    "the history %s has schema %d, written by duel %s; this duel knows schema %d and older: use duel"
                            + " %s or newer with it, or give another --history",
                    location.shown(),
                    version,
                    writtenBy == null ? "(unknown)" : writtenBy,
                    SCHEMA,
                    writtenBy == null ? "(the one that wrote it)" : writtenBy));
        }
    }

    private static boolean hasTable(Connection connection, String table) throws SQLException {
        DatabaseMetaData meta = connection.getMetaData();
        for (String name : new String[] {table, table.toUpperCase(Locale.ROOT)}) {
            try (ResultSet tables = meta.getTables(null, null, name, new String[] {"TABLE"})) {
                if (tables.next()) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String info(Connection connection, String key) throws SQLException {
        try (PreparedStatement select =
                connection.prepareStatement("SELECT info_value FROM store_info WHERE info_key = ?")) {
            select.setString(1, key);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? row.getString(1) : null;
            }
        }
    }

    /** Flyway's log, silenced (see the static block). */
    private static final class SilentLog implements Log {
        @Override
        public void debug(String message) {}

        @Override
        public void info(String message) {}

        @Override
        public void warn(String message) {}

        @Override
        public void error(String message) {}

        @Override
        public void error(String message, Exception e) {}

        @Override
        public void notice(String message) {}
    }
}
