package dev.duel.history;

import dev.duel.report.model.Report;
import java.time.Instant;
import java.util.List;

/** Entries made up for the history's tests: every field set, one scenario, jdk25 against jdk17. Stateless. */
public final class SampleEntries {
    private SampleEntries() {}

    /**
     * jdk25's p99 (its runs 10% either side) and requests/s (its runs 100 either side, one of 3 marked) in scenario
     * json, and its requests/s ratio to jdk17. A p99 of NaN gives runs without a value.
     */
    public static HistoryEntry entry(String id, String suite, String commit, Instant at, double rps, double p99) {
        return new HistoryEntry(
                id,
                suite,
                "ab".repeat(32),
                "m1",
                "0.1.0-test",
                new HistoryEntry.Provenance(commit, "main", null, "https://ci.example/runs/7", "nightly"),
                at,
                "results/" + id,
                "jdk17",
                List.of(
                        new HistoryEntry.Measurement(
                                "json",
                                "jdk25",
                                "p99",
                                "p99",
                                "MICROS",
                                false,
                                "geometric mean",
                                p99,
                                p99,
                                p99 * 0.9,
                                p99 * 1.1,
                                3,
                                0,
                                List.of(p99 * 0.9, p99, p99 * 1.1)),
                        new HistoryEntry.Measurement(
                                "json",
                                "jdk25",
                                "rps",
                                "requests/s",
                                "RATE",
                                true,
                                "geometric mean",
                                rps,
                                rps,
                                rps - 100,
                                rps + 100,
                                3,
                                1,
                                List.of(rps - 100, rps, rps + 100))),
                List.of(new HistoryEntry.Comparison(
                        "json", "rps", "jdk17", "jdk25", 1.08, 1.04, 1.12, Report.Verdict.BETTER, 0.05)));
    }
}
