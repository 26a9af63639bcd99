package dev.duel.cli;

import dev.duel.history.HistoryChanges;
import dev.duel.history.HistoryEntries;
import dev.duel.history.HistoryEntry;
import dev.duel.history.HistoryException;
import dev.duel.history.HistoryPoint;
import dev.duel.history.HistoryStore;
import dev.duel.history.changes.ChangePoints;
import dev.duel.record.DuelVersion;
import dev.duel.report.model.Format;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code duel history}: what each report concluded, kept across runs and commits. */
@Command(
        name = "history",
        header = "Keep what each report concluded across commits; find where it moved.",
        description = {
            "A history holds, per suite, scenario, target and measure, what each report concluded (the value, its "
                    + "runs, each comparison's ratio, interval and verdict), the machine's fingerprint, and where the code "
                    + "came from (commit, branch, tag, CI run: given, or read from GitHub Actions, GitLab CI or Jenkins)."
        },
        footer = {
            "",
            "Examples:",
            "  duel history import results/jdk17-vs-jdk25",
            "  duel history import results/nightly \\",
            "      --history 'jdbc:postgresql://db.example/duel?user=ci'",
            "  duel history changes --fail-on-change",
            "  duel history report --against main --out trend.html",
            "  duel history acknowledge h-3f5fd058408c --reason 'the pool grew on purpose'",
            "",
            ExitCodes.HELP
        },
        subcommands = {
            HistoryCommand.Import.class,
            HistoryCommand.Changes.class,
            HistoryCommand.Acknowledge.class,
            HistoryCommand.Report.class,
            HistoryCommand.Export.class
        },
        mixinStandardHelpOptions = true,
        versionProvider = Duel.Version.class)
final class HistoryCommand implements Callable<Integer> {
    /** Where a history is when none is given: beside the results folders. */
    static final String DEFAULT_HISTORY = "results/history.db";

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** Bare {@code duel history}: its help, and a usage error's exit. */
    @Override
    public Integer call() {
        spec.commandLine().usage(System.err);
        return ExitCodes.USAGE;
    }

    /** Where the history is: the one option every history command shares. */
    static final class Store {
        @Option(
                names = "--history",
                paramLabel = "FILE|URL",
                description = "an SQLite file or a jdbc:postgresql: URL (default: " + DEFAULT_HISTORY + ")")
        String history = DEFAULT_HISTORY;
    }

    @Command(
            name = "changes",
            header = "List where each series of a history moved to another level.",
            description = {
                "A series is one measure of one target in one scenario of one suite on one machine, oldest first. A "
                        + "change needs 4 entries on each side; its size is the ratio of the two sides' geometric means with "
                        + "a 95%% interval, its significance a rank CUSUM against 999 seeded permutations (a change in about "
                        + "1%% of step-free series): docs/history.md."
            },
            footer = {
                "",
                "Examples:",
                "  duel history changes",
                "  duel history changes --suite jdk17-vs-jdk25 --fail-on-change",
                "",
                ExitCodes.HELP
            },
            sortOptions = false,
            mixinStandardHelpOptions = true,
            versionProvider = Duel.Version.class)
    static final class Changes implements Callable<Integer> {
        @picocli.CommandLine.Mixin
        Store store = new Store();

        @Option(names = "--suite", description = "only this suite's series")
        String suite;

        @Option(names = "--fail-on-change", description = "exit 1 when a change is found (a nightly job's check)")
        boolean failOnChange;

        @Override
        public Integer call() {
            ChangePoints.Settings settings = ChangePoints.Settings.DEFAULT;
            try (HistoryStore history = HistoryStore.openExisting(store.history, DuelVersion.current())) {
                List<HistoryPoint> points = history.points().stream()
                        .filter(p -> suite == null || p.series().suite().equals(suite))
                        .toList();
                HistoryChanges.Found found = HistoryChanges.of(points, history.acknowledged(), settings);
                long searched = found.series().stream()
                        .filter(s -> s.values() >= 2 * settings.minSegment())
                        .count();
                System.out.printf(
                        Locale.ROOT,
                        "history %s: %d series, %d with %d or more values (a change needs %d on each side)%n",
                        history.shown(),
                        found.series().size(),
                        searched,
                        2 * settings.minSegment(),
                        settings.minSegment());
                List<HistoryChanges.SeriesChange> open =
                        found.changes().stream().filter(c -> !c.acknowledged()).toList();
                for (HistoryChanges.SeriesChange change : open) {
                    System.out.println(line(change));
                }
                for (HistoryChanges.SeriesChange change : found.changes()) {
                    if (change.acknowledged()) {
                        System.out.println(
                                "acknowledged: " + line(change) + "; because " + change.acknowledgedBecause());
                    }
                }
                if (found.changes().isEmpty()) {
                    System.out.println(searched == 0 ? "no series is long enough to search yet" : "no change found");
                } else if (open.isEmpty()) {
                    System.out.println("no change that is not acknowledged");
                }
                return failOnChange && !open.isEmpty() ? ExitCodes.CHECKS_FAILED : ExitCodes.OK;
            } catch (HistoryException e) {
                System.err.println("duel: history changes: " + e.getMessage());
                return ExitCodes.USAGE;
            }
        }

        /**
         * "demo / json / jdk25 / requests/s (machine c710ce728609): from h-3f5fd058408c (commit 9f8e7d6,
         * 2026-12-05 10:00 UTC) on, -8.4% (95% CI -12% to -4.9%), 12 runs before, 9 after (p 0.002)".
         */
        static String line(HistoryChanges.SeriesChange c) {
            ChangePoints.Change change = c.change();
            String at = c.first().entryId()
                    + (c.first().commit() != null ? ", commit " + c.first().commit() : "")
                    + ", "
                    + java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT)
                            .withZone(java.time.ZoneOffset.UTC)
                            .format(c.first().recordedAt());
            String interval = change.low() > 0 && Double.isFinite(change.high())
                    ? " (95% CI " + Format.change(change.low()) + " to " + Format.change(change.high()) + ")"
                    : "";
            return String.format(
                    Locale.ROOT,
                    "%s%s: from %s on, %s%s, %d entries before, %d after (p %.3f)",
                    c.series().name(),
                    c.series().fingerprint() == null
                            ? ""
                            : " (machine " + c.series().fingerprint() + ")",
                    at,
                    Format.change(change.ratio()),
                    interval,
                    change.runsBefore(),
                    change.runsAfter(),
                    change.pValue());
        }
    }

    @Command(
            name = "acknowledge",
            header = "Note that the changes beginning at an entry are expected, and why.",
            description = {
                "Every change duel history changes finds beginning at ENTRY (of --measure only, when given) is "
                        + "listed apart from then on, with the reason, and no longer fails --fail-on-change."
            },
            footer = {
                "",
                "Examples:",
                "  duel history acknowledge h-3f5fd058408c --reason 'JDK 25: the young generation grew on purpose'",
                "  duel history acknowledge h-3f5fd058408c --measure p99 --reason 'logging moved off the request path'",
                "",
                ExitCodes.HELP
            },
            sortOptions = false,
            mixinStandardHelpOptions = true,
            versionProvider = Duel.Version.class)
    static final class Acknowledge implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "ENTRY", description = "the entry where the change begins (h-...)")
        String entry;

        @Option(names = "--reason", required = true, description = "why the change is expected")
        String reason;

        @Option(names = "--measure", paramLabel = "KEY", description = "only this measure's changes (rps, p99, ...)")
        String measure;

        @picocli.CommandLine.Mixin
        Store store = new Store();

        @Override
        public Integer call() {
            try (HistoryStore history = HistoryStore.openExisting(store.history, DuelVersion.current())) {
                List<HistoryChanges.SeriesChange> noted =
                        history.acknowledge(entry, measure, reason, ChangePoints.Settings.DEFAULT);
                for (HistoryChanges.SeriesChange change : noted) {
                    System.out.println("acknowledged: " + Changes.line(change));
                }
                if (noted.isEmpty()) {
                    System.out.println("already acknowledged: every change beginning at " + entry);
                }
                return ExitCodes.OK;
            } catch (HistoryException e) {
                System.err.println("duel: history acknowledge: " + e.getMessage());
                return ExitCodes.USAGE;
            }
        }
    }

    @Command(
            name = "report",
            header = "Write a page of each measure over commits, with intervals and changes.",
            description = {
                "One self-contained HTML file (uPlot inlined: no network): per suite, scenario, measure and "
                        + "machine, a chart with a line per target over the entries in commit order, each point with the 95%% "
                        + "interval of its runs, each change found marked at its commit, --against's band; a table under each "
                        + "chart."
            },
            footer = {
                "",
                "Examples:",
                "  duel history report",
                "  duel history report --suite nightly --against main --measure rps --measure p99 \\",
                "      --out trend.html",
                "",
                ExitCodes.HELP
            },
            sortOptions = false,
            mixinStandardHelpOptions = true,
            versionProvider = Duel.Version.class)
    static final class Report implements Callable<Integer> {
        @Option(names = "--suite", description = "only this suite (default: every suite in the history)")
        String suite;

        @Option(
                names = "--measure",
                paramLabel = "KEY",
                description = "a measure to draw; repeatable (default: rps, p99, cpu)")
        List<String> measures = new java.util.ArrayList<>();

        @Option(
                names = "--against",
                paramLabel = "REF",
                description = "shade the band of REF's entries: a branch (its last 5), a tag, a commit, a label")
        String against;

        @Option(
                names = "--out",
                paramLabel = "FILE",
                description = "where the page goes (default: history.html beside an SQLite history, else here)")
        Path out;

        @picocli.CommandLine.Mixin
        Store store = new Store();

        @Override
        public Integer call() {
            java.util.Set<String> keys =
                    new java.util.LinkedHashSet<>(measures.isEmpty() ? List.of("rps", "p99", "cpu") : measures);
            try (HistoryStore history = HistoryStore.openExisting(store.history, DuelVersion.current())) {
                List<String> suites = history.suites();
                if (suite != null && !suites.contains(suite)) {
                    System.err.println("duel: history report: no suite " + suite + " in the history " + history.shown()
                            + "; it holds " + (suites.isEmpty() ? "none" : String.join(", ", suites)));
                    return ExitCodes.USAGE;
                }
                java.util.Map<String, List<HistoryEntry>> entries = new java.util.LinkedHashMap<>();
                List<HistoryEntry> band = new java.util.ArrayList<>();
                for (String name : suite == null ? suites : List.of(suite)) {
                    List<HistoryEntry> suiteEntries = history.entries(name);
                    entries.put(name, suiteEntries);
                    if (against != null) {
                        try {
                            band.addAll(dev.duel.history.HistoryBaseline.resolve(
                                            against,
                                            name,
                                            suiteEntries,
                                            java.util.Set.of(),
                                            null,
                                            true,
                                            history.shown())
                                    .entries());
                        } catch (HistoryException e) {
                            if (suite != null || suites.size() == 1) {
                                throw e;
                            }
                        }
                    }
                }
                if (against != null && band.isEmpty()) {
                    throw new HistoryException("no entry in the history " + history.shown() + " is " + against
                            + " (a branch, tag, commit, label or entry id)");
                }
                HistoryChanges.Found found = HistoryChanges.of(
                        history.points().stream()
                                .filter(p -> entries.containsKey(p.series().suite()))
                                .toList(),
                        history.acknowledged(),
                        ChangePoints.Settings.DEFAULT);
                String page = dev.duel.history.trend.TrendPage.render(
                        history.shown(),
                        entries,
                        found.changes(),
                        keys,
                        against == null ? null : new dev.duel.history.trend.TrendPage.Reference(against, band),
                        dev.duel.report.render.HtmlRenderer.Library.uplot());
                Path file = out != null ? out : defaultPage(store.history);
                try {
                    dev.duel.suite.store.AtomicJson.writeBytes(
                            file, page.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                } catch (java.io.IOException e) {
                    System.err.println("duel: history report: cannot write " + file + " (" + e.getMessage()
                            + "); give a writable --out");
                    return ExitCodes.USAGE;
                }
                long open =
                        found.changes().stream().filter(c -> !c.acknowledged()).count();
                System.out.printf(
                        Locale.ROOT,
                        "history report: %s (%d suite(s), %d entries, %d change(s) not acknowledged)%n",
                        file,
                        entries.size(),
                        entries.values().stream().mapToInt(List::size).sum(),
                        open);
                return ExitCodes.OK;
            } catch (HistoryException e) {
                System.err.println("duel: history report: " + e.getMessage());
                return ExitCodes.USAGE;
            }
        }

        /** history.html beside an SQLite history; in the working folder for a PostgreSQL one. */
        static Path defaultPage(String history) {
            try {
                dev.duel.history.store.StoreLocation where = dev.duel.history.store.StoreLocation.of(history);
                if (where.file() != null) {
                    return where.file().resolveSibling("history.html");
                }
            } catch (IllegalArgumentException e) {
                // the store's own open says what is wrong with it
            }
            return Path.of("history.html");
        }
    }

    @Command(
            name = "export",
            header = "Write one suite's history as Otava's CSV, Bencher's BMF or github-action-benchmark's JSON.",
            description = {
                "csv: every entry, oldest first, a column per series (Apache Otava reads it). bmf, and "
                        + "benchmark-action-bigger and -smaller (customBiggerIsBetter, customSmallerIsBetter): the newest "
                        + "entry."
            },
            footer = {
                "",
                "Examples:",
                "  duel history export --format csv --suite nightly --out nightly.csv",
                "  duel history export --format benchmark-action-bigger --suite nightly --out bigger.json",
                "",
                ExitCodes.HELP
            },
            sortOptions = false,
            mixinStandardHelpOptions = true,
            versionProvider = Duel.Version.class)
    static final class Export implements Callable<Integer> {
        @Option(
                names = "--format",
                required = true,
                paramLabel = "FORMAT",
                description = "csv, bmf, benchmark-action-bigger or benchmark-action-smaller")
        String format;

        @Option(names = "--suite", description = "the suite (needed when the history holds several)")
        String suite;

        @Option(names = "--out", paramLabel = "FILE", description = "write to FILE (default: standard output)")
        Path out;

        @picocli.CommandLine.Mixin
        Store store = new Store();

        @Override
        public Integer call() {
            dev.duel.history.export.Exports.Format chosen = dev.duel.history.export.Exports.Format.named(format);
            if (chosen == null) {
                System.err.println("duel: history export: --format " + format
                        + " is not one of csv, bmf, benchmark-action-bigger, benchmark-action-smaller");
                return ExitCodes.USAGE;
            }
            try (HistoryStore history = HistoryStore.openExisting(store.history, DuelVersion.current())) {
                List<String> suites = history.suites();
                String name = suite;
                if (name == null && suites.size() == 1) {
                    name = suites.get(0);
                }
                if (name == null || !suites.contains(name)) {
                    System.err.println("duel: history export: "
                            + (suites.isEmpty()
                                    ? "the history " + history.shown() + " is empty: duel history import records"
                                            + " results folders"
                                    : (name == null ? "" : "no suite " + name + "; ") + "give --suite, one of "
                                            + String.join(", ", suites)));
                    return ExitCodes.USAGE;
                }
                String text = dev.duel.history.export.Exports.write(chosen, history.entries(name));
                if (out == null) {
                    System.out.print(text);
                } else {
                    try {
                        dev.duel.suite.store.AtomicJson.writeBytes(
                                out, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                    } catch (java.io.IOException e) {
                        System.err.println("duel: history export: cannot write " + out + " (" + e.getMessage()
                                + "); give a writable --out");
                        return ExitCodes.USAGE;
                    }
                }
                return ExitCodes.OK;
            } catch (HistoryException e) {
                System.err.println("duel: history export: " + e.getMessage());
                return ExitCodes.USAGE;
            }
        }
    }

    @Command(
            name = "import",
            header = "Record results folders in a history; one recorded before is kept once.",
            description = {
                "Builds the report of each folder, as duel report would, and records its conclusions in one "
                        + "transaction. Results folders stay the source of truth: importing them all again rebuilds a "
                        + "history."
            },
            footer = {
                "",
                "Examples:",
                "  duel history import results/jdk17-vs-jdk25 --label nightly",
                "  duel history import results/pr-42 --commit 9f8e7d6 --branch feature/pool \\",
                "      --history results/history.db",
                "",
                ExitCodes.HELP
            },
            sortOptions = false,
            mixinStandardHelpOptions = true,
            versionProvider = Duel.Version.class)
    static final class Import implements Callable<Integer> {
        @Parameters(arity = "1..*", paramLabel = "FOLDER", description = "results folders that duel run wrote")
        List<Path> folders;

        @picocli.CommandLine.Mixin
        Store store = new Store();

        @picocli.CommandLine.Mixin
        ProvenanceOptions provenance = new ProvenanceOptions();

        @Override
        public Integer call() {
            HistoryEntry.Provenance given = provenance.given();
            try (HistoryStore history = HistoryStore.open(store.history, DuelVersion.current())) {
                for (Path folder : folders) {
                    HistoryEntry entry = HistoryEntries.of(folder, given, System.getenv());
                    boolean recorded = history.record(entry);
                    System.out.printf(
                            java.util.Locale.ROOT,
                            "%s %s as %s: suite %s, %d values, %d comparisons%n",
                            recorded ? "recorded" : "already held",
                            folder,
                            entry.id(),
                            entry.suite(),
                            entry.measurements().size(),
                            entry.comparisons().size());
                }
                System.out.println("history: " + history.shown());
                return ExitCodes.OK;
            } catch (HistoryException e) {
                System.err.println("duel: history import: " + e.getMessage());
                return ExitCodes.USAGE;
            }
        }
    }
}
