package dev.duel.cli;

import dev.duel.history.HistoryEntry;
import picocli.CommandLine.Option;

/**
 * Where the code under test came from, as a history records it: the options every command that records into a history
 * shares. Each part not given is read from the CI's environment ({@code CiProvenance}). Not thread-safe (one command's).
 */
final class ProvenanceOptions {
    @Option(names = "--commit", description = "the commit of the code under test, for the history (default: the CI's)")
    String commit;

    @Option(names = "--branch", description = "its branch (default: the CI's)")
    String branch;

    @Option(names = "--tag", description = "its tag (default: the CI's)")
    String tag;

    @Option(names = "--ci-url", paramLabel = "URL", description = "the CI run's page (default: the CI's)")
    String ciUrl;

    @Option(names = "--label", description = "a free label for the history: 'nightly', 'before the pool change'")
    String label;

    /** What was given, null parts where nothing was. */
    HistoryEntry.Provenance given() {
        return new HistoryEntry.Provenance(commit, branch, tag, ciUrl, label);
    }
}
