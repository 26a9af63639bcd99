package dev.duel.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.record.load.FailureExample;
import dev.duel.record.load.FailureKind;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.PhaseResult;
import dev.duel.record.load.PlanSettings;
import dev.duel.record.load.SecondResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The record codec: what is written reads back equal, strictly, with its schema version checked. */
class RecordJsonTest {
    private static final ObjectMapper TREES = new ObjectMapper();

    @TempDir
    Path temp;

    static RunRecord sample() {
        Histogram histogram = Histograms.newLatencyHistogram();
        for (long micros = 100; micros <= 20_000; micros += 37) {
            Histograms.recordNanos(histogram, micros * 1_000);
        }
        LatencySummary latency = Histograms.summarize(histogram);
        PlanSettings settings =
                SampleRecords.closedSettings("http://127.0.0.1:8080/json", 32, 10_000, 2_000, 20_000, 0, 0);
        PhaseResult main = SampleRecords.phase(Phase.MAIN, 20_000, 12_345.5, Map.of(FailureKind.TIMEOUT, 2L), latency);
        PhaseResult warmup = SampleRecords.phase(Phase.WARMUP, 10_000, 8_000, Map.of(), latency);
        LoadResult load = new LoadResult(
                "0.1.0-test",
                settings,
                "2026-11-30T06:00:05Z",
                "2026-11-30T06:00:37Z",
                "127.0.0.1:8080",
                warmup,
                main,
                List.of(),
                120,
                List.of(
                        new SecondResult(0, Phase.WARMUP, 7_000, 0, 900, 4_000, 9_000),
                        new SecondResult(12, Phase.MAIN, 12_000, 2, 800, 3_000, 8_000)),
                List.of(new FailureExample(
                        FailureKind.TIMEOUT,
                        14_000,
                        Phase.MAIN,
                        "no complete response within 10000 ms",
                        0,
                        "",
                        "",
                        "GET /json HTTP/1.1")),
                SampleRecords.engine(0.3, 1, 20_000, main.ok(), 412.5),
                List.of(),
                SampleRecords.fixedWarmupEnd(settings, warmup),
                null,
                null);
        RunRecord.ScenarioResult result = new RunRecord.ScenarioResult(
                "json",
                ScenarioKind.LOAD,
                load,
                SampleRecords.inMain(SampleRecords.resources(20, 1.0, main.ok(), 0.1, 300L << 20, 2_250.0)),
                Map.of("postgres", SampleRecords.inMain(SampleRecords.resources(20, 0.3, 0, -1, 60L << 20, 35.0))),
                List.of(290L << 20, 300L << 20),
                300L << 20,
                List.of(180L << 20, 190L << 20),
                190L << 20,
                null,
                null);
        return new RunRecord(
                RecordJson.SCHEMA_VERSION,
                "0.1.0-test",
                "s",
                1,
                1,
                1,
                "jdk17",
                List.of("json"),
                Status.OK,
                "",
                "2026-11-30T06:00:00Z",
                "2026-11-30T06:01:00Z",
                SampleRecords.jarTarget("jdk17", "17.0.15", "/opt/app.jar"),
                new RunRecord.Startup(4242, 800, 1200, List.of()),
                List.of(result),
                new RunRecord.GateReadings(
                        0.05,
                        true,
                        3,
                        0.02,
                        0.3,
                        0.04,
                        2.0,
                        1.0,
                        1.0,
                        0.0,
                        List.of(
                                new RunRecord.NoiseWindow(
                                        "json", false, Phase.WARMUP, 0, 1, 0.01, 0.04, 0.9, 0.0, 0.96, false, false),
                                new RunRecord.NoiseWindow(
                                        "json", false, Phase.MAIN, 0, 1, 0.01, 0.04, 1.0, 0.0, 0.96, false, false),
                                new RunRecord.NoiseWindow(
                                        "json", false, Phase.MAIN, 1, 1, 0.02, 0.04, 0.6, 0.0, 0.96, false, true))),
                "abcdef123456",
                "runs/001-jdk17-json.log",
                List.of(),
                List.of(
                        new ProcessAffinity("load generator", 100, "0"),
                        new ProcessAffinity("target jdk17", 4242, "1"),
                        new ProcessAffinity("service postgres", 300, "0-1")),
                List.of("jdk17's jar /opt/app.jar was rebuilt (SHA-256 0123abcd... -> 4567ef01...)"),
                new HostProbe(
                        new HostProbe.Reading("17.0.15", "1", 100, 461.2, 216.8, 460.9, 0.0, null),
                        new HostProbe.Reading("17.0.15", "1", 100, 470.0, 212.8, 455.5, 0.0167, 2_596.0)),
                List.of(new RunRecord.ServiceInfo("postgres", "cpus 1.0, memory 1 GiB", 1.0, null, "cgroup v2", true)),
                null);
    }

    @Test
    void aRecordReadsBackEqualToWhatWasWritten() throws Exception {
        RunRecord record = sample();
        Path file = Files.write(temp.resolve("001.json"), RecordJson.bytes(record));
        assertEquals(record, RecordJson.readRun(file));
        Environment env = SampleRecords.environment("abcdef123456", "2026-11-30T06:00:00Z", List.of("a warning"));
        assertEquals(env, RecordJson.readEnvironment(Files.write(temp.resolve("env.json"), RecordJson.bytes(env))));
    }

    @Test
    void statesAndPhasesAreWrittenAsTheirLowerCaseWords() throws Exception {
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.bytes(sample()));
        assertEquals(RecordJson.SCHEMA_VERSION, tree.get("schemaVersion").asInt());
        assertEquals("ok", tree.get("status").asText());
        assertEquals("load", tree.at("/results/0/kind").asText());
        assertTrue(
                tree.at("/results/0/target").has("main"),
                tree.at("/results/0/target").toString());
        assertEquals(2, tree.at("/results/0/load/main/failures/timeout").asLong());
        assertEquals("main", tree.at("/results/0/load/main/phase").asText());
        assertEquals("warmup", tree.at("/results/0/load/seconds/0/phase").asText());
        assertEquals(
                "timeout", tree.at("/results/0/load/failureExamples/0/kind").asText());
        assertEquals("closed", tree.at("/results/0/load/settings/model").asText());
    }

    @Test
    void theHistogramCodecRoundTrips() {
        Histogram histogram = Histograms.newLatencyHistogram();
        Histograms.recordNanos(histogram, 1_234_000);
        Histograms.recordNanos(histogram, -5); // clamped, never thrown on the hot path
        Histogram decoded = Histograms.decode(Histograms.encode(histogram));
        assertEquals(histogram.getTotalCount(), decoded.getTotalCount());
        assertEquals(histogram.getValueAtPercentile(99), decoded.getValueAtPercentile(99));
        assertEquals(0, Histograms.decode("").getTotalCount());
        assertThrows(IllegalArgumentException.class, () -> Histograms.decode("bm90IGEgaGlzdG9ncmFt"));
    }

    @Test
    void aRecordWithoutSchemaVersionIsSchemaOneAndItsOldSpellingsRead() throws Exception {
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.bytes(sample()));
        tree.remove("schemaVersion");
        // Schema 1 as duel 0.1.0 wrote it before versioning: example kinds in upper case, "" for no arrival.
        ((ObjectNode) tree.at("/results/0/load/failureExamples/0")).put("kind", "TIMEOUT");
        ((ObjectNode) tree.at("/results/0/load/settings")).put("arrival", "");
        RunRecord read = RecordJson.read(TREES.writeValueAsString(tree), "old.json", RunRecord.class);
        assertEquals(1, read.schemaVersion());
        assertEquals(
                FailureKind.TIMEOUT,
                read.results().get(0).load().failureExamples().get(0).kind());
        assertNull(read.results().get(0).load().settings().arrival());
        // Only those two spellings: any other enum must be written as its word.
        ObjectNode blank = (ObjectNode) TREES.readTree(RecordJson.bytes(sample()));
        blank.put("status", "");
        assertThrows(
                RecordException.class,
                () -> RecordJson.read(TREES.writeValueAsString(blank), "r.json", RunRecord.class));
        ObjectNode upper = (ObjectNode) TREES.readTree(RecordJson.bytes(sample()));
        upper.put("status", "OK");
        assertThrows(
                RecordException.class,
                () -> RecordJson.read(TREES.writeValueAsString(upper), "r.json", RunRecord.class));
    }

    @Test
    void aSchemaOneRecordReadsItsNoiseGateFieldsAsNotMeasured() throws Exception {
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.bytes(sample()));
        tree.put("schemaVersion", 1);
        ObjectNode gates = (ObjectNode) tree.get("gates");
        for (String added : new String[] {"irqDuringCores", "judgedSeconds", "disturbedSeconds", "noiseWindows"}) {
            assertTrue(gates.has(added), added);
            gates.remove(added);
        }
        RunRecord.GateReadings read = RecordJson.read(TREES.writeValueAsString(tree), "old.json", RunRecord.class)
                .gates();
        assertEquals(0.02, read.outsideDuringCores());
        assertNull(read.irqDuringCores());
        assertNull(read.judgedSeconds());
        assertNull(read.disturbedSeconds());
        assertNull(read.noiseWindows());
        // Written now, the same fields are required: a current record that lacks one is not readable.
        ObjectNode current = (ObjectNode) TREES.readTree(RecordJson.bytes(sample()));
        ((ObjectNode) current.get("gates")).remove("noiseWindows");
        assertThrows(
                RecordException.class,
                () -> RecordJson.read(TREES.writeValueAsString(current), "r.json", RunRecord.class));
    }

    @Test
    void aSchemaOneRecordReadsItsAnonymousMemoryAsNotMeasured() throws Exception {
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.bytes(sample()));
        tree.remove("schemaVersion");
        ObjectNode result = (ObjectNode) tree.at("/results/0");
        result.remove("anonBytes");
        result.remove("peakAnonBytes");
        tree.remove("affinity");
        tree.remove("resumedAcross");
        RunRecord read = RecordJson.read(TREES.writeValueAsString(tree), "old.json", RunRecord.class);
        assertNull(read.affinity(), "schema 1 did not read affinities");
        assertNull(read.resumedAcross(), "schema 1 did not check what a resume crossed");
        assertNull(read.results().get(0).anonBytes(), "schema 1 did not sample anonymous memory");
        assertNull(read.results().get(0).peakAnonBytes());
        assertEquals(300L << 20, read.results().get(0).peakRssBytes(), "what schema 1 measured is kept");
        assertEquals(190L << 20, sample().results().get(0).peakAnonBytes());
    }

    @Test
    void aNewerSchemaIsRefusedWithAMessageToUpgrade() throws Exception {
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.bytes(sample()));
        tree.put("schemaVersion", RecordJson.SCHEMA_VERSION + 1);
        tree.put("aFieldFromTheFuture", 1);
        Path file = Files.writeString(temp.resolve("future.json"), TREES.writeValueAsString(tree));
        RecordException e = assertThrows(RecordException.class, () -> RecordJson.readRun(file));
        assertTrue(
                e.getMessage()
                        .startsWith(file + " was written by a newer duel (record schema "
                                + (RecordJson.SCHEMA_VERSION + 1) + "; this duel "),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("upgrade duel to read it"), e.getMessage());
    }

    @Test
    void anOlderSchemaThanThisDuelReadsIsRefusedWithItsVersionNamed() throws Exception {
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.bytes(sample()));
        tree.put("schemaVersion", RecordJson.OLDEST_READABLE_SCHEMA_VERSION - 1);
        RecordException e = assertThrows(
                RecordException.class,
                () -> RecordJson.read(TREES.writeValueAsString(tree), "r.json", RunRecord.class));
        assertTrue(
                e.getMessage()
                        .startsWith("r.json follows record schema " + (RecordJson.OLDEST_READABLE_SCHEMA_VERSION - 1)
                                + ", which this duel "),
                e.getMessage());
    }

    @Test
    void aMissingOrUnknownFieldIsNamedNotReadAsADefault() throws Exception {
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.bytes(sample()));
        ((ObjectNode) tree.at("/results/0/load/main")).remove("okPerSecond");
        RecordException missing = assertThrows(
                RecordException.class,
                () -> RecordJson.read(TREES.writeValueAsString(tree), "r.json", RunRecord.class));
        assertEquals(
                "r.json is not a readable RunRecord of schema " + RecordJson.SCHEMA_VERSION
                        + ": results[0].load.main.okPerSecond is missing",
                missing.getMessage());

        ObjectNode renamed = (ObjectNode) TREES.readTree(RecordJson.bytes(sample()));
        ((ObjectNode) renamed.at("/results/0/load/main")).put("okPerSec", 1.0);
        RecordException unknown = assertThrows(
                RecordException.class,
                () -> RecordJson.read(TREES.writeValueAsString(renamed), "r.json", RunRecord.class));
        assertEquals(
                "r.json is not a readable RunRecord of schema " + RecordJson.SCHEMA_VERSION
                        + ": results[0].load.main.okPerSec is not a field of that schema",
                unknown.getMessage());

        RecordException notJson = assertThrows(
                RecordException.class, () -> RecordJson.read("{\"schemaVersion\": 1,", "r.json", RunRecord.class));
        assertTrue(notJson.getMessage().startsWith("r.json is not JSON"), notJson.getMessage());
        RecordException gone =
                assertThrows(RecordException.class, () -> RecordJson.readRun(temp.resolve("nothing.json")));
        assertEquals(temp.resolve("nothing.json") + " is missing", gone.getMessage());
    }

    @Test
    void nullIsReadOnlyWhereTheSchemaAllowsIt() throws Exception {
        for (String pointer : new String[] {
            "/status",
            "/targetInfo",
            "/results/0/load/engine",
            "/results/0/load/seconds",
            "/results/0/load/main/failures",
            "/gates"
        }) {
            ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.bytes(sample()));
            int slash = pointer.lastIndexOf('/');
            ((ObjectNode) tree.at(pointer.substring(0, slash))).putNull(pointer.substring(slash + 1));
            RecordException e = assertThrows(
                    RecordException.class,
                    () -> RecordJson.read(TREES.writeValueAsString(tree), "r.json", RunRecord.class),
                    pointer);
            assertTrue(
                    e.getMessage()
                            .startsWith(
                                    "r.json is not a readable RunRecord of schema " + RecordJson.SCHEMA_VERSION + ": "),
                    e.getMessage());
        }
        // Where a record says "or null", null is a value.
        ObjectNode tree = (ObjectNode) TREES.readTree(RecordJson.bytes(sample()));
        tree.putNull("startup");
        ((ObjectNode) tree.at("/results/0")).putNull("load");
        ((ObjectNode) tree.at("/targetInfo")).putNull("jar");
        RunRecord read = RecordJson.read(TREES.writeValueAsString(tree), "r.json", RunRecord.class);
        assertNull(read.startup());
        assertNull(read.results().get(0).load());
        assertNull(read.targetInfo().jar());
    }
}
