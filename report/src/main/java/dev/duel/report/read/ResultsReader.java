package dev.duel.report.read;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.duel.analysis.RatioVerdict;
import dev.duel.record.Environment;
import dev.duel.record.RecordException;
import dev.duel.record.RecordJson;
import dev.duel.record.RepetitionDecision;
import dev.duel.report.ReportException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Reads results folders written by {@code duel run}: every run record (final ones and discarded
 * attempts), the environment capture and the decision about repetitions, into the records' own types
 * ({@link RecordJson}), and the suite's name and thresholds from its copy of the suite file. Each run counts once,
 * however many of the folders hold its record ({@link RunIdentity}): a folder given twice, or a copy of one, adds
 * nothing. Reads only; stateless.
 */
public final class ResultsReader {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /**
     * Everything found in the folders, in the order given; runs sorted by folder, then file name.
     *
     * @param runs        every run once (its first record found), in the order read
     * @param thresholds  the suite files' thresholds, each once
     * @param suites      the suites' names, each once
     * @param repetitions each folder's {@code repetitions.json} (a suite that repeated until an interval was narrow:
     *                    why it stopped), in the order of the folders, each decision once; empty when none has one
     * @param duplicates  the records left out because they hold a run already read, in the order found
     * @param sameWithin  the equivalence margin the first suite file that names one gives ({@code sameWithin: 3%}),
     *                    else {@link RatioVerdict#DEFAULT_SAME_WITHIN}
     * @param skipped     the files left out because they are not records that can be read (hidden, truncated,
     *                    unreadable), each with why, in the order found: the report names them and goes on
     */
    public record Results(
            List<RunData> runs,
            Map<String, Environment> environments,
            List<String> thresholds,
            List<String> suites,
            List<RepetitionDecision> repetitions,
            List<Duplicate> duplicates,
            double sameWithin,
            List<Skipped> skipped) {
        public Results {
            skipped = List.copyOf(skipped);
            runs = List.copyOf(runs);
            environments = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(environments));
            thresholds = List.copyOf(new LinkedHashSet<>(thresholds));
            suites = List.copyOf(new LinkedHashSet<>(suites));
            repetitions = List.copyOf(new LinkedHashSet<>(repetitions));
            duplicates = List.copyOf(duplicates);
        }
    }

    /**
     * A record left out because an earlier one holds the same run, with the same content.
     *
     * @param source      the results folder it was found in, as given
     * @param file        its file
     * @param firstSource the folder, as given, of the record read instead
     * @param first       the record read instead
     */
    public record Duplicate(String source, Path file, String firstSource, Path first) {}

    /**
     * A file of a results folder left out of the report: not a record duel wrote (a hidden file such as macOS's
     * {@code ._001-a-json.json} or an editor's), or one that cannot be read whole (truncated by a full disk, no read
     * permission).
     *
     * @param file the file
     * @param why  why, in a sentence that names the file
     */
    public record Skipped(Path file, String why) {}

    /** What a report needs of the suite file kept in a results folder; the rest is the suite's business. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record SuiteHeader(String name, List<String> thresholds, String sameWithin) {}

    public Results read(List<Path> directories) throws ReportException {
        List<RunData> runs = new ArrayList<>();
        Map<String, Environment> environments = new LinkedHashMap<>();
        List<String> thresholds = new ArrayList<>();
        List<String> suites = new ArrayList<>();
        List<RepetitionDecision> repetitions = new ArrayList<>();
        Double sameWithin = null;
        Map<RunIdentity, Found> found = new LinkedHashMap<>();
        List<Duplicate> duplicates = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        for (Path directory : directories) {
            Path runsFolder = directory.resolve("runs");
            if (!Files.exists(directory)) {
                throw new ReportException(directory + " does not exist: give the results folder that `duel run` wrote"
                        + " (e.g. results/jdk17-vs-jdk25)");
            }
            if (!Files.isDirectory(runsFolder)) {
                throw new ReportException(
                        directory + " holds no runs/ folder: give the results folder that `duel run` wrote "
                                + "(e.g. results/jdk17-vs-jdk25)");
            }
            Path envFile = directory.resolve("env.json");
            if (Files.exists(envFile)) {
                try {
                    Environment env = RecordJson.readEnvironment(envFile);
                    environments.put(env.fingerprint(), env);
                } catch (RecordException e) { // the runs carry their environment's fingerprint; its words are lost
                    skipped.add(new Skipped(envFile, reason(envFile, e)));
                }
            }
            Path repetitionsFile = directory.resolve("repetitions.json");
            if (Files.exists(repetitionsFile)) {
                try {
                    String text = Files.readString(repetitionsFile);
                    if (text.stripLeading().startsWith("[")) {
                        // A rule over several scenarios writes each one's decision.
                        for (com.fasterxml.jackson.databind.JsonNode decision :
                                new com.fasterxml.jackson.databind.ObjectMapper().readTree(text)) {
                            repetitions.add(RecordJson.read(
                                    decision.toString(), repetitionsFile.toString(), RepetitionDecision.class));
                        }
                    } else {
                        repetitions.add(RecordJson.read(text, repetitionsFile.toString(), RepetitionDecision.class));
                    }
                } catch (IOException | RecordException e) { // why the suite stopped repeating: the runs remain
                    skipped.add(new Skipped(repetitionsFile, reason(repetitionsFile, e)));
                }
            }
            Path suiteCopy = directory.resolve("suite.yaml");
            if (Files.exists(suiteCopy)) {
                try {
                    SuiteHeader suite = YAML.readValue(suiteCopy.toFile(), SuiteHeader.class);
                    suites.add(
                            suite == null || suite.name() == null
                                    ? directory.getFileName().toString()
                                    : suite.name());
                    if (suite != null && suite.thresholds() != null) {
                        thresholds.addAll(suite.thresholds());
                    }
                    if (sameWithin == null && suite != null && suite.sameWithin() != null) {
                        sameWithin = percent(suiteCopy, suite.sameWithin());
                    }
                } catch (IOException e) {
                    throw new ReportException(suiteCopy + " is not readable YAML: " + e.getMessage());
                }
            }
            List<Path> files;
            try (Stream<Path> listing = Files.list(runsFolder)) {
                files = listing.filter(f -> f.getFileName().toString().endsWith(".json"))
                        .sorted()
                        .toList();
            } catch (IOException e) {
                throw new ReportException("cannot list " + runsFolder + ": " + e.getMessage());
            }
            for (Path file : files) {
                if (file.getFileName().toString().startsWith(".")) {
                    skipped.add(new Skipped(
                            file,
                            file + " is a hidden file (macOS's '._' copies, an editor's backup), not a record duel"
                                    + " writes"));
                    continue;
                }
                if (!Files.isRegularFile(file)) {
                    skipped.add(new Skipped(file, file + " is not a regular file"));
                    continue;
                }
                RunData run;
                try {
                    run = new RunData(directory.toString(), RecordJson.readRun(file));
                } catch (RecordException e) {
                    skipped.add(new Skipped(file, reason(file, e)));
                    continue;
                }
                RunIdentity identity = RunIdentity.of(run.record());
                Found first = found.putIfAbsent(identity, new Found(run, file));
                if (first == null) {
                    runs.add(run);
                } else if (first.run().record().equals(run.record())) {
                    duplicates.add(new Duplicate(run.source(), file, first.run().source(), first.file()));
                } else {
                    throw new ReportException(
                            identity.conflict(first.file(), first.run().record(), file, run.record()));
                }
            }
        }
        if (runs.isEmpty()) {
            throw new ReportException("no run records in " + directories
                    + (skipped.isEmpty()
                            ? ""
                            : " (left out: "
                                    + String.join(
                                            "; ",
                                            skipped.stream().map(Skipped::why).toList())
                                    + ")")
                    + ": run the suite first (duel run SUITE.yaml)");
        }
        return new Results(
                runs,
                environments,
                thresholds,
                suites,
                repetitions,
                duplicates,
                sameWithin == null ? RatioVerdict.DEFAULT_SAME_WITHIN : sameWithin,
                skipped);
    }

    /** "5%" or "0.05" as a fraction; the suite loader checked it when the suite ran. */
    private static double percent(Path file, String text) throws ReportException {
        String trimmed = text.trim();
        try {
            double value = trimmed.endsWith("%")
                    ? Double.parseDouble(
                                    trimmed.substring(0, trimmed.length() - 1).trim())
                            / 100
                    : Double.parseDouble(trimmed);
            if (value > 0 && value < 1) {
                return value;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new ReportException(file + ": sameWithin is a margin above 0% and below 100%, got '" + text + "'");
    }

    /** The first record found of a run, and its file. */
    private record Found(RunData run, Path file) {}

    /** Why a file could not be read, naming it. */
    private static String reason(Path file, Exception e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.contains(file.toString()) ? message : file + " cannot be read (" + message + ")";
    }
}
