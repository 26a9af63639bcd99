package dev.duel.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.micro.MicroMode;
import dev.duel.record.micro.MicroRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MicroRecordTest {
    @TempDir
    Path temp;

    private static MicroRecord sample() {
        return SampleRecords.micro(
                "jdk25",
                "25.0.3",
                "dev.duel.reference.micro.HttpBenchmark.postQuote",
                Map.of("size", "1000", "app", "minimal"),
                2,
                "2026-11-30T06:00:00Z",
                MicroMode.AVERAGE_TIME,
                "us/op",
                List.of(41.5, 40.9, 42.0),
                25_106.0);
    }

    @Test
    void readsBackWhatItWrites() throws Exception {
        Path file = temp.resolve("001-jdk25-HttpBenchmark.postQuote.json");
        Files.write(file, RecordJson.bytes(sample()));
        MicroRecord read = RecordJson.readMicro(file);
        assertEquals(sample(), read);
        assertTrue(Files.readString(file).contains("\"mode\" : \"avgt\""));
        assertEquals("HttpBenchmark.postQuote [app=minimal, size=1000]", read.label());
    }

    @Test
    void aMissingFieldIsNamed() throws Exception {
        Path file = temp.resolve("001.json");
        Files.writeString(file, RecordJson.text(sample()).replaceFirst("\"allocBytesPerOp\" : [0-9.]+,", ""));
        RecordException e = assertThrows(RecordException.class, () -> RecordJson.readMicro(file));
        assertTrue(
                e.getMessage()
                        .contains(
                                "micro record of schema " + RecordJson.SCHEMA_VERSION + ": allocBytesPerOp is missing"),
                e.getMessage());
    }

    @Test
    void modesReadJmhWordsAndSayWhichWayIsFaster() {
        assertEquals(MicroMode.AVERAGE_TIME, MicroMode.ofJmh("avgt"));
        assertEquals(MicroMode.THROUGHPUT, MicroMode.ofJmh("thrpt"));
        assertTrue(MicroMode.THROUGHPUT.higherIsFaster());
        assertEquals(null, MicroMode.ofJmh("all"));
        assertEquals("ProcessLogicBenchmark.sort", MicroRecord.shortName("a.b.ProcessLogicBenchmark.sort"));
    }
}
