package dev.duel.suite.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The hash of duel's code: its class files' paths and contents, not where they lie or when they were written. */
class DuelCodeTest {
    @TempDir
    Path temp;

    private Path classes(String name, String content) throws Exception {
        Path root = temp.resolve(name);
        Files.createDirectories(root.resolve("dev/duel/suite"));
        Files.writeString(root.resolve("dev/duel/suite/A.class"), "a");
        Files.writeString(root.resolve("dev/duel/suite/B.class"), content);
        Files.writeString(root.resolve("dev/duel/suite/notes.txt"), name); // not code
        return root;
    }

    @Test
    void aClassesFolderHashesItsClassFilesWhereverItLies() throws Exception {
        Path one = classes("one", "b");
        Path two = classes("two", "b");
        Files.setLastModifiedTime(two.resolve("dev/duel/suite/A.class"), FileTime.fromMillis(0));
        assertEquals(DuelCode.sha256(List.of(one)), DuelCode.sha256(List.of(two)));
        Path rebuilt = classes("rebuilt", "b, rebuilt");
        assertNotEquals(DuelCode.sha256(List.of(one)), DuelCode.sha256(List.of(rebuilt)));
        assertEquals(DuelCode.sha256(List.of(one)), DuelCode.sha256(List.of(one, one)), "one source counts once");
        Path jar = Files.writeString(temp.resolve("duel.jar"), "jar bytes");
        assertNotEquals(DuelCode.sha256(List.of(jar)), DuelCode.sha256(List.of(one)));
    }

    @Test
    void theCodeDuelRunsNowHasAHash() {
        assertNotNull(DuelCode.sourceOf(RunInputs.class), "the suite's classes folder or jar");
        assertEquals(64, DuelCode.sha256().length());
    }
}
