package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.suite.TestFiles;
import dev.duel.suite.file.SuiteLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load settings' rules exist once ({@code LoadSettings} in load): the same wrong value gives the same problem
 * from {@code duel load}, after the flag that gave it, and from a suite file, after the key that gave it at its line
 * and column.
 */
class LoadSettingsAgreeTest {
    @TempDir
    Path temp;

    /**
     * One wrong value a line, written both ways: {@code duel load}'s arguments after the URL | the flag its message
     * names | the key path its message names below {@code scenarios[0]} (its last part the key written) | the
     * scenario's lines after its name, split at "; ", the key written on the last.
     */
    private static final String WRONG = """
            --vus 2 --rate 10             | --rate       | model.rate         | request: {path: /json}; \
            model: {vus: 2, rate: 10}
            --rate 10 --arrival bursty    | --arrival    | model.arrival      | request: {path: /json}; \
            model: {rate: 10, arrival: bursty}
            --warmup 10s --max-warmup 60s | --max-warmup | phases.maxWarmup   | request: {path: /json}; \
            phases: {warmup: 10s, maxWarmup: 60s}
            --min-warmup 5s               | --min-warmup | phases.minWarmup   | request: {path: /json}; \
            phases: {minWarmup: 5s}
            --windows 3 --gap 1s          | --gap        | phases.gap         | kind: warmup-curve; \
            request: {path: /json}; windows: {count: 3}; phases: {gap: 1s}
            --var my-id=seq:1..10         | --var        | request.vars.my-id | \
            request: {path: /json, vars: {my-id: 'seq:1..10'}}
            """;

    @Test
    void aWrongValueGivesTheSameProblemFromDuelLoadAndFromASuiteNamingItsFlagOrItsKey() throws Exception {
        SuiteLoader loader = new SuiteLoader(temp);
        Path file = temp.resolve("suite.yaml");
        for (String wrong : WRONG.lines().toList()) {
            String[] part = wrong.split("\\s*\\|\\s*", 4);
            String[] lines = part[3].split("; ");
            String yaml = "targets:\n  - name: a\n    command: [./app]\nscenarios:\n  - name: json\n    "
                    + String.join("\n    ", lines) + "\n";
            String fromSuite = TestFiles.loadFailure(loader, file, yaml);
            String key = part[2].substring(part[2].lastIndexOf('.') + 1);
            String place =
                    TestFiles.at(file, yaml, lines[lines.length - 1], key) + "scenarios[0] (json)." + part[2] + ": ";
            assertTrue(fromSuite.startsWith(place), place + " in " + fromSuite);
            String problem = fromSuite.substring(place.length());
            assertFalse(problem.isBlank() || problem.contains("--") || problem.contains("Warmup"), problem);

            List<String> args = new ArrayList<>(List.of("load", "http://127.0.0.1:9/", "-q"));
            args.addAll(Arrays.asList(part[0].split(" ")));
            Captured fromCli = Captured.duel(args.toArray(String[]::new));
            assertEquals(ExitCodes.USAGE, fromCli.exitCode(), fromCli.err());
            assertEquals("duel: " + part[1] + ": " + problem, fromCli.err().strip(), "one line, the suite's words");
            assertEquals("", fromCli.out(), "nothing ran");
        }
    }
}
