package dev.duel.targets.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The recording duel starts a target with (issue 12, item 1). */
class JfrSettingsTest {
    @TempDir
    Path temp;

    @Test
    void theFlagRecordsIntoTheFileWithSettingsWrittenBesideItAndDumpsOnExit() throws Exception {
        Path recording = temp.resolve("runs/001-a-json.jfr");
        String flag = JfrSettings.startFlag(recording);
        Path settings = temp.resolve("runs/duel-runtime.jfc");
        assertEquals(
                "-XX:StartFlightRecording=filename=" + recording + ",settings=" + settings + ",dumponexit=true", flag);
        String jfc = Files.readString(settings);
        Matcher events = Pattern.compile("<event name=\"([\\w.]+)\">").matcher(jfc);
        List<String> names = events.results().map(m -> m.group(1)).toList();
        assertEquals(
                List.of(
                        "jdk.Compilation",
                        "jdk.Deoptimization",
                        "jdk.GCPhasePause",
                        "jdk.GarbageCollection",
                        "jdk.SafepointBegin",
                        "jdk.SafepointEnd",
                        "jdk.ThreadAllocationStatistics",
                        "jdk.ClassLoadingStatistics"),
                names,
                "exactly the events JfrRecording reads");
        JfrSettings.startFlag(temp.resolve("runs/002-b-json.jfr")); // a second run rewrites the same settings
        try (Stream<Path> files = Files.list(temp.resolve("runs"))) {
            assertEquals(
                    List.of("duel-runtime.jfc"),
                    files.map(f -> f.getFileName().toString()).toList(),
                    "no temporary file left");
        }
        assertTrue(jfc.contains("<setting name=\"period\">1 s</setting>"));
    }
}
