package dev.duel.cli;

import dev.duel.history.HistoryEntries;
import dev.duel.history.HistoryEntry;
import dev.duel.history.HistoryException;
import dev.duel.history.HistoryStore;
import dev.duel.record.DuelVersion;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code duel history}: what each report concluded, kept across runs and commits. */
@Command(
        name = "history",
        header = "Keep what each report concluded across commits: duel history import.",
        description = {
            "A history holds, per suite, scenario, target and measure, what each report concluded (the value, its",
            "runs, each comparison's ratio, interval and verdict), the machine's fingerprint, and where the code",
            "came from (commit, branch, tag, CI run: given, or read from GitHub Actions, GitLab CI or Jenkins)."
        },
        footer = {
            "",
            "Examples:",
            "  duel history import results/jdk17-vs-jdk25",
            "  duel history import results/* --history jdbc:postgresql://db.example/duel?user=ci",
            "",
            ExitCodes.HELP
        },
        subcommands = {HistoryCommand.Import.class},
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

    @Command(
            name = "import",
            header = "Record results folders in a history; one recorded before is kept once.",
            description = {
                "Builds the report of each folder, as duel report would, and records its conclusions in one",
                "transaction. Results folders stay the source of truth: importing them all again rebuilds a history."
            },
            footer = {
                "",
                "Examples:",
                "  duel history import results/jdk17-vs-jdk25 --label nightly",
                "  duel history import results/pr-42 --commit \"$GITHUB_SHA\" --branch feature/pool \\",
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

        @Option(
                names = "--history",
                paramLabel = "FILE|URL",
                description = "an SQLite file or a jdbc:postgresql: URL (default: " + DEFAULT_HISTORY + ")")
        String history = DEFAULT_HISTORY;

        @Option(names = "--commit", description = "the commit of the code under test (default: the CI's)")
        String commit;

        @Option(names = "--branch", description = "its branch (default: the CI's)")
        String branch;

        @Option(names = "--tag", description = "its tag (default: the CI's)")
        String tag;

        @Option(names = "--ci-url", paramLabel = "URL", description = "the CI run's page (default: the CI's)")
        String ciUrl;

        @Option(names = "--label", description = "a free label: 'nightly', 'before the pool change'")
        String label;

        @Override
        public Integer call() {
            HistoryEntry.Provenance given = new HistoryEntry.Provenance(commit, branch, tag, ciUrl, label);
            try (HistoryStore store = HistoryStore.open(history, DuelVersion.current())) {
                for (Path folder : folders) {
                    HistoryEntry entry = HistoryEntries.of(folder, given, System.getenv());
                    boolean recorded = store.record(entry);
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
                System.out.println("history: " + store.shown());
                return ExitCodes.OK;
            } catch (HistoryException e) {
                System.err.println("duel: history import: " + e.getMessage());
                return ExitCodes.USAGE;
            }
        }
    }
}
