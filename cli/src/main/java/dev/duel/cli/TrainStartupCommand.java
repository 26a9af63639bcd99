package dev.duel.cli;

import dev.duel.load.sink.SinkServer;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * A short run through the paths every {@code duel load} takes (argument parsing, engine start,
 * checks, JSON output) against the in-process sink. The {@code ./duel} launcher runs it once under
 * {@code -XX:ArchiveClassesAtExit} so that later launches map those classes from a class-data
 * archive instead of loading them one by one: load starts sooner after launch.
 */
@Command(
        name = "train-startup",
        header = "Exercise start-up paths once, for a class-data archive.",
        hidden = true,
        description = "Exercises start-up paths once, for a class-data archive.",
        mixinStandardHelpOptions = true)
final class TrainStartupCommand implements Callable<Integer> {
    @Override
    public Integer call() throws Exception {
        Path json = Files.createTempFile("duel-train", ".json");
        PrintStream out = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        try (SinkServer sink = SinkServer.start()) {
            return Duel.execute(
                    "load",
                    sink.url("/json"),
                    "--vus",
                    "2",
                    "--warmup",
                    "200ms",
                    "--duration",
                    "500ms",
                    "--check",
                    "json:/id == 42",
                    "--check",
                    "body contains Product",
                    "-q",
                    "--out",
                    json.toString());
        } finally {
            System.setOut(out);
            Files.deleteIfExists(json);
        }
    }
}
