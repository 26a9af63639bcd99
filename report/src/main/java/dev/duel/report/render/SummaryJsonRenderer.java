package dev.duel.report.render;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.duel.report.model.Report;

/**
 * {@code summary.json}: every number the other formats show, and the values per run behind each
 * median. NaN and infinity are written as the strings "NaN" and "Infinity". Thread-safe.
 */
public final class SummaryJsonRenderer {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public String render(Report report) {
        try {
            return MAPPER.writeValueAsString(report) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a report always serializes", e);
        }
    }
}
