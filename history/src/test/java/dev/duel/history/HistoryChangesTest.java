package dev.duel.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.duel.history.changes.ChangePoints;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Series are cut apart by suite, scenario, target, measure and machine, and each change names where it began. */
class HistoryChangesTest {
    private static HistoryPoint.Series series(String target, String fingerprint) {
        return new HistoryPoint.Series("demo", "json", target, "rps", fingerprint, "requests/s", "RATE", true);
    }

    @Test
    void eachSeriesIsSearchedAloneAndAChangeNamesItsFirstEntry() {
        List<HistoryPoint> points = new ArrayList<>();
        // jdk25 on machine m1: 10 entries, 12% lower from the 6th on; jdk25 on m2 and jdk17: level, or too short.
        for (int i = 0; i < 10; i++) {
            double value = (i < 5 ? 20_000 : 17_600) * (1 + 0.002 * (i % 3));
            points.add(new HistoryPoint(
                    series("jdk25", "m1"), "h-" + i, "c" + i, null, Instant.EPOCH.plusSeconds(i), value, 3));
        }
        for (int i = 0; i < 10; i++) {
            points.add(new HistoryPoint(
                    series("jdk25", "m2"), "h-m2-" + i, null, null, Instant.EPOCH.plusSeconds(i), 20_000 + (i % 2), 3));
        }
        for (int i = 0; i < 5; i++) {
            points.add(new HistoryPoint(
                    series("jdk17", "m1"), "h-17-" + i, null, null, Instant.EPOCH, 9_000 + i * 900, 3));
        }
        points.sort(
                java.util.Comparator.comparing((HistoryPoint p) -> p.series().target())
                        .thenComparing(p -> p.series().fingerprint()));
        HistoryChanges.Found found = HistoryChanges.of(points, ChangePoints.Settings.DEFAULT);
        assertEquals(
                List.of(5, 10, 10),
                found.series().stream().map(HistoryChanges.SeriesLength::values).toList());
        assertEquals(1, found.changes().size(), found.changes().toString());
        HistoryChanges.SeriesChange change = found.changes().get(0);
        assertEquals("m1", change.series().fingerprint());
        assertEquals("h-5", change.first().entryId());
        assertEquals("c5", change.first().commit());
        assertEquals("h-4", change.last().entryId());
        assertEquals(0.88, change.change().ratio(), 0.005);
    }
}
