package dev.duel.suite.aot;

import dev.duel.load.ProgressListener;
import dev.duel.load.TargetUnreachableException;
import dev.duel.load.Timing;
import dev.duel.record.RunRecord;
import dev.duel.record.load.LoadResult;
import dev.duel.record.runtime.Profile;
import dev.duel.suite.Scenario;
import dev.duel.suite.gate.RunVerdict;
import dev.duel.suite.run.RunContext;
import dev.duel.suite.store.RunInputs;
import dev.duel.targets.IdentityMismatchException;
import dev.duel.targets.Limits;
import dev.duel.targets.TargetFailedException;
import dev.duel.targets.TargetProcess;
import dev.duel.targets.TargetSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The AOT caches (JEP 483, 514, 515) of the suite's targets with {@code aotCache:}, all trained up front, after the
 * services started and before the first measured run: a training that fails is known within a minute, not after an
 * hour of the other targets' runs, and no training sits between two measured runs of an alternation, where its CPU
 * and heat would fall before one arm only. A training starts the target exactly as a measured run does (the same
 * starter: jar, JVM arguments, limits, environment, services) plus {@code -XX:AOTCacheOutput=aot/<target>.aot},
 * drives its train scenario's requests (request, variables, checks, model) with the load engine for the time given,
 * and stops it with SIGTERM: the JVM writes the cache as it exits (JEP 514, one step). Its one difference is its
 * memory limit, raised for the dump ({@link #trainingMemory}). A cache an earlier session of
 * the results folder trained is reused when its digest is what that training wrote. Not thread-safe.
 */
public final class AotCaches {
    /** What the measured runs of a target with {@code aotCache:} start with. */
    public sealed interface Outcome {
        /** The cache to start with, and what its training made. */
        record Ready(Path file, RunRecord.AotCache info) implements Outcome {
            /**
             * What a measured run adds to the target's JVM arguments: the cache, and {@code AOTMode=on}, with which a
             * JVM that cannot use the cache (another jar, JDK or flags) exits with an error instead of running
             * without it.
             */
            public List<String> jvmArgs() {
                return List.of("-XX:AOTCache=" + file, "-XX:AOTMode=on");
            }
        }

        /** The training failed: every run of the target fails with this reason instead of running without a cache. */
        record Failed(String reason, List<String> lastLogLines) implements Outcome {}
    }

    /**
     * How long a stopped training JVM may take to exit: it dumps what it learned and starts a child JVM that assembles
     * the cache, about 10 s for the minimal reference app under 1 CPU; a cache it is killed before writing is a
     * failed training.
     */
    static final Duration EXIT_GRACE = Duration.ofMinutes(2);

    /** Log lines of the training JVM read for the AOT errors it reports. */
    private static final int LOG_LINES_READ = 400;

    private final RunContext context;

    /** @param context the suite's run context: a training JVM is published in its {@code live} targets while it runs */
    public AotCaches(RunContext context) {
        this.context = context;
    }

    /**
     * Trains (or reuses) the cache of each target with {@code aotCache:} among {@code targets}, in the suite's order.
     *
     * @param targets the targets that have runs left to measure
     * @return by target name, what its measured runs start with
     * @throws IOException the results folder could not be written
     */
    public Map<String, Outcome> prepare(Set<String> targets) throws IOException, InterruptedException {
        Map<String, Outcome> outcomes = new LinkedHashMap<>();
        for (TargetSpec spec : context.suite().targets()) {
            AotCacheSpec aot = context.suite().aotCache(spec.name());
            if (aot != null && targets.contains(spec.name())) {
                Outcome outcome = reuseOrTrain(spec, aot);
                if (outcome instanceof Outcome.Failed failed) {
                    context.listener()
                            .message("warning: " + spec.name() + "'s AOT cache: " + failed.reason()
                                    + "; its runs fail with this reason");
                }
                outcomes.put(spec.name(), outcome);
            }
        }
        return outcomes;
    }

    private Outcome reuseOrTrain(TargetSpec spec, AotCacheSpec aot) throws IOException, InterruptedException {
        Path file = context.store().aotCache(spec.name());
        RunRecord.AotCache kept = context.store().aotCacheInfo(spec.name());
        if (kept != null && Files.isRegularFile(file) && kept.sha256().equals(RunInputs.sha256(file))) {
            context.listener()
                    .message("reusing " + spec.name() + "'s AOT cache " + kept.file() + " ("
                            + megabytes(kept.sizeBytes()) + ", trained on " + kept.trainScenario() + ")");
            // A session killed between the two writes of a training left inputs.json without the digest.
            context.store().writeAotCacheInfo(spec.name(), kept);
            return new Outcome.Ready(file.toAbsolutePath(), kept);
        }
        return train(spec, aot, file);
    }

    private Outcome train(TargetSpec spec, AotCacheSpec aot, Path file) throws IOException, InterruptedException {
        Files.createDirectories(file.getParent());
        Files.deleteIfExists(file);
        Scenario scenario = context.suite()
                .scenario(aot.trainScenario())
                .withTiming(new Timing.Phases(Duration.ZERO, Duration.ZERO, aot.trainFor()));
        Long memory = spec.limits().memoryBytes();
        Long trainingMemory = trainingMemory(memory);
        // The training is not watched: its job is the cache, and a flight recording would add its own classes.
        TargetSpec training = memory == null
                ? spec.withProfile(Profile.NONE)
                        .withExtraJvmArgs(List.of("-XX:AOTCacheOutput=" + file.toAbsolutePath()))
                : spec.withProfile(Profile.NONE)
                        .withExtraJvmArgs(
                                List.of("-XX:AOTCacheOutput=" + file.toAbsolutePath(), "-XX:MaxRAM=" + memory))
                        .withLimits(
                                new Limits(spec.limits().cpus(), spec.limits().cpuset(), trainingMemory));
        context.listener()
                .message("training " + spec.name() + "'s AOT cache: " + scenario.name() + " for "
                        + aot.trainFor().toSeconds() + " s, then the JVM writes " + relative(file) + " as it exits");
        long spawnNanos = context.nanos();
        TargetProcess target = null;
        String failure = null;
        List<String> lastLines = List.of();
        try {
            target = context.parts()
                    .targets()
                    .start(
                            training,
                            context.services().env(),
                            context.store().aotTrainingLog(spec.name()),
                            context.ledger().noting("AOT training of " + spec.name()));
            context.live().add(target);
            LoadResult load = context.parts()
                    .load()
                    .run(
                            scenario.plan(
                                    target.host(),
                                    target.port(),
                                    context.suite().loadgen().threads()),
                            ProgressListener.NONE);
            failure = target.alive()
                    ? RunVerdict.wrongAnswers(scenario, load)
                    : "the training JVM exited with code " + target.exitCode() + " during " + scenario.name();
        } catch (TargetFailedException e) {
            failure = "the training JVM failed: " + e.getMessage();
            lastLines = e.lastLogLines();
        } catch (IdentityMismatchException e) {
            failure = "the training JVM is not the target: " + e.getMessage();
        } catch (TargetUnreachableException e) {
            failure = "the load engine could not reach the training JVM: " + e.getMessage();
        } catch (IOException e) {
            failure = "the training JVM could not be started: " + e.getMessage();
        } finally {
            if (target != null) {
                context.live().remove(target);
                target.stop(EXIT_GRACE);
                context.ledger().forget(target.pid());
            }
        }
        long trainingMillis = (context.nanos() - spawnNanos) / 1_000_000;
        if (target != null) {
            lastLines = target.lastLogLines(LOG_LINES_READ);
            if (failure == null) {
                failure = cacheProblem(file, target.exitCode(), lastLines);
            }
        }
        if (failure != null) {
            Files.deleteIfExists(file); // never measured with: a half-trained cache would pass for the real one
            return new Outcome.Failed(
                    "AOT cache training failed: " + failure + " (log: "
                            + relative(context.store().aotTrainingLog(spec.name())) + ")",
                    lastLines.subList(Math.max(0, lastLines.size() - RunContext.LOG_LINES_KEPT), lastLines.size()));
        }
        RunRecord.AotCache info = new RunRecord.AotCache(
                relative(file),
                RunInputs.sha256(file),
                Files.size(file),
                trainingMillis,
                aot.trainScenario(),
                aot.trainFor().toMillis() / 1_000.0,
                trainingMemory);
        context.store().writeAotCacheInfo(spec.name(), info);
        context.listener()
                .message(String.format(
                        Locale.ROOT,
                        "trained %s's AOT cache in %.1f s: %s",
                        spec.name(),
                        trainingMillis / 1_000.0,
                        megabytes(info.sizeBytes())));
        return new Outcome.Ready(file.toAbsolutePath(), info);
    }

    /** The JVM's server-class line: at 2 processors or more and this much memory it picks G1 over Serial. */
    private static final long SERVER_CLASS_BYTES = (2L << 30) - (256L << 20);

    /**
     * The training's memory limit, or null without one: the target's doubled, since the JVM's dump at exit needs memory
     * beyond its heap (the minimal app under 512 MiB was killed by its limit while dumping), but kept below the JVM's
     * server-class line when the target's is, so that the GC the JVM picks (Serial or G1) stays the one the measured
     * runs get; {@code -XX:MaxRAM} at the target's limit sizes the heap as in the measured runs.
     */
    public static Long trainingMemory(Long memoryBytes) {
        if (memoryBytes == null) {
            return null;
        }
        return memoryBytes < SERVER_CLASS_BYTES
                ? Math.min(2 * memoryBytes, SERVER_CLASS_BYTES - (1L << 20))
                : memoryBytes + (512L << 20);
    }

    /**
     * Why the stopped training JVM left no usable cache, or null: no file or an empty one (it was killed before it
     * could write it, or the cache's assembly failed), or an AOT error in its log.
     */
    static String cacheProblem(Path file, Integer exitCode, List<String> logLines) throws IOException {
        String error = logLines.stream()
                .filter(line -> line.contains("[error") && line.contains("[aot"))
                .findFirst()
                .orElse(null);
        if (error != null) {
            return "the JVM reported an AOT error: " + error.trim();
        }
        if (!Files.isRegularFile(file) || Files.size(file) == 0) {
            return "the training JVM exited (code " + exitCode + ") without writing " + file.getFileName()
                    + (exitCode != null && exitCode == 137
                            ? ": it was killed before the cache was written (SIGKILL, " + EXIT_GRACE.toSeconds()
                                    + " s after SIGTERM)"
                            : "");
        }
        return null;
    }

    private String relative(Path file) {
        return context.store()
                .directory()
                .toAbsolutePath()
                .relativize(file.toAbsolutePath())
                .toString();
    }

    private static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }
}
