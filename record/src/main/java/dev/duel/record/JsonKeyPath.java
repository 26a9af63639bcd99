package dev.duel.record;

import com.fasterxml.jackson.databind.JsonMappingException;

/**
 * The key path of a Jackson mapping error, as people write it: {@code results[0].load.main.okPerSecond} for a record,
 * {@code scenarios[1].request.vars} for a suite file. The one spelling shared by the record's reader and the suite
 * file's, so that both name a wrong field the same way. Stateless, so thread-safe.
 */
public final class JsonKeyPath {
    private JsonKeyPath() {}

    /** The field names joined by '.', list indexes in brackets; {@code ""} when the error is at the top. */
    public static String of(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : e.getPath()) {
            if (reference.getFieldName() != null) {
                path.append(path.length() > 0 ? "." : "").append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }
}
