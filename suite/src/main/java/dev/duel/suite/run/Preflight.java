package dev.duel.suite.run;

import dev.duel.suite.Suite;
import dev.duel.suite.SuiteException;
import dev.duel.suite.aot.AotCacheSpec;
import dev.duel.suite.store.ResultStore;
import dev.duel.targets.Jdk;
import dev.duel.targets.JdkResolver;
import dev.duel.targets.ServiceSpec;
import dev.duel.targets.TargetSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What can be checked before anything runs: every JDK resolves, every jar exists, the results folder
 * holds no runs of another version of the suite; so that a typo does not surface after an hour of
 * measuring the other target. Reads only. Thread-safe.
 */
public final class Preflight {
    private Preflight() {}

    /** @throws SuiteException naming everything missing and how to get it; nothing was run */
    public static void check(Suite suite, JdkResolver jdks, ResultStore store) throws SuiteException {
        List<String> problems = new ArrayList<>();
        for (TargetSpec target : suite.targets()) {
            if (target.java() != null) {
                try {
                    Jdk jdk = jdks.resolve(target.java());
                    String aot = aotCacheProblem(target, jdk, suite.aotCache(target.name()));
                    if (aot != null) {
                        problems.add(aot);
                    }
                } catch (IllegalArgumentException e) {
                    problems.add("target " + target.name() + ": " + e.getMessage());
                }
            }
            if (target.jar() != null && !Files.isRegularFile(target.jar())) {
                problems.add("target " + target.name() + ": no jar at " + target.jar() + buildHint(target.jar()));
            }
        }
        for (ServiceSpec service : suite.services()) {
            if (service instanceof ServiceSpec.EmbeddedPostgres embedded
                    && !Files.isRegularFile(embedded.launcherJar())) {
                problems.add("service " + service.name() + ": postgres: embedded needs " + embedded.launcherJar()
                        + buildHint(embedded.launcherJar()));
            }
        }
        try {
            String conflict = store.conflictWith(suite.file());
            if (conflict != null) {
                problems.add(conflict);
            }
        } catch (IOException e) {
            problems.add("cannot read " + store.directory() + "/suite.yaml: " + e.getMessage());
        }
        String files = openFilesProblem(suite, dev.duel.load.FileLimit.current());
        if (files != null) {
            problems.add(files);
        }
        if (!problems.isEmpty()) {
            throw new SuiteException(suite.file() + ":\n  " + String.join("\n  ", problems));
        }
    }

    /**
     * Whether the most connections one run holds at once fit under this process's open-file limit: a run's scenarios
     * load one after the other, a duet's two sides at once; with load agents the connections are theirs. Null when
     * they fit or the limit is unknown.
     */
    public static String openFilesProblem(Suite suite, dev.duel.load.FileLimit.Reading reading) {
        if (suite.loadgen().distributed()) {
            return null;
        }
        int connections = suite.scenarios().stream()
                .filter(scenario -> scenario.model() != null)
                .mapToInt(scenario -> scenario.model().maxConnections())
                .max()
                .orElse(0);
        int atOnce = suite.order().pairs() ? 2 * connections : connections;
        String problem = dev.duel.load.FileLimit.problem(atOnce, reading);
        return problem == null ? null : "loadgen: " + problem;
    }

    /**
     * An AOT cache needs JDK 25 or later: JDK 24 has the cache (JEP 483) but trains it in two steps (record, then
     * create), which duel does not drive; older JDKs have none and would not start with the flags.
     */
    public static String aotCacheProblem(TargetSpec target, Jdk jdk, AotCacheSpec aotCache) {
        if (aotCache == null || jdk.feature() >= AotCacheSpec.MIN_JDK_FEATURE) {
            return null;
        }
        return "target " + target.name() + ": aotCache needs JDK " + AotCacheSpec.MIN_JDK_FEATURE
                + " or later (JEP 514's"
                + " one-step -XX:AOTCacheOutput"
                + (jdk.feature() == 24 ? "; JDK 24's two-step training is not supported" : "")
                + "), and java: '" + target.java() + "' is JDK " + jdk.feature() + " (" + jdk + "): name JDK "
                + AotCacheSpec.MIN_JDK_FEATURE + " or later, or remove aotCache";
    }

    private static String buildHint(Path jar) {
        Path module = jar.getParent() == null ? null : jar.getParent().getParent();
        if (module != null
                && jar.getParent().getFileName().toString().equals("target")
                && Files.isRegularFile(module.resolve("pom.xml"))) {
            return " (build it: mvn -B -q -DskipTests -f " + module.resolve("pom.xml")
                    + " -am package, or run ./duel once)";
        }
        return " (fix the path; relative paths start at the suite file's folder)";
    }
}
