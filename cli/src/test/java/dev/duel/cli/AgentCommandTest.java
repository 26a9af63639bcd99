package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentCommandTest {
    @TempDir
    Path dir;

    @Test
    void withoutATokenFileTheAgentDoesNotStart() {
        Captured result = Captured.duel("agent", "--port", "0");
        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertEquals(
                "duel: duel agent needs --token-file FILE: the shared token every call must carry (e.g. head -c 32"
                        + " /dev/urandom | base64 > agent.token), the same file as the controller's\n",
                result.err());
        assertEquals("", result.out());
    }

    @Test
    void aMissingTokenFileIsOneClearMessage() {
        Path missing = dir.resolve("no-such-token");
        Captured result = Captured.duel("agent", "--port", "0", "--token-file", missing.toString());
        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertEquals(
                "duel: the token file " + missing + " does not exist: write the shared token into it (e.g. head -c 32"
                        + " /dev/urandom | base64 > " + missing + ")\n",
                result.err());
        assertEquals("", result.out());
    }

    @Test
    void anEmptyTokenIsRefused() throws Exception {
        Path empty = Files.writeString(dir.resolve("token"), "  \n");
        Captured result = Captured.duel("agent", "--port", "0", "--token-file", empty.toString());
        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertTrue(result.err().startsWith("duel: the token file " + empty + " is empty"), result.err());
        assertEquals("", result.out());
    }

    @Test
    void aPortOutOfRangeIsRefused() throws Exception {
        Path token = Files.writeString(dir.resolve("token"), "t");
        Captured result = Captured.duel("agent", "--port", "70000", "--token-file", token.toString());
        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertTrue(result.err().startsWith("duel: --port 70000 is not a port"), result.err());
    }
}
