package dev.duel.history;

import dev.duel.report.build.PastComparisons;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What a history holds for a reference a report is compared with ({@code duel report --against REF}): the entries of
 * the report's suite that REF names, on the report's machine. REF is, in this order, an entry's id ({@code h-...}), a
 * commit (its hash or a prefix of 4 or more characters: every entry of that commit), a tag, a label, or a branch (its
 * last {@link #BRANCH_ENTRIES} entries: a branch's level is its recent runs, and one run of one session is a noisy
 * point). Entries on another machine are left out, as a report refuses to compare across machines; only they match,
 * and REF is refused unless distant comparisons are allowed. Immutable.
 *
 * @param reference what was asked for
 * @param described what it matched, in words, for the report
 * @param notes     what was left out or allowed, for the report
 * @param entries   the matched entries, oldest first
 */
public record HistoryBaseline(String reference, String described, List<String> notes, List<HistoryEntry> entries) {
    /** How many of a branch's latest entries make its baseline. */
    public static final int BRANCH_ENTRIES = 5;

    private static final DateTimeFormatter DAY =
            DateTimeFormatter.ofPattern("yyyy-MM-dd", Locale.ROOT).withZone(ZoneOffset.UTC);

    public HistoryBaseline {
        notes = List.copyOf(notes);
        entries = List.copyOf(entries);
    }

    /**
     * The entries {@code reference} names among {@code suiteEntries}.
     *
     * @param suiteEntries  every entry of the report's suite, oldest first
     * @param fingerprints  the machines the report's runs were made on (one, for a report that compares)
     * @param excludedId    the entry of the report's own runs (they are not their own baseline), or null
     * @param allowDistant  compare with entries of another machine anyway
     * @param shown         where the history is, for messages
     * @throws HistoryException nothing matches, or only entries of another machine do
     */
    public static HistoryBaseline resolve(
            String reference,
            String suite,
            List<HistoryEntry> suiteEntries,
            Set<String> fingerprints,
            String excludedId,
            boolean allowDistant,
            String shown)
            throws HistoryException {
        if (reference == null || reference.isBlank()) {
            throw new HistoryException("--against needs a reference: a branch, tag, commit, label or entry id");
        }
        List<HistoryEntry> candidates = suiteEntries.stream()
                .filter(e -> excludedId == null || !e.id().equals(excludedId))
                .toList();
        if (candidates.isEmpty()) {
            throw new HistoryException("the history " + shown + " holds no entry of suite " + suite + " to compare"
                    + " with" + (suiteEntries.isEmpty() ? "" : " but these runs' own") + ": record the reference's"
                    + " runs first (duel run records them; duel history import FOLDER)");
        }
        String kind = null;
        List<HistoryEntry> matched = List.of();
        String ref = reference.trim();
        String lower = ref.toLowerCase(Locale.ROOT);
        List<Way> ways = List.of(
                new Way("entry", e -> e.id().equals(ref)),
                new Way(
                        "commit",
                        e -> ref.length() >= 4
                                && e.provenance().commit() != null
                                && e.provenance()
                                        .commit()
                                        .toLowerCase(Locale.ROOT)
                                        .startsWith(lower)),
                new Way("tag", e -> ref.equals(e.provenance().tag())),
                new Way("label", e -> ref.equals(e.provenance().label())),
                new Way("branch", e -> ref.equals(e.provenance().branch())));
        for (Way way : ways) {
            List<HistoryEntry> found = candidates.stream().filter(way.names()).toList();
            if (!found.isEmpty()) {
                kind = way.kind();
                matched = found;
                break;
            }
        }
        if (kind == null) {
            throw new HistoryException("no entry of suite " + suite + " in the history " + shown + " is " + ref
                    + " (an entry id, a commit, a tag, a label or a branch); it holds " + known(candidates));
        }
        List<HistoryEntry> here = matched.stream()
                .filter(e ->
                        e.fingerprint() == null || fingerprints.isEmpty() || fingerprints.contains(e.fingerprint()))
                .toList();
        List<String> notes = new ArrayList<>();
        if (here.isEmpty()) {
            Set<String> theirs = new LinkedHashSet<>();
            matched.forEach(e -> theirs.add(e.fingerprint()));
            String apart = ref + " was measured on machine " + String.join(", ", theirs) + ", these runs on "
                    + String.join(", ", fingerprints);
            if (!allowDistant) {
                throw new HistoryException(apart + ": a report does not compare runs of different machines"
                        + " (--allow-distant compares them anyway, under a label)");
            }
            notes.add("COMPARED DESPITE: " + apart + "; the machines' own difference is in every row");
            here = matched;
        } else if (here.size() < matched.size()) {
            notes.add((matched.size() - here.size()) + " entr" + (matched.size() - here.size() == 1 ? "y" : "ies")
                    + " of " + ref + " on another machine left out");
        }
        if (kind.equals("branch") && here.size() > BRANCH_ENTRIES) {
            here = here.subList(here.size() - BRANCH_ENTRIES, here.size());
        }
        return new HistoryBaseline(ref, described(kind, ref, here), notes, here);
    }

    /** One way a reference can name entries, tried in order. */
    private record Way(String kind, Predicate<HistoryEntry> names) {}

    /** The reference's values for {@link PastComparisons}: every matched entry's runs of that scenario, target, measure. */
    public PastComparisons.Lookup lookup() {
        return (scenario, target, measure) -> {
            List<Double> values = new ArrayList<>();
            List<Double> centrals = new ArrayList<>();
            for (HistoryEntry entry : entries) {
                for (HistoryEntry.Measurement m : entry.measurements()) {
                    if (m.scenario().equals(scenario)
                            && m.target().equals(target)
                            && m.measure().equals(measure)) {
                        m.values().stream().filter(v -> !Double.isNaN(v)).forEach(values::add);
                        if (!Double.isNaN(m.central())) {
                            centrals.add(m.central());
                        }
                    }
                }
            }
            return values.isEmpty() ? null : new PastComparisons.Past(values, centrals);
        };
    }

    /** "the last 5 entries on branch main (commits 1a2b3c4 to 9f8e7d6, 2026-12-01 to 2026-12-05)". */
    private static String described(String kind, String ref, List<HistoryEntry> entries) {
        HistoryEntry first = entries.get(0);
        HistoryEntry last = entries.get(entries.size() - 1);
        String count = entries.size() == 1 ? "1 entry" : entries.size() + " entries";
        String what = switch (kind) {
            case "entry" -> "entry " + ref;
            case "commit" -> count + " of commit " + ref;
            case "branch" -> (entries.size() == 1 ? "the last entry" : "the last " + count) + " on branch " + ref;
            default -> count + " with " + kind + " " + ref;
        };
        List<String> parts = new ArrayList<>();
        if (!kind.equals("commit") && first.provenance().commit() != null) {
            String a = HistoryEntry.Provenance.abbreviated(first.provenance().commit());
            String b = last.provenance().commit() == null
                    ? a
                    : HistoryEntry.Provenance.abbreviated(last.provenance().commit());
            parts.add(a.equals(b) ? "commit " + a : "commits " + a + " to " + b);
        }
        String from = DAY.format(first.recordedAt());
        String to = DAY.format(last.recordedAt());
        parts.add(from.equals(to) ? "run " + from : "run " + from + " to " + to);
        if (first.fingerprint() != null) {
            parts.add("machine " + first.fingerprint());
        }
        return what + " (" + String.join(", ", parts) + ")";
    }

    /** "branches main, feature/pool; the newest entries h-... (commit 9f8e7d6), ...": what a reference could be. */
    private static String known(List<HistoryEntry> entries) {
        Set<String> branches = new LinkedHashSet<>();
        Set<String> tags = new LinkedHashSet<>();
        entries.forEach(e -> {
            if (e.provenance().branch() != null) {
                branches.add(e.provenance().branch());
            }
            if (e.provenance().tag() != null) {
                tags.add(e.provenance().tag());
            }
        });
        List<String> newest = new ArrayList<>();
        for (int i = entries.size() - 1; i >= 0 && newest.size() < 3; i--) {
            HistoryEntry e = entries.get(i);
            newest.add(e.id()
                    + (e.provenance().commit() == null
                            ? ""
                            : " (commit "
                                    + HistoryEntry.Provenance.abbreviated(
                                            e.provenance().commit()) + ")"));
        }
        return (branches.isEmpty() ? "no branch" : "branch(es) " + String.join(", ", branches))
                + (tags.isEmpty() ? "" : ", tag(s) " + String.join(", ", tags))
                + "; the newest entries: " + String.join(", ", newest);
    }
}
