package dev.duel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A token file open to others is refused, except group read on a file another user owns and shares with this
 * process's group (a Kubernetes Secret mounted with the Pod's fsGroup: root's, 0440). The tests change a file's owner,
 * which needs root, as this project's CI runs.
 */
class TokenFileTest {
    @TempDir
    Path temp;

    private Path token(String mode) throws Exception {
        Path file = Files.writeString(temp.resolve("token-" + mode), "t0ken\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
        return file;
    }

    @Test
    void anOwnFileReadableByItsGroupIsRefused() throws Exception {
        Path file = token("rw-r-----");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AgentProcess.readToken(file));
        assertTrue(e.getMessage().contains("is open to others (rw-r-----)"), e.getMessage());
        assertEquals("t0ken", AgentProcess.readToken(token("rw-------")));
    }

    @Test
    void anotherUsersFileSharedWithOurGroupAloneIsAccepted() throws Exception {
        Path shared = token("r--r-----");
        Files.setAttribute(shared, "unix:uid", 65534); // nobody's, in this process's group
        assertEquals("t0ken", AgentProcess.readToken(shared));
        Path alsoOthers = token("r--r--r--");
        Files.setAttribute(alsoOthers, "unix:uid", 65534);
        assertThrows(IllegalArgumentException.class, () -> AgentProcess.readToken(alsoOthers));
        Path groupWrites = token("r--rw----");
        Files.setAttribute(groupWrites, "unix:uid", 65534);
        assertThrows(IllegalArgumentException.class, () -> AgentProcess.readToken(groupWrites));
        Path otherGroup = token("r--r-----");
        Files.setAttribute(otherGroup, "unix:uid", 65534);
        Files.setAttribute(otherGroup, "unix:gid", 65534); // a group this process is not in
        assertThrows(IllegalArgumentException.class, () -> AgentProcess.readToken(otherGroup));
    }
}
