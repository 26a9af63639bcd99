package dev.duel.suite;

import dev.duel.suite.file.SuiteLoader;
import dev.duel.suite.fixtures.RealPartsWithoutProbe;
import java.nio.file.Path;

/** {@code RunSuiteMain SUITE RESULTS}: a suite run in its own JVM, for tests that kill it. */
public final class RunSuiteMain {
    private RunSuiteMain() {}

    public static void main(String[] args) throws Exception {
        Suite suite = new SuiteLoader(Path.of(args[0]).getParent()).load(Path.of(args[0]));
        // The host drift probe is not what the tests that kill this JVM are about (see RealPartsWithoutProbe).
        new SuiteRunner(suite, Path.of(args[1]), SuiteListener.NONE, RealPartsWithoutProbe.onThisMachine(Path.of(".")))
                .run();
    }

    /**
     * This main in a JVM of its own, cheap (C1 only: the killed suite's speed is not what the tests measure), its
     * output to {@code output}.
     */
    static Process start(Path suiteFile, Path results, Path output) throws java.io.IOException {
        return new ProcessBuilder(dev.duel.suite.fixtures.KilledDuels.cheapJvm(
                        RunSuiteMain.class.getName(), suiteFile.toString(), results.toString()))
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
    }
}
