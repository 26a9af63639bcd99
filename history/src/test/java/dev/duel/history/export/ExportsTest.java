package dev.duel.history.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.duel.history.HistoryEntry;
import dev.duel.history.SampleEntries;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each export as the other tool reads it, written out in full. */
class ExportsTest {
    private final List<HistoryEntry> entries = List.of(
            SampleEntries.entry("h-1", "nightly", "aaa111", Instant.parse("2026-12-01T02:00:00Z"), 18_000.25, 3_210.5),
            SampleEntries.entry("h-2", "nightly", "bbb222", Instant.parse("2026-12-02T02:00:00Z"), 17_400, Double.NaN));

    @Test
    void otavaCsvHasATimeColumnAttributesAndAColumnPerSeries() {
        assertEquals("""
                time,commit,branch,json.jdk25.p99,json.jdk25.rps
                2026-12-01T02:00:00Z,aaa111,main,3210.5,18000.3
                2026-12-02T02:00:00Z,bbb222,main,,17400
                """, Exports.write(Exports.Format.CSV, entries));
    }

    @Test
    void bencherMetricFormatOfTheNewestEntry() {
        assertEquals("""
                {
                  "json/jdk25" : {
                    "rps" : {
                      "value" : 17400.0,
                      "lower_value" : 17300.0,
                      "upper_value" : 17500.0
                    }
                  }
                }
                """, Exports.write(Exports.Format.BMF, entries));
    }

    @Test
    void benchmarkActionSplitsTheDirections() {
        assertEquals("""
                [ {
                  "name" : "nightly / json / jdk25 / requests/s",
                  "unit" : "requests/s",
                  "value" : 17400.0,
                  "range" : "17300 to 17500",
                  "extra" : "geometric mean of 3 run(s), 1 marked; commit bbb222"
                } ]
                """, Exports.write(Exports.Format.BENCHMARK_ACTION_BIGGER, entries));
        assertEquals(
                "[ ]\n",
                Exports.write(Exports.Format.BENCHMARK_ACTION_SMALLER, entries),
                "the newest p99 is not a number: nothing smaller-is-better to show");
        assertEquals(Exports.Format.BMF, Exports.Format.named("bmf"));
        assertEquals(null, Exports.Format.named("xml"));
    }
}
