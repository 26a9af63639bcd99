package dev.duel.history;

import dev.duel.history.capture.CiProvenance;
import dev.duel.history.capture.CommitTime;
import dev.duel.history.capture.EntryId;
import dev.duel.history.capture.ReportConclusions;
import dev.duel.report.ReportBuilder;
import dev.duel.report.ReportException;
import dev.duel.report.ReportOptions;
import dev.duel.report.model.Report;
import dev.duel.report.read.ResultsReader;
import dev.duel.report.read.RunData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Entries made from results folders: the report {@code duel report} would build of the folder, its conclusions, its
 * environment fingerprint, the suite file's hash, and where the code came from. Stateless.
 */
public final class HistoryEntries {
    private HistoryEntries() {}

    /**
     * The entry of one results folder.
     *
     * @param given       provenance given on the command line (null parts where not given)
     * @param environment the process's environment, where a CI says the commit, branch and run page
     * @throws HistoryException the folder holds no runs, runs of several suites, or runs of several machines
     */
    public static HistoryEntry of(Path folder, HistoryEntry.Provenance given, Map<String, String> environment)
            throws HistoryException {
        return of(folder, given, environment, commit -> CommitTime.inRepository(commit, Path.of("")));
    }

    /**
     * The entry of one results folder, the commit's time (when neither given nor found in the environment) from
     * {@code commitTimes} (null: unknown).
     */
    public static HistoryEntry of(
            Path folder,
            HistoryEntry.Provenance given,
            Map<String, String> environment,
            java.util.function.Function<String, Instant> commitTimes)
            throws HistoryException {
        ResultsReader.Results results;
        Report report;
        try {
            results = new ResultsReader().read(List.of(folder));
            if (results.runs().isEmpty()) {
                throw new HistoryException(folder + " holds no run records: nothing to record");
            }
            report = new ReportBuilder(results, ReportOptions.DEFAULT).build();
        } catch (ReportException e) {
            throw new HistoryException(e.getMessage(), e);
        }
        Set<String> fingerprints = new LinkedHashSet<>();
        Set<String> suites = new LinkedHashSet<>();
        Instant ended = Instant.EPOCH;
        String duelVersion = null;
        for (RunData run : results.runs()) {
            if (run.environment() != null) {
                fingerprints.add(run.environment());
            }
            suites.add(run.record().suite());
            if (run.endedAt() != null && run.endedAt().isAfter(ended)) {
                ended = run.endedAt();
            }
            duelVersion = run.duelVersion();
        }
        if (suites.size() > 1) {
            throw new HistoryException(folder + " holds runs of " + suites.size() + " suites ("
                    + String.join(", ", suites) + "): a history entry is one suite's; record each suite's folder");
        }
        if (fingerprints.size() > 1) {
            throw new HistoryException(folder + " holds runs of " + fingerprints.size() + " machines ("
                    + String.join(", ", fingerprints) + "): a history entry is one machine's, as a report is");
        }
        String suite = suites.iterator().next();
        HistoryEntry.Provenance provenance = CiProvenance.of(given, environment);
        if (provenance.commit() != null && provenance.committedAt() == null) {
            provenance = provenance.committedAt(commitTimes.apply(provenance.commit()));
        }
        return new HistoryEntry(
                id(suite, results.runs()),
                suite,
                suiteSha256(folder.resolve("suite.yaml")),
                fingerprints.isEmpty() ? null : fingerprints.iterator().next(),
                duelVersion,
                provenance,
                ended,
                folder.toString(),
                report.baseline(),
                ReportConclusions.measurements(report),
                ReportConclusions.comparisons(report));
    }

    /** The id of the entry of {@code suite}'s {@code runs}: the same runs, recorded again, are the same entry. */
    public static String id(String suite, List<RunData> runs) {
        return EntryId.of(
                suite,
                runs.stream()
                        .map(run -> run.target() + "#" + run.index() + "." + run.attempt() + "@" + run.startedAt())
                        .toList());
    }

    /** SHA-256 of the suite file the folder keeps, or null when it keeps none. */
    private static String suiteSha256(Path suiteFile) throws HistoryException {
        if (!Files.isRegularFile(suiteFile)) {
            return null;
        }
        try {
            return EntryId.sha256(Files.readAllBytes(suiteFile));
        } catch (IOException e) {
            throw new HistoryException("cannot read " + suiteFile + ": " + e.getMessage(), e);
        }
    }
}
