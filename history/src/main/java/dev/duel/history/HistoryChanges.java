package dev.duel.history;

import dev.duel.history.changes.ChangePoints;
import java.util.ArrayList;
import java.util.List;

/**
 * Where each series of a history moved to another level ({@link ChangePoints}), each change told with the entry (and
 * commit) where it began. Series with fewer values than two changes' sides need are not searched, and say so.
 * Stateless.
 */
public final class HistoryChanges {
    private HistoryChanges() {}

    /**
     * A change in one series.
     *
     * @param series the series
     * @param first  the first point at the new level: its entry and commit
     * @param last   the last point before it
     * @param change the change's size, interval and the runs on each side
     * @param acknowledgedBecause the reason it was acknowledged with, or null when it was not
     */
    public record SeriesChange(
            HistoryPoint.Series series,
            HistoryPoint last,
            HistoryPoint first,
            ChangePoints.Change change,
            String acknowledgedBecause) {
        /** True when someone has looked at this change and said why ({@code duel history acknowledge}). */
        public boolean acknowledged() {
            return acknowledgedBecause != null;
        }
    }

    /**
     * @param series  every series searched, with how many values it has
     * @param changes every change found, series by series, oldest first
     */
    public record Found(List<SeriesLength> series, List<SeriesChange> changes) {
        public Found {
            series = List.copyOf(series);
            changes = List.copyOf(changes);
        }
    }

    /** A series and how many values it has. */
    public record SeriesLength(HistoryPoint.Series series, int values) {}

    /** As below, nothing acknowledged. */
    public static Found of(List<HistoryPoint> points, ChangePoints.Settings settings) {
        return of(points, java.util.Map.of(), settings);
    }

    /**
     * @param points       as {@link HistoryStore#points} gives them: series by series, each oldest first
     * @param acknowledged reasons by {@link dev.duel.history.store.EntryTables#acknowledgedKey}
     */
    public static Found of(
            List<HistoryPoint> points, java.util.Map<String, String> acknowledged, ChangePoints.Settings settings) {
        List<SeriesLength> lengths = new ArrayList<>();
        List<SeriesChange> changes = new ArrayList<>();
        int from = 0;
        while (from < points.size()) {
            int to = from + 1;
            while (to < points.size()
                    && points.get(to).series().sameAs(points.get(from).series())) {
                to++;
            }
            List<HistoryPoint> one = points.subList(from, to).stream()
                    .filter(p -> p.value() > 0 && Double.isFinite(p.value()))
                    .toList();
            HistoryPoint.Series series = points.get(from).series();
            lengths.add(new SeriesLength(series, one.size()));
            if (one.size() >= 2 * settings.minSegment()) {
                double[] values = one.stream().mapToDouble(HistoryPoint::value).toArray();
                for (ChangePoints.Change change : ChangePoints.find(values, settings)) {
                    HistoryPoint first = one.get(change.index());
                    changes.add(new SeriesChange(
                            series,
                            one.get(change.index() - 1),
                            first,
                            change,
                            acknowledged.get(
                                    dev.duel.history.store.EntryTables.acknowledgedKey(series, first.entryId()))));
                }
            }
            from = to;
        }
        return new Found(lengths, changes);
    }
}
