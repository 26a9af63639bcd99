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
        assertTrue(bench.err().contains("The commands are load, run, report"), bench.err());
        assertFalse(bench.out().contains("Usage:"), "no top-level help as if all was well: " + bench.out());

        Captured bare = Captured.duel("bench");
        assertEquals(ExitCodes.USAGE, bare.exitCode());
        assertTrue(bare.err().startsWith("duel: unknown command 'bench'\n"), "nothing is near 'bench': " + bare.err());
    }

    @Test
    void aMisspelledCommandGetsTheNearestOneSuggested() {
        Captured typo = Captured.duel("--verbose", "lod", "http://127.0.0.1:1/");
        assertEquals(ExitCodes.USAGE, typo.exitCode());
        assertTrue(typo.err().startsWith("duel: unknown command 'lod'; did you mean 'load'?"), typo.err());
        assertTrue(Captured.duel("reprot").err().contains("did you mean 'report'?"), "a swapped pair is two edits");
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
        assertEquals(2, UnknownCommand.editDistance("laod", "load"), "a swapped pair is two substitutions");
        assertEquals(4, UnknownCommand.editDistance("", "demo"));
        assertEquals("env", UnknownCommand.nearest("evn", List.of("load", "env", "run")));
        assertEquals(null, UnknownCommand.nearest("micro", List.of("load", "env", "run", "demo", "smoke")));
    }
}
