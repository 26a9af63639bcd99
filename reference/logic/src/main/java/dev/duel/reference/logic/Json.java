package dev.duel.reference.logic;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/** The one JSON configuration both apps use, so the serializer is never the difference between them. */
public final class Json {
    /** Thread-safe once configured. */
    public static final ObjectMapper MAPPER = configure(new ObjectMapper());

    private Json() {
    }

    /** Applies duel's settings to a mapper (the controllers app applies them to Spring's). */
    public static ObjectMapper configure(ObjectMapper mapper) {
        return mapper
                .disable(SerializationFeature.INDENT_OUTPUT)
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }
}
