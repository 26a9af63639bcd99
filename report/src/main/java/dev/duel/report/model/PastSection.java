package dev.duel.report.model;

import java.util.List;

/**
 * This report's targets against what a history holds for a reference (a branch, tag, commit or entry): {@code duel
 * report --against REF}. Each row is the report's own verdict ({@link Report.Comparison}, worded as every other row) of
 * one target's runs here against the same target's runs in the reference's entries, with the reference's spread from
 * entry to entry beside it: runs made in other sessions of a host whose speed flips differ by more than runs of one
 * session do, and the spread says how much. Immutable.
 *
 * @param reference what was asked for ("main", "v2.3", "9f8e7d6", "h-3f5fd058408c")
 * @param described what it matched, in words: "the last 5 entries on branch main (commits 1a2b3c4 to 9f8e7d6, 2026-12-01
 *                  to 2026-12-05)"
 * @param notes     said before the rows: entries matched on another machine left out, compared across machines
 * @param rows      one per scenario, target and measure both sides have, in the report's order
 */
public record PastSection(String reference, String described, List<String> notes, List<Row> rows) {
    public PastSection {
        notes = List.copyOf(notes);
        rows = List.copyOf(rows);
    }

    /**
     * @param scenario   the scenario
     * @param target     the target, here and in the reference's entries
     * @param comparison this run's values (B) against the reference's (A)
     * @param spread     the reference's value entry by entry, in words: "5 entries, 10,600 to 12,400 requests/s"
     * @param withinSpread true when this run's central value lies inside the range of the reference's entries' values:
     *                   a change the entries' own spread could make
     * @param movedBefore  how many of the reference's newest entries lie inside the range of this run's values while
     *                   every entry before them lies outside it, all on one side; 0 when not so. Then the reference
     *                   itself moved to this run's level before these runs, and a change against it may be the
     *                   reference's own, not theirs (after a regression reached main, the next commit's comparison with main's last
     *                   5 entries said "95% fewer requests/s" of a commit that changed nothing)
     */
    public record Row(
            String scenario,
            String target,
            Report.Comparison comparison,
            String spread,
            boolean withinSpread,
            int movedBefore) {}
}
