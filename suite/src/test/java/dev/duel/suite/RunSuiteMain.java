package dev.duel.suite;

import dev.duel.targets.Cgroups;
import dev.duel.targets.JdkResolver;
import java.nio.file.Path;

/** {@code RunSuiteMain SUITE RESULTS}: a suite run in its own JVM, for tests that kill it. */
public final class RunSuiteMain {
    private RunSuiteMain() {}

    public static void main(String[] args) throws Exception {
        Suite suite = new SuiteLoader(Path.of(args[0]).getParent()).load(Path.of(args[0]));
        SuiteRunner.onThisMachine(
                        suite, Path.of(args[1]), SuiteListener.NONE, new JdkResolver(), new Cgroups(), Path.of("."))
                .run();
    }
}
