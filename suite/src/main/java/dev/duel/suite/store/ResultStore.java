package dev.duel.suite.store;

import dev.duel.record.Environment;
import dev.duel.record.RecordException;
import dev.duel.record.RecordJson;
import dev.duel.record.RepetitionDecision;
import dev.duel.record.RunRecord;
import dev.duel.suite.RunPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * A suite's results folder: {@code suite.yaml} (the suite file it belongs to), {@code env.json},
 * {@code repetitions.json} (a suite that repeats until an interval is narrow: why it stopped), and in
 * {@code runs/} one JSON record per run (written
 * atomically), one per discarded attempt beside it, the run's log, and an {@code .inflight} marker
 * while a run is under way, so that a suite killed mid-run redoes exactly that run on resume; in {@code aot/}
 * the AOT cache of each target with {@code aotCache:}, what its training made, and the training's log.
 * Nothing is ever overwritten except an in-flight run's own partial log, a failed training's files, and the AOT
 * cache's digest, filled into {@code inputs.json} once the cache exists. Not thread-safe: one
 * runner per folder.
 */
public final class ResultStore {
    /** The file of {@link #writeRepetitions}, beside {@code env.json}. */
    public static final String REPETITIONS = "repetitions.json";

    private final Path directory;
    private final Path runs;

    public ResultStore(Path directory) {
        this.directory = directory;
        this.runs = directory.resolve("runs");
    }

    public Path directory() {
        return directory;
    }

    /** Removes temp files of writes that a killed suite left half done; records are never touched. */
    public void removeUnfinishedWrites() throws IOException {
        for (Path folder : new Path[] {directory, runs}) {
            if (!Files.isDirectory(folder)) {
                continue;
            }
            try (Stream<Path> files = Files.list(folder)) {
                for (Path file : files.filter(f -> f.getFileName().toString().startsWith(".")
                                && f.toString().endsWith(".tmp"))
                        .toList()) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    /** What the folder's first runs were measured with ({@code inputs.json}), or null when it has none yet. */
    public RunInputs inputs() throws IOException {
        Path file = directory.resolve("inputs.json");
        if (!Files.exists(file)) {
            return null;
        }
        try {
            return RecordJson.read(
                    RunInputs.withFieldsAddedSince(Files.readString(file)), file.toString(), RunInputs.class);
        } catch (RecordException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /**
     * Keeps the inputs of the folder's first runs as {@code inputs.json}; those of a session that resumed
     * across a change are kept beside it, dated ({@code inputs-<instant>.json}).
     */
    public void writeInputs(RunInputs inputs) throws IOException {
        Path first = directory.resolve("inputs.json");
        AtomicJson.write(
                Files.exists(first)
                        ? directory.resolve("inputs-" + Instant.now().toString().replace(':', '-') + ".json")
                        : first,
                inputs);
    }

    /** The AOT cache of a target with {@code aotCache:}: {@code aot/<target>.aot}. */
    public Path aotCache(String target) {
        return directory.resolve("aot").resolve(target + ".aot");
    }

    /** The training JVM's log: {@code aot/<target>-training.log}. */
    public Path aotTrainingLog(String target) {
        return directory.resolve("aot").resolve(target + "-training.log");
    }

    private Path aotCacheInfoFile(String target) {
        return directory.resolve("aot").resolve(target + ".json");
    }

    /** What {@code target}'s training made ({@code aot/<target>.json}), or null when there is none or it is unreadable. */
    public RunRecord.AotCache aotCacheInfo(String target) {
        Path file = aotCacheInfoFile(target);
        try {
            return Files.exists(file)
                    ? RecordJson.read(Files.readString(file), file.toString(), RunRecord.AotCache.class)
                    : null;
        } catch (IOException | RecordException e) {
            return null; // trained again, and the digest check of inputs.json says whether runs used another cache
        }
    }

    /**
     * Keeps what {@code target}'s training made, and fills its cache's digest into {@code inputs.json} unless it is
     * there: the one field of the folder's inputs filled in later, since the cache exists only once trained.
     */
    public void writeAotCacheInfo(String target, RunRecord.AotCache info) throws IOException {
        AtomicJson.write(aotCacheInfoFile(target), info);
        RunInputs first = inputs();
        RunInputs.TargetInputs entry = first == null ? null : first.target(target);
        if (entry != null && entry.aotCacheSha256() == null) {
            AtomicJson.write(directory.resolve("inputs.json"), first.withAotCache(target, info.sha256()));
        }
    }

    /** True when the folder holds a record of any run (final or discarded). */
    public boolean hasRuns() throws IOException {
        if (!Files.isDirectory(runs)) {
            return false;
        }
        try (Stream<Path> files = Files.list(runs)) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(".json")
                    && !f.getFileName().toString().startsWith("."));
        }
    }

    /** Keeps the first environment of the folder; a resumed suite's is kept beside it, dated. */
    public void writeEnvironment(Environment environment) throws IOException {
        Path first = directory.resolve("env.json");
        Path target = Files.exists(first)
                ? directory.resolve("env-" + Instant.now().toString().replace(':', '-') + ".json")
                : first;
        AtomicJson.write(target, environment);
    }

    public Path recordFile(RunPlan plan) {
        return runs.resolve(plan.fileStem() + ".json");
    }

    /** True once the run has its final record (ok, failed, invalid, or discarded past its retries). */
    public boolean done(RunPlan plan) {
        return Files.isRegularFile(recordFile(plan));
    }

    /** The run's final record, read back as the report would read it. */
    public RunRecord finalRecord(RunPlan plan) throws IOException {
        try {
            return RecordJson.readRun(recordFile(plan));
        } catch (RecordException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** The discarded attempts kept beside the run's final record (or before it is made), in no particular order. */
    public java.util.List<RunRecord> discardedRecords(RunPlan plan) throws IOException {
        if (!Files.isDirectory(runs)) {
            return java.util.List.of();
        }
        java.util.List<Path> kept;
        try (Stream<Path> files = Files.list(runs)) {
            kept = files.filter(f -> f.getFileName().toString().startsWith(plan.fileStem() + ".discarded-")
                            && f.getFileName().toString().endsWith(".json"))
                    .toList();
        }
        java.util.List<RunRecord> records = new java.util.ArrayList<>();
        for (Path file : kept) {
            try {
                records.add(RecordJson.readRun(file));
            } catch (RecordException e) {
                throw new IOException(e.getMessage(), e);
            }
        }
        return records;
    }

    /**
     * Keeps the latest decision of a suite with {@code repetitions: {min, max, until}} as
     * {@code repetitions.json}, replacing the previous one: it is recomputed from the records on every
     * resume, so it never holds anything the records cannot give again.
     */
    public void writeRepetitions(RepetitionDecision decision) throws IOException {
        AtomicJson.write(directory.resolve(REPETITIONS), decision);
    }

    /** As above, the decisions of a rule that reads several scenarios as a list (one alone as itself). */
    public void writeRepetitions(List<RepetitionDecision> decisions) throws IOException {
        if (decisions.size() == 1) {
            writeRepetitions(decisions.get(0));
        } else {
            AtomicJson.write(directory.resolve(REPETITIONS), decisions);
        }
    }

    /** The attempts already discarded for noise, so that numbering goes on after a resume. */
    public int discardedAttempts(RunPlan plan) throws IOException {
        if (!Files.isDirectory(runs)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(runs)) {
            return (int) files.filter(f -> f.getFileName().toString().startsWith(plan.fileStem() + ".discarded-"))
                    .count();
        }
    }

    /** True if a previous suite was killed while this run was under way. */
    public boolean wasInFlight(RunPlan plan) {
        return Files.exists(inFlight(plan));
    }

    private void markInFlight(RunPlan plan) throws IOException {
        Files.createDirectories(runs);
        Files.writeString(inFlight(plan), Instant.now().toString());
    }

    /**
     * Marks the run in flight for {@code attempt}, after keeping aside what a killed duel left of this very attempt:
     * its target's log and flight recording move to {@code <stem>.killed-K.log} and {@code .jfr} (K the first free),
     * so that this attempt's own checks (the AOT cache's warnings, the recording) read only its own output and the
     * killed one's stays. A resumed run otherwise appended to the killed attempt's log.
     *
     * @return the files kept aside, empty when there were none
     */
    public java.util.List<Path> startAttempt(RunPlan plan, int attempt) throws IOException {
        java.util.List<Path> keptAside = new java.util.ArrayList<>();
        Path log = log(plan, attempt);
        if (Files.exists(log)) {
            String name = log.getFileName().toString();
            String stem = name.substring(0, name.length() - ".log".length());
            int killed = 1;
            while (Files.exists(log.resolveSibling(stem + ".killed-" + killed + ".log"))) {
                killed++;
            }
            for (String extension : new String[] {".log", ".jfr"}) {
                Path file = log.resolveSibling(stem + extension);
                if (Files.exists(file)) {
                    keptAside.add(Files.move(file, log.resolveSibling(stem + ".killed-" + killed + extension)));
                }
            }
        }
        markInFlight(plan);
        return keptAside;
    }

    /** The target's output for one attempt; a repeat after a noisy attempt gets its own file. */
    public Path log(RunPlan plan, int attempt) {
        return runs.resolve(plan.fileStem() + (attempt <= 1 ? "" : ".attempt-" + attempt) + ".log");
    }

    /**
     * Why this folder cannot take runs of {@code suiteFile}: it holds runs of a different version of
     * the suite (its {@code suite.yaml} differs), and resuming would mix runs measured under
     * different settings. Null when it can.
     */
    public String conflictWith(Path suiteFile) throws IOException {
        Path copy = directory.resolve("suite.yaml");
        if (Files.exists(copy) && !Arrays.equals(Files.readAllBytes(copy), Files.readAllBytes(suiteFile))) {
            return directory + " holds runs of a different version of the suite (its suite.yaml differs from "
                    + suiteFile + "); give --results a new folder, or remove the old one to start over";
        }
        return null;
    }

    /** Ties the folder to the suite: keeps a copy of the suite file as {@code suite.yaml} (once). */
    public void claim(Path suiteFile) throws IOException {
        Path copy = directory.resolve("suite.yaml");
        if (!Files.exists(copy)) {
            AtomicJson.writeBytes(copy, Files.readAllBytes(suiteFile));
        }
    }

    /** Where {@link #write} puts a record: the run's final one, or attempt {@code attempt}'s discarded one. */
    public Path recordFile(RunPlan plan, int attempt, boolean finalRecord) {
        return finalRecord ? recordFile(plan) : runs.resolve(plan.fileStem() + ".discarded-" + attempt + ".json");
    }

    /** Writes the record: the final one, or a discarded attempt's beside it; clears the in-flight mark. */
    public Path write(RunPlan plan, RunRecord record, boolean finalRecord) throws IOException {
        Path file = recordFile(plan, record.attempt(), finalRecord);
        AtomicJson.write(file, record);
        Files.deleteIfExists(inFlight(plan));
        return file;
    }

    private Path inFlight(RunPlan plan) {
        return runs.resolve(plan.fileStem() + ".inflight");
    }
}
