package dev.duel.reference.logic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class ProcessLogicTest {

    private static byte[] process(DataRecord[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ProcessLogic.process(data, out);
        return out.toByteArray();
    }

    @Test
    void theDatasetIsTheSameForTheSameSeed() {
        assertArrayEquals(Dataset.generate(1_000), Dataset.generate(1_000));
        assertEquals("Solar Blue Backpack No. 1 by Acme Outdoor Supply", Dataset.generate(1)[0].name());
    }

    @Test
    void outputIsAJsonArrayOfTheFilteredRecordsInTotalOrder() throws IOException {
        DataRecord[] data = Dataset.generate(10_000);
        JsonNode items = Json.MAPPER.readTree(process(data));
        assertEquals(ProcessLogic.filter(data).length, items.size());
        assertTrue(items.size() > 500, "about 8.5% of 10,000: " + items.size());
        JsonNode previous = null;
        for (JsonNode item : items) {
            assertTrue(item.get("ratingTenths").asInt() >= ProcessLogic.MIN_RATING_TENTHS);
            assertTrue(item.get("label").asText().endsWith("(camping)")
                    || item.get("label").asText().endsWith("(outdoor)"));
            assertEquals("SKU-" + item.get("id").asLong(), item.get("sku").asText());
            if (previous != null) {
                int byRating = Integer.compare(
                        previous.get("ratingTenths").asInt(),
                        item.get("ratingTenths").asInt());
                assertTrue(
                        byRating > 0
                                || byRating == 0
                                        && (previous.get("priceCents").asInt()
                                                        < item.get("priceCents").asInt()
                                                || previous.get("priceCents").asInt()
                                                                == item.get("priceCents")
                                                                        .asInt()
                                                        && previous.get("id").asLong()
                                                                < item.get("id").asLong()),
                        "order at " + item);
            }
            previous = item;
        }
    }

    @Test
    void outputIsByteIdenticalRunToRunAndScalesWithTheDataset() throws IOException {
        byte[] small = process(Dataset.generate(10_000));
        assertArrayEquals(small, process(Dataset.generate(10_000)));
        byte[] tenTimes = process(Dataset.generate(100_000));
        double ratio = tenTimes.length / (double) small.length;
        assertTrue(ratio > 9 && ratio < 11, "size ratio " + ratio);
    }

    @Test
    void aMillionRecordsGiveAbout19MegabytesOfJson() throws IOException {
        byte[] full = process(Dataset.generate(AppConfig.DEFAULT_DATASET_SIZE));
        double megabytes = full.length / 1e6;
        assertTrue(megabytes > 19 * 0.9 && megabytes < 19 * 1.1, megabytes + " MB");
    }

    @Test
    void discountsFollowStock() {
        ProcessedItem plenty = ProcessLogic.transform(new DataRecord(7, "n", "camping", 1_000, 450, 40, 3));
        assertEquals(750, plenty.discountedCents());
        assertEquals(750L * 450, plenty.stockValueCents());
        assertEquals(
                1_000,
                ProcessLogic.transform(new DataRecord(7, "n", "camping", 1_000, 5, 40, 3))
                        .discountedCents());
    }
}
