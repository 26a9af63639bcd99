package dev.duel.suite;

import dev.duel.suite.record.RunRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.stream.Stream;

/**
 * A suite's results folder: {@code env.json}, and in {@code runs/} one JSON record per run (written
 * atomically), one per discarded attempt beside it, the run's log, and an {@code .inflight} marker
 * while a run is under way, so that a suite killed mid-run redoes exactly that run on resume.
 * Nothing is ever overwritten except an in-flight run's own partial log. Not thread-safe: one
 * runner per folder.
 */
public final class ResultStore {
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
        if (!Files.isDirectory(runs)) {
            return;
        }
        try (Stream<Path> files = Files.list(runs)) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith(".") && f.toString().endsWith(".tmp")).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }

    /** Keeps the first environment of the folder; a resumed suite's is kept beside it, dated. */
    public void writeEnvironment(Environment environment) throws IOException {
        Path first = directory.resolve("env.json");
        Path target = Files.exists(first) ? directory.resolve("env-" + Instant.now().toString().replace(':', '-') + ".json") : first;
        AtomicJson.write(target, environment);
    }

    public Path recordFile(RunPlan plan) {
        return runs.resolve(plan.fileStem() + ".json");
    }

    /** True once the run has its final record (ok, failed, invalid, or discarded past its retries). */
    public boolean done(RunPlan plan) {
        return Files.isRegularFile(recordFile(plan));
    }

    /** The attempts already discarded for noise, so that numbering goes on after a resume. */
    public int discardedAttempts(RunPlan plan) throws IOException {
        if (!Files.isDirectory(runs)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(runs)) {
            return (int) files.filter(f -> f.getFileName().toString().startsWith(plan.fileStem() + ".discarded-")).count();
        }
    }

    /** True if a previous suite was killed while this run was under way. */
    public boolean wasInFlight(RunPlan plan) {
        return Files.exists(inFlight(plan));
    }

    public void markInFlight(RunPlan plan) throws IOException {
        Files.createDirectories(runs);
        Files.writeString(inFlight(plan), Instant.now().toString());
    }

    public Path log(RunPlan plan) {
        return runs.resolve(plan.fileStem() + ".log");
    }

    /** Writes the record: the final one, or a discarded attempt's beside it; clears the in-flight mark. */
    public Path write(RunPlan plan, RunRecord record, boolean finalRecord) throws IOException {
        Path file = finalRecord ? recordFile(plan) : runs.resolve(plan.fileStem() + ".discarded-" + record.attempt() + ".json");
        AtomicJson.write(file, record);
        Files.deleteIfExists(inFlight(plan));
        return file;
    }

    private Path inFlight(RunPlan plan) {
        return runs.resolve(plan.fileStem() + ".inflight");
    }
}
