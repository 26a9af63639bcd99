/**
 * Results over time: what each report concluded (per suite, scenario, target and measure: the value, its runs, and
 * each comparison's ratio, interval and verdict), where it came from (commit, branch, tag, CI run, label) and on what
 * machine (the environment fingerprint), kept in one store across runs. {@link HistoryStore} opens one (an SQLite file
 * by default, a team's PostgreSQL by its JDBC URL) and records {@link HistoryEntry entries} atomically; {@link
 * HistoryEntries} makes an entry from a results folder, so that results folders stay the source of truth and a history
 * can always be rebuilt from them. Reads records and the report's conclusions; never runs anything.
 */
package dev.duel.history;
