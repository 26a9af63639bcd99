package dev.duel.cli;

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
}
