package dev.duel.reference.logic;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Set;

/**
 * The CPU-bound work of {@code GET /process}: filter the dataset, sort what is left, transform each
 * record, and stream the result as a JSON array. One algorithm, called line for line the same by
 * both apps. Stateless and thread-safe; the dataset is only read.
 */
public final class ProcessLogic {
    /** Categories kept by the filter: a sixth of the dataset. */
    static final Set<String> KEPT_CATEGORIES = Set.of("camping", "outdoor");
    /** Ratings kept by the filter: 3.0 stars and up, about half. */
    static final int MIN_RATING_TENTHS = 30;

    private static final Comparator<DataRecord> ORDER = Comparator.comparingInt(DataRecord::ratingTenths)
            .reversed()
            .thenComparingInt(DataRecord::priceCents)
            .thenComparingLong(DataRecord::id);

    private ProcessLogic() {}

    /** The records worth showing: camping and outdoor products rated 3 stars or more (about 8.5%). */
    public static DataRecord[] filter(DataRecord[] data) {
        return Arrays.stream(data)
                .filter(r -> r.ratingTenths() >= MIN_RATING_TENTHS && KEPT_CATEGORIES.contains(r.category()))
                .toArray(DataRecord[]::new);
    }

    /** Best rated first, then cheapest, then by id: a total order, so the output never varies. */
    public static DataRecord[] sort(DataRecord[] records) {
        DataRecord[] sorted = records.clone();
        Arrays.sort(sorted, ORDER);
        return sorted;
    }

    public static ProcessedItem transform(DataRecord record) {
        int discountPercent =
                record.quantity() > 400 ? 25 : record.quantity() > 250 ? 15 : record.quantity() > 100 ? 5 : 0;
        int discounted = record.priceCents() * (100 - discountPercent) / 100;
        return new ProcessedItem(
                record.id(),
                "SKU-" + record.id(),
                record.name() + " (" + record.category() + ")",
                record.priceCents(),
                discounted,
                record.quantity(),
                record.ratingTenths(),
                record.createdDay(),
                (long) discounted * record.quantity());
    }

    public static ProcessedItem[] transform(DataRecord[] records) {
        ProcessedItem[] items = new ProcessedItem[records.length];
        for (int i = 0; i < records.length; i++) {
            items[i] = transform(records[i]);
        }
        return items;
    }

    /** Streams the items as a JSON array; the caller owns (and closes) the stream. */
    public static void serialize(ProcessedItem[] items, OutputStream out) throws IOException {
        try (JsonGenerator json = Json.MAPPER.getFactory().createGenerator(out, JsonEncoding.UTF8)) {
            json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            json.writeStartArray();
            for (ProcessedItem item : items) {
                json.writeStartObject();
                json.writeNumberField("id", item.id());
                json.writeStringField("sku", item.sku());
                json.writeStringField("label", item.label());
                json.writeNumberField("priceCents", item.priceCents());
                json.writeNumberField("discountedCents", item.discountedCents());
                json.writeNumberField("quantity", item.quantity());
                json.writeNumberField("ratingTenths", item.ratingTenths());
                json.writeNumberField("createdDay", item.createdDay());
                json.writeNumberField("stockValueCents", item.stockValueCents());
                json.writeEndObject();
            }
            json.writeEndArray();
        }
    }

    /** The whole of {@code /process}: filter, sort, transform, serialize. */
    public static void process(DataRecord[] data, OutputStream out) throws IOException {
        serialize(transform(sort(filter(data))), out);
    }
}
