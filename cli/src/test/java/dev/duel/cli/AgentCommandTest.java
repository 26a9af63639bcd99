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
                "duel: duel agent needs --token-file FILE: the shared token every call must carry (e.g. (umask 077;"
                        + " head -c 32 /dev/urandom | base64 > agent.token)), the same file as the controller's\n",
                result.err());
        assertEquals("", result.out());
    }

    @Test
    void aMissingTokenFileIsOneClearMessage() {
        Path missing = dir.resolve("no-such-token");
        Captured result = Captured.duel("agent", "--port", "0", "--token-file", missing.toString());
        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertEquals(
                "duel: the token file " + missing + " does not exist: write the shared token into it (e.g. (umask 077;"
                        + " head -c 32 /dev/urandom | base64 > " + missing + "))\n",
                result.err());
        assertEquals("", result.out());
    }

    @Test
    void anEmptyTokenIsRefused() throws Exception {
        Path empty = owned(Files.writeString(dir.resolve("token"), "  \n"));
        Captured result = Captured.duel("agent", "--port", "0", "--token-file", empty.toString());
        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertTrue(result.err().startsWith("duel: the token file " + empty + " is empty"), result.err());
        assertEquals("", result.out());
    }

    @Test
    void aPortOutOfRangeIsRefused() throws Exception {
        Path token = owned(Files.writeString(dir.resolve("token"), "t"));
        Captured result = Captured.duel("agent", "--port", "70000", "--token-file", token.toString());
        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertTrue(result.err().startsWith("duel: --port 70000 is not a port"), result.err());
    }

    @Test
    void tlsFlagsThatDoNotGoTogetherAreRefusedBeforeAnythingListens() throws Exception {
        Path token = owned(Files.writeString(dir.resolve("token"), "t"));
        Path cert = Files.writeString(dir.resolve("agent.crt"), "not read");
        Captured alone =
                Captured.duel("agent", "--port", "0", "--token-file", token.toString(), "--tls-cert", cert.toString());
        assertEquals(ExitCodes.USAGE, alone.exitCode());
        assertEquals(
                "duel: --tls-cert and --tls-key go together: give the certificate and its key, or --tls alone for a"
                        + " certificate made at start\n",
                alone.err());
        Captured both = Captured.duel(
                "agent",
                "--port",
                "0",
                "--token-file",
                token.toString(),
                "--tls",
                "--tls-cert",
                cert.toString(),
                "--tls-key",
                cert.toString());
        assertEquals(ExitCodes.USAGE, both.exitCode());
        assertEquals("duel: --tls makes a certificate, --tls-cert gives one: give one of them\n", both.err());
        Captured notPem = Captured.duel(
                "agent",
                "--port",
                "0",
                "--token-file",
                token.toString(),
                "--tls-cert",
                cert.toString(),
                "--tls-key",
                cert.toString());
        assertEquals(ExitCodes.USAGE, notPem.exitCode());
        assertTrue(notPem.err().startsWith("duel: --tls-cert " + cert + " "), notPem.err());
        assertEquals("", notPem.out());
    }

    /** {@code file} with mode 600, as a token file must be. */
    private static Path owned(Path file) throws java.io.IOException {
        return Files.setPosixFilePermissions(
                file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    }

    // Issue 24, item 13: the token lets its holder start any command on an agent.
    @Test
    void aTokenFileOpenToOthersIsRefusedNamingChmod() throws Exception {
        for (String mode : new String[] {"rw-r--r--", "rw-r-----", "rw-----w-"}) {
            Path token = Files.writeString(dir.resolve("token-" + mode), "secret-token\n");
            Files.setPosixFilePermissions(token, java.nio.file.attribute.PosixFilePermissions.fromString(mode));
            Captured result = Captured.duel("agent", "--port", "0", "--token-file", token.toString());
            assertEquals(ExitCodes.USAGE, result.exitCode(), mode);
            assertEquals(
                    "duel: the token file " + token + " is open to others (" + mode + "): the token lets its holder"
                            + " start any command on an agent; chmod 600 " + token + "\n",
                    result.err());
        }
    }

    @Test
    void aTokenWithWhiteSpaceOrControlCharactersInsideIsRefused() throws Exception {
        for (String text : new String[] {"two words\n", "tab\tinside", "bell\u0007", "line\nbreak\n"}) {
            Path token = owned(Files.writeString(dir.resolve("token"), text));
            Captured result = Captured.duel("agent", "--port", "0", "--token-file", token.toString());
            assertEquals(ExitCodes.USAGE, result.exitCode(), text);
            assertTrue(
                    result.err().startsWith("duel: the token in " + token + " holds white space or a control"),
                    result.err());
        }
    }

    @Test
    void aTokenFileLargerThanATokenIsRefused() throws Exception {
        Path token = owned(Files.writeString(dir.resolve("token"), "x".repeat(4097)));
        Captured result = Captured.duel("agent", "--port", "0", "--token-file", token.toString());
        assertEquals(ExitCodes.USAGE, result.exitCode());
        assertTrue(result.err().startsWith("duel: the token file " + token + " holds 4097 bytes"), result.err());
    }
}
