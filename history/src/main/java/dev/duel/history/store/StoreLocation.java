package dev.duel.history.store;

import java.nio.file.Path;

/**
 * Where a history lives: a JDBC URL of PostgreSQL ({@code jdbc:postgresql://host/db?user=...}) or SQLite ({@code
 * jdbc:sqlite:/path}), or a file path, which is an SQLite file. Immutable.
 *
 * @param kind   which database
 * @param jdbcUrl the URL to connect to
 * @param file   the SQLite file, or null for PostgreSQL
 */
public record StoreLocation(Kind kind, String jdbcUrl, Path file) {
    /** The databases a history can live in. */
    public enum Kind {
        /** One file, no server: the default. */
        SQLITE,
        /** A team's server. */
        POSTGRESQL
    }

    /**
     * @param location as the user gave it ({@code --history}): a JDBC URL or a file path
     * @throws IllegalArgumentException a JDBC URL of another database, or an empty location
     */
    public static StoreLocation of(String location) {
        if (location == null || location.isBlank()) {
            throw new IllegalArgumentException(
                    "no history given: a file (results/history.db) or a jdbc:postgresql:" + " URL");
        }
        if (location.startsWith("jdbc:postgresql:")) {
            return new StoreLocation(Kind.POSTGRESQL, location, null);
        }
        if (location.startsWith("jdbc:sqlite:")) {
            Path file = Path.of(location.substring("jdbc:sqlite:".length())).toAbsolutePath();
            return new StoreLocation(Kind.SQLITE, "jdbc:sqlite:" + file, file);
        }
        if (location.startsWith("jdbc:")) {
            throw new IllegalArgumentException(location.substring(0, Math.min(location.length(), 40))
                    + ": a history is a file (SQLite) or a jdbc:postgresql: URL");
        }
        Path file = Path.of(location).toAbsolutePath();
        return new StoreLocation(Kind.SQLITE, "jdbc:sqlite:" + file, file);
    }

    /** The location without a password, for messages. */
    public String shown() {
        return file != null ? file.toString() : jdbcUrl.replaceAll("(?i)(password=)[^&]*", "$1***");
    }
}
