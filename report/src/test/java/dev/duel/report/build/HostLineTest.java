package dev.duel.report.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.report.SeededResults;
import dev.duel.report.read.ResultsReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The headline's line on the host's speed ({@link Runs#hostLine}) says what the design did with a flip: paired slices
 * cancel it, a duet's simultaneous seconds cancel it, alternating whole runs cannot; and a pair's seconds on the CPU
 * its two sides shared count once.
 */
class HostLineTest {
    private static final SeededResults.Behaviour A = new SeededResults.Behaviour("a", "17", 1000, 5_000, 20_000, 0);
    private static final SeededResults.Behaviour B = new SeededResults.Behaviour("b", "25", 1100, 5_000, 20_000, 0);

    @TempDir
    Path temp;

    /** Two repetitions of a and b on CPU 0, each scenario's host fast for 10 s, slow (0.6x) for 10 s, fast for 10 s. */
    private String hostLine(String design) throws Exception {
        return hostLine(design, false);
    }

    private String hostLine(String design, boolean onlyA) throws Exception {
        write(design, onlyA);
        return new Runs(new ResultsReader().read(List.of(temp))).hostLine();
    }

    /** The records of {@link #hostLine(String)}, written into the test's folder; {@code onlyA}: b's runs left out. */
    private void write(String design, boolean onlyA) throws Exception {
        SeededResults results = new SeededResults(temp, 31, Instant.parse("2026-12-05T06:00:00Z"));
        results.environment("e", List.of());
        results.interleaved(A, B, 2, List.of("s"));
        List<Path> records;
        try (Stream<Path> files = Files.list(temp.resolve("runs"))) {
            records = files.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
        assertEquals(4, records.size(), records.toString());
        for (Path record : records) {
            SeededResults.edit(record, tree -> {
                ((ObjectNode) tree.get("targetInfo")).put("cpuset", "0");
                int index = tree.get("index").asInt();
                if (design != null) {
                    int partner = index % 2 == 1 ? index + 1 : index - 1;
                    ObjectNode duet = tree.putObject("duet");
                    duet.put("partnerIndex", partner);
                    duet.put("partnerTarget", tree.get("target").asText().equals("a") ? "b" : "a");
                    duet.put("design", design);
                    duet.putNull("warmupCompilerNice");
                    duet.putNull("warmupCpus");
                }
                for (var result : tree.withArray("results")) {
                    ((ObjectNode) result).set("hostSpeed", flippingHost());
                }
            });
            if (onlyA
                    && new ObjectMapper()
                            .readTree(record.toFile())
                            .get("target")
                            .asText()
                            .equals("b")) {
                Files.delete(record);
            }
        }
    }

    private static ObjectNode flippingHost() {
        JsonNodeFactory json = JsonNodeFactory.instance;
        ObjectNode speed = json.objectNode();
        speed.putArray("cpus").add("0");
        ArrayNode cpu0 = speed.putArray("unitsPerCpuMilli").addArray();
        for (int second = 0; second < 30; second++) {
            cpu0.add(second >= 10 && second < 20 ? 12.0 : 20.0);
        }
        speed.putArray("probeShares").add(0.005);
        return speed;
    }

    @Test
    void runsMadeAloneCannotCancelAFlip() throws Exception {
        String line = hostLine(null);
        assertTrue(line.contains("flipped 8 times on CPU 0 (to 0.60x for 40 of 120 s)"), line);
        assertTrue(
                line.endsWith("; alternating whole runs cannot cancel it (order: interleaved pairs each slice with its"
                        + " partner's)"),
                line);
    }

    /** One target: nothing alternated, so the line gave advice about pairing what had no partner (history-e2e.sh). */
    @Test
    void oneTargetsRunsSayTheirValuesMixTheSpeedsWithoutAdviceAboutPairing() throws Exception {
        String line = hostLine(null, true);
        assertTrue(line.contains("flipped 4 times on CPU 0 (to 0.60x for 20 of 60 s)"), line);
        assertTrue(line.endsWith("; each run's values mix the host's speeds"), line);
    }

    /** The scenario's note on runs a flip cut in main: the advice to pair only where there is something to pair. */
    @Test
    void aFlipInMainAdvisesPairsOnlyWhereTargetsAreCompared() throws Exception {
        write(null, false);
        String compared = flipNote();
        assertTrue(
                compared.contains(": their values mix two speeds of the host, which alternating whole runs cannot"),
                compared);
        try (Stream<Path> files = Files.walk(temp)) {
            for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                if (!file.equals(temp)) {
                    Files.delete(file);
                }
            }
        }
        write(null, true);
        String alone = flipNote();
        assertTrue(alone.endsWith(": their values mix two speeds of the host"), alone);
    }

    private String flipNote() throws Exception {
        dev.duel.report.model.Report report = new dev.duel.report.ReportBuilder(
                        new ResultsReader().read(List.of(temp)), dev.duel.report.ReportOptions.DEFAULT)
                .build();
        return report.scenarios().get(0).notes().stream()
                .filter(n -> n.startsWith("the host's speed flipped during main"))
                .findFirst()
                .orElseThrow(() ->
                        new AssertionError(report.scenarios().get(0).notes().toString()));
    }

    @Test
    void anInterleavedPairCountsItsSharedCpuOnceAndCancelsTheFlip() throws Exception {
        String line = hostLine("interleaved");
        assertTrue(line.contains("flipped 4 times on CPU 0 (to 0.60x for 20 of 60 s)"), line);
        assertTrue(line.endsWith("; paired slices cancel it"), line);
    }

    /** A duet's two sides ran at once: before this, its line said alternating whole runs could not cancel the flip. */
    @Test
    void aDuetCancelsTheFlipInItsSimultaneousSeconds() throws Exception {
        String line = hostLine("simultaneous");
        assertTrue(line.contains("flipped 4 times on CPU 0 (to 0.60x for 20 of 60 s)"), line);
        assertTrue(line.endsWith("; the duet's simultaneous seconds cancel it"), line);
    }
}
