package dev.duel.suite.micro;

import dev.duel.record.DuelVersion;
import dev.duel.record.Environment;
import dev.duel.record.RecordJson;
import dev.duel.record.Status;
import dev.duel.record.micro.JitFacts;
import dev.duel.record.micro.MicroRecord;
import dev.duel.suite.store.AtomicJson;
import dev.duel.suite.store.ResultStore;
import dev.duel.targets.Affinity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs a {@link MicroPlan} into a results folder laid out as a suite's: {@code micro.json} (the plan, which a
 * resume must match), {@code env.json}, and per fork {@code runs/NNN-<jdk>-<benchmark>.json} (a {@link MicroRecord},
 * written atomically), its JMH output {@code runs/NNN-….log} and JMH's own JSON {@code jmh/NNN-….json}.
 *
 * <p>Forks alternate: in round r each case (a benchmark with one set of parameters) runs once on each JDK, the two
 * back to back, the first JDK first in odd rounds and last in even ones. Back to back, because slow drift of the
 * machine (another tenant, thermal state) then falls on both sides of a pair almost equally; swapped every round,
 * because what runs first after another case (page cache, a background job the previous fork left behind) would
 * otherwise always favour one side. A fork whose record exists is not run again, so a killed {@code duel micro}
 * resumes where it stopped. Not thread-safe: one runner per folder.
 */
public final class MicroRunner {
    /** A fork is killed past this many times its planned iteration time, plus start-up allowance. */
    private static final long TIMEOUT_FACTOR = 5;

    private static final long STARTUP_ALLOWANCE_SECONDS = 120;

    private final MicroProcesses processes;
    private final Clock clock;
    private final Consumer<String> progress;

    public MicroRunner(MicroProcesses processes, Clock clock, Consumer<String> progress) {
        this.processes = processes;
        this.clock = clock;
        this.progress = progress;
    }

    /** What a session did: forks run now, forks found done, forks that failed (of those run now). */
    public record Outcome(int ran, int resumed, int failed) {}

    /**
     * @throws IllegalArgumentException a folder of another plan, or benchmarks the jar does not have
     */
    public Outcome run(MicroPlan plan, Path folder, Environment environment) throws IOException, InterruptedException {
        if (!Files.isRegularFile(plan.jar())) {
            throw new IllegalArgumentException("no benchmarks jar at " + plan.jar()
                    + ": build it with ./duel (or mvn -pl reference/micro -am package -DskipTests), or give --jar");
        }
        Path planFile = folder.resolve("micro.json");
        byte[] described = RecordJson.bytes(plan.describe());
        if (Files.exists(planFile) && !java.util.Arrays.equals(Files.readAllBytes(planFile), described)) {
            throw new IllegalArgumentException(folder + " holds forks of another micro plan (its micro.json differs):"
                    + " give --results a new folder, or remove the old one to start over");
        }
        ResultStore store = new ResultStore(folder);
        store.removeUnfinishedWrites();
        AtomicJson.writeBytes(planFile, described);
        if (!Files.exists(folder.resolve("env.json"))) {
            store.writeEnvironment(environment);
        }
        List<MicroBenchmarks.Case> cases = cases(plan);
        Map<String, JitFacts> jit = new LinkedHashMap<>();
        for (MicroPlan.MicroJdk jdk : plan.jdks()) {
            jit.put(jdk.name(), JitProbe.of(jdk.jdk(), environment.x86Level(), processes));
        }
        Path runs = folder.resolve("runs");
        Path jmh = folder.resolve("jmh");
        Files.createDirectories(runs);
        Files.createDirectories(jmh);
        int sequence = 0;
        int ran = 0;
        int resumed = 0;
        int failed = 0;
        int total = plan.forks() * cases.size() * plan.jdks().size();
        for (int round = 1; round <= plan.forks(); round++) {
            for (MicroBenchmarks.Case c : cases) {
                List<MicroPlan.MicroJdk> order = new ArrayList<>(plan.jdks());
                if (round % 2 == 0) {
                    java.util.Collections.reverse(order);
                }
                for (MicroPlan.MicroJdk jdk : order) {
                    sequence++;
                    String stem = stem(sequence, jdk.name(), c);
                    Path file = runs.resolve(stem + ".json");
                    if (Files.exists(file)) {
                        resumed++;
                        continue;
                    }
                    progress.accept(String.format(
                            Locale.ROOT,
                            "[%d/%d] round %d: %s on %s",
                            sequence,
                            total,
                            round,
                            MicroRecord.label(c.benchmark(), c.params()),
                            jdk.name()));
                    MicroRecord record = fork(
                            plan, jdk, c, round, environment, jit.get(jdk.name()), runs, jmh.resolve(stem + ".json"));
                    AtomicJson.write(file, record);
                    ran++;
                    if (record.status() != Status.OK) {
                        failed++;
                        progress.accept("  failed: " + record.reason());
                    }
                }
            }
        }
        return new Outcome(ran, resumed, failed);
    }

    /** The cases of the plan, from the jar's own list ({@code -lp}) on the first JDK. */
    public List<MicroBenchmarks.Case> cases(MicroPlan plan) throws IOException, InterruptedException {
        return list(plan.jar(), plan.jdks().get(0), processes).select(plan.includes(), plan.params());
    }

    /** The benchmarks of {@code jar}, as {@code jdk}'s java lists them. */
    public static MicroBenchmarks list(Path jar, MicroPlan.MicroJdk jdk, MicroProcesses processes)
            throws IOException, InterruptedException {
        MicroBenchmarks benchmarks = MicroBenchmarks.parse(
                processes.output(List.of(jdk.jdk().java().toString(), "-jar", jar.toString(), "-lp")));
        if (benchmarks.benchmarks().isEmpty()) {
            throw new IllegalArgumentException(jar + " lists no JMH benchmarks (java -jar " + jar + " -lp)");
        }
        return benchmarks;
    }

    private MicroRecord fork(
            MicroPlan plan,
            MicroPlan.MicroJdk jdk,
            MicroBenchmarks.Case c,
            int round,
            Environment environment,
            JitFacts jit,
            Path runs,
            Path jmhJson)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                jdk.jdk().java().toString(),
                "-jar",
                plan.jar().toString(),
                "^" + java.util.regex.Pattern.quote(c.benchmark()) + "$"));
        c.params().forEach((k, v) -> command.addAll(List.of("-p", k + "=" + v)));
        command.addAll(List.of(
                "-f",
                "1",
                "-wi",
                String.valueOf(plan.warmupIterations()),
                "-w",
                plan.warmupTime().toMillis() + "ms",
                "-i",
                String.valueOf(plan.measurementIterations()),
                "-r",
                plan.measurementTime().toMillis() + "ms",
                "-prof",
                "gc",
                "-foe",
                "true",
                "-rf",
                "json",
                "-rff",
                jmhJson.toString()));
        Files.deleteIfExists(jmhJson);
        long planned = plan.warmupIterations() * plan.warmupTime().toSeconds()
                + plan.measurementIterations() * plan.measurementTime().toSeconds();
        Instant started = clock.instant();
        String stem = jmhJson.getFileName().toString().replaceFirst("\\.json$", "");
        int exit = processes.run(
                Affinity.pinned(plan.cpus(), command),
                runs.resolve(stem + ".log"),
                STARTUP_ALLOWANCE_SECONDS + TIMEOUT_FACTOR * planned);
        Instant finished = clock.instant();
        String reason = null;
        JmhJson.Result result = null;
        if (exit != 0) {
            reason = exit < 0
                    ? "JMH did not finish in time and was killed (see runs/" + stem + ".log)"
                    : "JMH exited with " + exit + " (see runs/" + stem + ".log)";
        } else if (!Files.exists(jmhJson)) {
            reason = "JMH wrote no result (see runs/" + stem + ".log)";
        } else {
            List<JmhJson.Result> results = JmhJson.read(jmhJson);
            if (results.size() != 1 || results.get(0).iterationScores().isEmpty()) {
                reason = "JMH's result holds " + results.size() + " benchmarks, expected one with scores (see jmh/"
                        + stem + ".json)";
            } else {
                result = results.get(0);
            }
        }
        return new MicroRecord(
                RecordJson.SCHEMA_VERSION,
                DuelVersion.current(),
                environment.fingerprint(),
                jdk.name(),
                jdk.jdk().version(),
                jdk.jdk().home().toString(),
                c.benchmark(),
                c.params(),
                round,
                started.toString(),
                finished.toString(),
                result == null ? Status.FAILED : Status.OK,
                reason == null ? "" : reason,
                result == null ? null : result.mode(),
                result == null ? "" : result.unit(),
                plan.warmupIterations(),
                plan.warmupTime().toMillis() / 1000.0,
                plan.measurementIterations(),
                plan.measurementTime().toMillis() / 1000.0,
                result == null ? List.of() : result.iterationScores(),
                result == null ? null : result.score(),
                result == null ? null : result.allocBytesPerOp(),
                result == null ? "" : result.jmhVersion(),
                result == null ? List.of() : result.jvmArgs(),
                plan.cpus(),
                jit);
    }

    /** "007-jdk25-HttpBenchmark.postQuote+app=minimal+size=1000": safe in a file name. */
    static String stem(int sequence, String jdk, MicroBenchmarks.Case c) {
        StringBuilder stem = new StringBuilder(String.format(Locale.ROOT, "%03d-%s-", sequence, jdk));
        stem.append(MicroRecord.shortName(c.benchmark()));
        c.params().forEach((k, v) -> stem.append('+').append(k).append('=').append(v));
        return stem.toString().replaceAll("[^A-Za-z0-9._=+-]", "_");
    }
}
