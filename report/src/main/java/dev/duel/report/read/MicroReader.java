package dev.duel.report.read;

import dev.duel.record.Environment;
import dev.duel.record.RecordException;
import dev.duel.record.RecordJson;
import dev.duel.record.micro.MicroRecord;
import dev.duel.report.ReportException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads a folder written by {@code duel micro} (or the {@code micro/} folder of a suite's results): its
 * {@code env.json} and every fork record in {@code runs/}, into the records' own types. Reads only; stateless.
 */
public final class MicroReader {
    /** The plan file that marks a micro folder. */
    public static final String PLAN = "micro.json";

    /** The forks of a folder, sorted by file name (run order), and its environment (null without env.json). */
    public record Forks(String source, List<MicroRecord> records, Environment environment) {
        public Forks {
            records = List.copyOf(records);
        }
    }

    private MicroReader() {}

    /** True when {@code folder} was written by {@code duel micro}. */
    public static boolean isMicro(Path folder) {
        return Files.isRegularFile(folder.resolve(PLAN));
    }

    public static Forks read(Path folder) throws ReportException {
        Path runs = folder.resolve("runs");
        List<MicroRecord> records = new ArrayList<>();
        try (Stream<Path> files = Files.list(runs)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".json")
                            && !f.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList()) {
                records.add(RecordJson.readMicro(file));
            }
        } catch (IOException e) {
            throw new ReportException("cannot list " + runs + ": " + e.getMessage());
        } catch (RecordException e) {
            throw new ReportException(e.getMessage(), e);
        }
        if (records.isEmpty()) {
            throw new ReportException("no micro fork records in " + runs + ": run duel micro first");
        }
        Environment environment = null;
        Path env = folder.resolve("env.json");
        if (Files.exists(env)) {
            try {
                environment = RecordJson.readEnvironment(env);
            } catch (RecordException e) {
                throw new ReportException(e.getMessage(), e);
            }
        }
        return new Forks(folder.toString(), records, environment);
    }
}
