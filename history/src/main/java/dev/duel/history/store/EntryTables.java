package dev.duel.history.store;

import dev.duel.history.HistoryEntry;
import dev.duel.report.model.Report;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The SQL that writes an entry into the tables of schema 3 and reads entries back; the same statements on SQLite and
 * PostgreSQL. A value that is not a number is written as NULL and read back as NaN; an infinite one (an interval with no
 * upper end) is kept. Stateless; the caller owns the
 * connection and its transaction.
 */
public final class EntryTables {
    /**
     * A history's order: by commit time where the entry has one, else by when its runs ended (then by when they ended,
     * so that runs of one commit keep their own order).
     */
    private static final String ORDER = "COALESCE(committed_at_millis, recorded_at_millis), recorded_at_millis";

    private EntryTables() {}

    /**
     * Writes {@code entry} (whose id is set) in the caller's transaction.
     *
     * @return false when an entry with that id is already there (nothing written)
     */
    public static boolean insert(Connection connection, HistoryEntry entry) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO history_entry (id, suite,"
                + " suite_sha256, fingerprint, duel_version, git_commit, git_branch, git_tag, ci_url, label,"
                + " recorded_at_millis, source, baseline, committed_at_millis)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                + " ON CONFLICT (id) DO NOTHING")) {
            HistoryEntry.Provenance from = entry.provenance();
            insert.setString(1, entry.id());
            insert.setString(2, entry.suite());
            insert.setString(3, entry.suiteSha256());
            insert.setString(4, entry.fingerprint());
            insert.setString(5, entry.duelVersion());
            insert.setString(6, from.commit());
            insert.setString(7, from.branch());
            insert.setString(8, from.tag());
            insert.setString(9, from.ciUrl());
            insert.setString(10, from.label());
            insert.setLong(11, entry.recordedAt().toEpochMilli());
            insert.setString(12, entry.source());
            insert.setString(13, entry.baseline());
            if (from.committedAt() == null) {
                insert.setNull(14, Types.BIGINT);
            } else {
                insert.setLong(14, from.committedAt().toEpochMilli());
            }
            if (insert.executeUpdate() == 0) {
                return false;
            }
        }
        try (PreparedStatement measurement = connection.prepareStatement("INSERT INTO measurement (entry_id,"
                        + " scenario, target, measure, label, unit, higher_is_better, central_name, central, median,"
                        + " minimum, maximum, runs, marked) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
                PreparedStatement value = connection.prepareStatement("INSERT INTO run_value (entry_id, scenario,"
                        + " target, measure, run_index, measured) VALUES (?, ?, ?, ?, ?, ?)")) {
            for (HistoryEntry.Measurement m : entry.measurements()) {
                measurement.setString(1, entry.id());
                measurement.setString(2, m.scenario());
                measurement.setString(3, m.target());
                measurement.setString(4, m.measure());
                measurement.setString(5, m.label());
                measurement.setString(6, m.unit());
                measurement.setBoolean(7, m.higherIsBetter());
                measurement.setString(8, m.centralName());
                setNumber(measurement, 9, m.central());
                setNumber(measurement, 10, m.median());
                setNumber(measurement, 11, m.min());
                setNumber(measurement, 12, m.max());
                measurement.setInt(13, m.runs());
                measurement.setInt(14, m.marked());
                measurement.executeUpdate();
                for (int i = 0; i < m.values().size(); i++) {
                    value.setString(1, entry.id());
                    value.setString(2, m.scenario());
                    value.setString(3, m.target());
                    value.setString(4, m.measure());
                    value.setInt(5, i);
                    setNumber(value, 6, m.values().get(i));
                    value.addBatch();
                }
            }
            value.executeBatch();
        }
        try (PreparedStatement comparison = connection.prepareStatement("INSERT INTO comparison (entry_id, scenario,"
                + " measure, baseline, other, ratio, low, high, verdict, same_within)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (HistoryEntry.Comparison c : entry.comparisons()) {
                comparison.setString(1, entry.id());
                comparison.setString(2, c.scenario());
                comparison.setString(3, c.measure());
                comparison.setString(4, c.baseline());
                comparison.setString(5, c.other());
                setNumber(comparison, 6, c.ratio());
                setNumber(comparison, 7, c.low());
                setNumber(comparison, 8, c.high());
                comparison.setString(9, c.verdict().name());
                setNumber(comparison, 10, c.sameWithin());
                comparison.executeUpdate();
            }
        }
        return true;
    }

    /** Every entry of {@code suite}, oldest first (by when its runs ended, then id). */
    public static List<HistoryEntry> ofSuite(Connection connection, String suite) throws SQLException {
        Map<String, HistoryEntry> entries = new LinkedHashMap<>();
        try (PreparedStatement select = connection.prepareStatement("SELECT id, suite, suite_sha256, fingerprint,"
                + " duel_version, git_commit, git_branch, git_tag, ci_url, label, recorded_at_millis, source, baseline,"
                + " committed_at_millis FROM history_entry WHERE suite = ? ORDER BY " + ORDER + ", id")) {
            select.setString(1, suite);
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    entries.put(
                            row.getString(1),
                            new HistoryEntry(
                                    row.getString(1),
                                    row.getString(2),
                                    row.getString(3),
                                    row.getString(4),
                                    row.getString(5),
                                    new HistoryEntry.Provenance(
                                            row.getString(6),
                                            row.getString(7),
                                            row.getString(8),
                                            row.getString(9),
                                            row.getString(10),
                                            instant(row, 14)),
                                    Instant.ofEpochMilli(row.getLong(11)),
                                    row.getString(12),
                                    row.getString(13),
                                    List.of(),
                                    List.of()));
                }
            }
        }
        List<HistoryEntry> filled = new ArrayList<>();
        for (HistoryEntry entry : entries.values()) {
            filled.add(new HistoryEntry(
                    entry.id(),
                    entry.suite(),
                    entry.suiteSha256(),
                    entry.fingerprint(),
                    entry.duelVersion(),
                    entry.provenance(),
                    entry.recordedAt(),
                    entry.source(),
                    entry.baseline(),
                    measurements(connection, entry.id()),
                    comparisons(connection, entry.id())));
        }
        return filled;
    }

    /**
     * Every measurement's central value with where it came from, series by series (suite, scenario, target, measure,
     * fingerprint), each series oldest first.
     */
    public static List<dev.duel.history.HistoryPoint> points(Connection connection) throws SQLException {
        List<dev.duel.history.HistoryPoint> points = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement("SELECT e.suite, m.scenario, m.target, m.measure,"
                        + " e.fingerprint, e.id, e.git_commit, e.recorded_at_millis, m.central, m.label, m.unit,"
                        + " m.higher_is_better, m.runs, e.committed_at_millis FROM measurement m"
                        + " JOIN history_entry e ON m.entry_id = e.id"
                        + " ORDER BY e.suite, m.scenario, m.target, m.measure, e.fingerprint, "
                        + ORDER.replace("committed_at_millis", "e.committed_at_millis")
                                .replace("recorded_at_millis", "e.recorded_at_millis")
                        + ", e.id");
                ResultSet row = select.executeQuery()) {
            while (row.next()) {
                points.add(new dev.duel.history.HistoryPoint(
                        new dev.duel.history.HistoryPoint.Series(
                                row.getString(1),
                                row.getString(2),
                                row.getString(3),
                                row.getString(4),
                                row.getString(5),
                                row.getString(10),
                                row.getString(11),
                                row.getBoolean(12)),
                        row.getString(6),
                        row.getString(7),
                        instant(row, 14),
                        Instant.ofEpochMilli(row.getLong(8)),
                        number(row, 9),
                        row.getInt(13)));
            }
        }
        return points;
    }

    /**
     * Notes that the change of {@code series} beginning at entry {@code entryId} was looked at, and why; a second note
     * of the same change keeps the first.
     *
     * @return false when it was noted before
     */
    public static boolean acknowledge(
            Connection connection,
            dev.duel.history.HistoryPoint.Series series,
            String entryId,
            String reason,
            Instant at)
            throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO acknowledged_change (suite, scenario,"
                + " target, measure, fingerprint, entry_id, reason, acknowledged_at_millis)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")) {
            insert.setString(1, series.suite());
            insert.setString(2, series.scenario());
            insert.setString(3, series.target());
            insert.setString(4, series.measure());
            insert.setString(5, series.fingerprint() == null ? "" : series.fingerprint());
            insert.setString(6, entryId);
            insert.setString(7, reason);
            insert.setLong(8, at.toEpochMilli());
            return insert.executeUpdate() == 1;
        }
    }

    /**
     * Every acknowledged change, keyed "suite / scenario / target / measure / fingerprint / entry id" ({@link
     * #acknowledgedKey}), with its reason.
     */
    public static Map<String, String> acknowledged(Connection connection) throws SQLException {
        Map<String, String> reasons = new LinkedHashMap<>();
        try (PreparedStatement select = connection.prepareStatement("SELECT suite, scenario, target, measure,"
                        + " fingerprint, entry_id, reason FROM acknowledged_change ORDER BY acknowledged_at_millis");
                ResultSet row = select.executeQuery()) {
            while (row.next()) {
                String fingerprint = row.getString(5);
                reasons.put(
                        acknowledgedKey(
                                new dev.duel.history.HistoryPoint.Series(
                                        row.getString(1),
                                        row.getString(2),
                                        row.getString(3),
                                        row.getString(4),
                                        fingerprint.isEmpty() ? null : fingerprint,
                                        "",
                                        "",
                                        true),
                                row.getString(6)),
                        row.getString(7));
            }
        }
        return reasons;
    }

    /** The key of a change of {@code series} beginning at {@code entryId}. */
    public static String acknowledgedKey(dev.duel.history.HistoryPoint.Series series, String entryId) {
        return String.join(
                " / ",
                series.suite(),
                series.scenario(),
                series.target(),
                series.measure(),
                series.fingerprint() == null ? "" : series.fingerprint(),
                entryId);
    }

    /** The suites the store holds entries of, by name. */
    public static List<String> suites(Connection connection) throws SQLException {
        List<String> suites = new ArrayList<>();
        try (PreparedStatement select =
                        connection.prepareStatement("SELECT DISTINCT suite FROM history_entry ORDER BY suite");
                ResultSet row = select.executeQuery()) {
            while (row.next()) {
                suites.add(row.getString(1));
            }
        }
        return suites;
    }

    private static List<HistoryEntry.Measurement> measurements(Connection connection, String id) throws SQLException {
        Map<List<String>, List<Double>> values = new LinkedHashMap<>();
        try (PreparedStatement select = connection.prepareStatement("SELECT scenario, target, measure, measured"
                + " FROM run_value WHERE entry_id = ? ORDER BY scenario, target, measure, run_index")) {
            select.setString(1, id);
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    values.computeIfAbsent(
                                    List.of(row.getString(1), row.getString(2), row.getString(3)),
                                    k -> new ArrayList<>())
                            .add(number(row, 4));
                }
            }
        }
        List<HistoryEntry.Measurement> measurements = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement("SELECT scenario, target, measure, label, unit,"
                + " higher_is_better, central_name, central, median, minimum, maximum, runs, marked"
                + " FROM measurement WHERE entry_id = ? ORDER BY scenario, target, measure")) {
            select.setString(1, id);
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    measurements.add(new HistoryEntry.Measurement(
                            row.getString(1),
                            row.getString(2),
                            row.getString(3),
                            row.getString(4),
                            row.getString(5),
                            row.getBoolean(6),
                            row.getString(7),
                            number(row, 8),
                            number(row, 9),
                            number(row, 10),
                            number(row, 11),
                            row.getInt(12),
                            row.getInt(13),
                            values.getOrDefault(
                                    List.of(row.getString(1), row.getString(2), row.getString(3)), List.of())));
                }
            }
        }
        return measurements;
    }

    private static List<HistoryEntry.Comparison> comparisons(Connection connection, String id) throws SQLException {
        List<HistoryEntry.Comparison> comparisons = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement("SELECT scenario, measure, baseline, other,"
                + " ratio, low, high, verdict, same_within FROM comparison WHERE entry_id = ?"
                + " ORDER BY scenario, measure, baseline, other")) {
            select.setString(1, id);
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    comparisons.add(new HistoryEntry.Comparison(
                            row.getString(1),
                            row.getString(2),
                            row.getString(3),
                            row.getString(4),
                            number(row, 5),
                            number(row, 6),
                            number(row, 7),
                            Report.Verdict.valueOf(row.getString(8)),
                            number(row, 9)));
                }
            }
        }
        return comparisons;
    }

    private static void setNumber(PreparedStatement statement, int index, double value) throws SQLException {
        if (Double.isNaN(value)) {
            statement.setNull(index, Types.DOUBLE);
        } else {
            statement.setDouble(index, value); // an unbounded interval's end stays infinite: both databases keep it
        }
    }

    private static Instant instant(ResultSet row, int index) throws SQLException {
        long millis = row.getLong(index);
        return row.wasNull() ? null : Instant.ofEpochMilli(millis);
    }

    private static double number(ResultSet row, int index) throws SQLException {
        double value = row.getDouble(index);
        return row.wasNull() ? Double.NaN : value;
    }
}
