/**
 * The store behind the history: where it is ({@link StoreLocation}), its schema brought up to date by versioned
 * migrations ({@link Migrations}, Flyway), and the SQL that writes and reads entries ({@link EntryTables}). The same
 * SQL serves SQLite and PostgreSQL.
 */
package dev.duel.history.store;
