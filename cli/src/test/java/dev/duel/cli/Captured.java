package dev.duel.cli;

import dev.duel.suite.fixtures.RealPartsWithoutProbe;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** A duel command line run in-process with its output captured, for tests. */
record Captured(int exitCode, String out, String err) {
    static Captured duel(String... args) {
        return duelWith(CommandLine.defaultFactory(), args);
    }

    /** With commands made by {@code factory}, e.g. one that gives a command a failing collaborator. */
    static synchronized Captured duelWith(CommandLine.IFactory factory, String... args) {
        PrintStream originalOut = System.out;
        PrintStream originalErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int code = Duel.execute(factory, args);
            return new Captured(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(originalOut);
            System.setErr(originalErr);
        }
    }

    /**
     * {@code duel} with {@code duel run}'s host drift probe fixed ({@link RealPartsWithoutProbe#reading}): the real
     * probe is a fresh JVM timed before and after every run, about 1.2 s a run; for tests whose runs are about exit
     * codes, records, resumes or agents. {@link SmokeCommandTest} and RunCommandTest's SIGTERM test keep the real one.
     */
    static Captured duelWithoutProbe(String... args) {
        return Captured.duelWith(withoutProbe(), args);
    }

    /** Commands as duel makes them, {@code duel run}'s host drift probe fixed. */
    static CommandLine.IFactory withoutProbe() {
        return new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                return type == RunCommand.class
                        ? type.cast(new RunCommand(parts -> parts.withHostProbe(RealPartsWithoutProbe::reading)))
                        : CommandLine.defaultFactory().create(type);
            }
        };
    }

    /** {@code duel ARGS} in a JVM of its own, the host drift probe fixed: for tests that kill it. */
    public static void main(String[] args) {
        System.exit(Duel.execute(withoutProbe(), args));
    }
}
