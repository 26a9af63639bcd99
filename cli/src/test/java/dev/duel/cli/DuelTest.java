package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The top level: commands that do not exist are usage errors, help still works. */
class DuelTest {
    @Test
    void anUnknownCommandIsAUsageErrorEvenWithHelp() {
        Captured bench = Captured.duel("bench", "--help");
        assertEquals(ExitCodes.USAGE, bench.exitCode(), bench.out() + bench.err());
        assertTrue(bench.err().startsWith("duel: unknown command 'bench'"), bench.err());
        assertTrue(bench.err().contains("(the commands are load, run, compare, report"), bench.err());
        assertFalse(bench.err().contains("train-startup"), "a hidden command is never offered: " + bench.err());
        assertEquals(1, bench.err().lines().count(), bench.err());
        assertFalse(bench.out().contains("Usage:"), "no top-level help as if all was well: " + bench.out());

        Captured bare = Captured.duel("bench");
        assertEquals(ExitCodes.USAGE, bare.exitCode());
        assertTrue(
                bare.err().startsWith("duel: unknown command 'bench' (the"), "nothing is near 'bench': " + bare.err());
    }

    @Test
    void aMisspelledCommandGetsTheNearestOneSuggested() {
        Captured typo = Captured.duel("--verbose", "lod", "http://127.0.0.1:1/");
        assertEquals(ExitCodes.USAGE, typo.exitCode());
        assertTrue(typo.err().startsWith("duel: unknown command 'lod'; did you mean 'load'?"), typo.err());
        assertTrue(Captured.duel("reprot").err().contains("did you mean 'report'?"), "a swapped pair is one edit");
    }

    @Test
    void helpAndKnownCommandsStillWork() {
        for (List<String> args : List.of(List.of("--help"), List.of("help"), List.of("help", "load"), List.of("-h"))) {
            Captured help = Captured.duel(args.toArray(String[]::new));
            assertEquals(ExitCodes.OK, help.exitCode(), args + ": " + help.err());
            assertTrue(help.out().contains("Usage: duel"), args + ": " + help.out());
        }
        Captured version = Captured.duel("--version");
        assertEquals(ExitCodes.OK, version.exitCode());
        assertTrue(version.out().startsWith("duel "), version.out());
        Captured loadHelp = Captured.duel("load", "--help");
        assertEquals(ExitCodes.OK, loadHelp.exitCode());
        assertTrue(loadHelp.out().contains("Usage: duel load"), loadHelp.out());
    }

    @Test
    void editDistanceCountsSingleCharacterEdits() {
        assertEquals(0, UnknownCommand.editDistance("load", "load"));
        assertEquals(1, UnknownCommand.editDistance("lod", "load"));
        assertEquals(1, UnknownCommand.editDistance("loads", "load"));
        assertEquals(1, UnknownCommand.editDistance("laod", "load"), "a swapped pair is one edit, as a typist sees it");
        assertEquals(4, UnknownCommand.editDistance("", "demo"));
        assertEquals("env", UnknownCommand.nearest("evn", List.of("load", "env", "run")));
        assertEquals(null, UnknownCommand.nearest("micro", List.of("load", "env", "run", "demo", "smoke")));
    }

    @Test
    void bareDuelPrintsTheHelpAndIsAUsageError() {
        Captured bare = Captured.duel();
        assertEquals(ExitCodes.USAGE, bare.exitCode());
        assertTrue(bare.err().contains("Usage: duel"), bare.err());
    }

    @Test
    void theTopLevelHelpFitsThirtyLinesOfEightyColumnsWithOneSentenceACommand() {
        String help = Captured.duel("--help").out();
        List<String> lines = help.lines().toList();
        assertTrue(lines.size() <= 30, lines.size() + " lines:\n" + help);
        for (String line : lines) {
            assertTrue(line.length() <= 80, "over 80 columns: " + line);
        }
        // Each command's summary: one line, one sentence, whole (no summary cut mid-sentence).
        int commands = lines.indexOf("Commands:");
        assertTrue(commands > 0, help);
        for (String line : lines.subList(commands + 1, lines.size())) {
            if (line.isBlank()) {
                break;
            }
            assertTrue(
                    line.matches("  [a-z-]+ +[A-Z].*\\.$") || line.matches("  help +.*\\.$"),
                    "a whole sentence: " + line);
        }
        assertFalse(help.contains("train-startup"), help);
        // The hidden command still answers --help, for whoever reads the launcher.
        assertEquals(ExitCodes.OK, Captured.duel("train-startup", "--help").exitCode());
    }

    /**
     * Every command's --help, at picocli's 80 columns: a paragraph's text wraps whole. Descriptions written as lines of
     * about 100 characters each came out ragged ("... its JDK (--jdk" / "twice), its jar (two jars)" / "or its JVM
     * flags ..."): each written line wrapped on its own. A line that ends short, mid-sentence, with the text going on
     * in the next line is that; an option's description in several elements, the first not ending a sentence, is its
     * cause.
     */
    @Test
    void everyCommandsHelpWrapsItsParagraphsWhole() {
        List<String> ragged = new java.util.ArrayList<>();
        java.util.ArrayDeque<picocli.CommandLine> commands = new java.util.ArrayDeque<>(
                new picocli.CommandLine(new Duel()).getSubcommands().values());
        int read = 0;
        while (!commands.isEmpty()) {
            picocli.CommandLine command = commands.pop();
            commands.addAll(command.getSubcommands().values());
            if (command.getCommandSpec().usageMessage().hidden()
                    || command.getCommandName().equals("help")) {
                continue;
            }
            read++;
            String name = command.getCommandSpec().qualifiedName();
            picocli.CommandLine.Help help = command.getHelp();
            // Descriptions: every line but a paragraph's last reaches near the width.
            List<String> description = help.description().lines().toList();
            for (int i = 0; i + 1 < description.size(); i++) {
                String line = description.get(i).stripTrailing();
                String next = description.get(i + 1).strip();
                if (!next.isEmpty() && line.length() < 60 && !line.matches(".*[.:]$")) {
                    ragged.add(name + ": '" + line + "' / '" + next + "'");
                }
            }
            // Options: a description written as several elements is a list whose first element ends a sentence
            // (--check's forms); else each element wrapped on its own, as the descriptions above did.
            for (picocli.CommandLine.Model.OptionSpec option :
                    command.getCommandSpec().options()) {
                String[] elements = option.description();
                if (elements.length > 1 && !elements[0].strip().matches(".*[.:]$")) {
                    ragged.add(name + " " + option.longestName() + ": '" + elements[0] + "' / '" + elements[1] + "'");
                }
            }
        }
        assertTrue(read >= 10, read + " commands read");
        assertTrue(ragged.isEmpty(), String.join("\n", ragged));
    }

    @Test
    void everyUsageErrorIsOneLineStartingDuelThatNamesTheFixAndExitsTwo() {
        record Case(String[] args, String says) {}
        List<Case> cases = List.of(
                new Case(new String[] {"load", "http://127.0.0.1:1/json", "--duration", "1x"}, "--duration"),
                new Case(
                        new String[] {"load", "http://127.0.0.1:1/json", "--duraton", "1s"},
                        "unknown option '--duraton'; did you mean '--duration'?"),
                new Case(
                        new String[] {"load", "http://127.0.0.1:1/json", "--body", "@/nonexistent/body.json"},
                        "cannot read the file"),
                new Case(new String[] {"report"}, "RESULTS"),
                new Case(new String[] {"run", "a.yaml", "b.yaml"}, "unexpected argument 'b.yaml'"),
                new Case(
                        new String[] {"demo", "--alternat"},
                        "unknown option '--alternat'; did you mean '--alternate'?"));
        for (Case c : cases) {
            Captured outcome = Captured.duel(c.args());
            String all = String.join(" ", c.args()) + ": " + outcome.err();
            assertEquals(ExitCodes.USAGE, outcome.exitCode(), all);
            assertEquals(1, outcome.err().lines().count(), all);
            assertTrue(outcome.err().startsWith("duel: "), all);
            assertTrue(outcome.err().contains(c.says()), all);
            assertTrue(outcome.err().strip().endsWith(" --help')"), "the fix named: " + all);
            assertFalse(outcome.out().contains("Usage:"), "no usage dump: " + outcome.out());
        }
    }
}
