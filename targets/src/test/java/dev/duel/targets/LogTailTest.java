package dev.duel.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24, item 5: a target's last log lines were read by reading the whole log (held in memory, however long the
 * run) and gave up on any byte that is not UTF-8. Now only the end is read, and such bytes are replaced.
 */
class LogTailTest {
    @TempDir
    Path temp;

    @Test
    void aByteThatIsNotUtf8IsReplacedAndTheLinesAreKept() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes("started\n".getBytes(StandardCharsets.UTF_8));
        bytes.writeBytes(new byte[] {'c', 'a', 'f', (byte) 0xe9, '\n'}); // Latin-1 'café'
        bytes.writeBytes("ready\n".getBytes(StandardCharsets.UTF_8));
        Path log = Files.write(temp.resolve("target.log"), bytes.toByteArray());
        assertEquals(List.of("caf\ufffd", "ready"), LogTail.lastLines(log, 2));
        assertEquals(List.of("started", "caf\ufffd", "ready"), LogTail.lastLines(log, 50));
    }

    @Test
    void onlyTheEndOfALongLogIsReadAndItsCutLineLeftOut() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 1_000; i++) {
            text.append("line ").append(i).append('\n'); // "line 999\n" is 9 bytes
        }
        Path log = Files.writeString(temp.resolve("long.log"), text);
        // The last 30 bytes: "e 996\nline 997\nline 998\nline 999\n" begins mid-line.
        assertEquals(List.of("line 997", "line 998", "line 999"), LogTail.lastLines(log, 10, 30));
        assertEquals(List.of("line 998", "line 999"), LogTail.lastLines(log, 2));
    }
}
