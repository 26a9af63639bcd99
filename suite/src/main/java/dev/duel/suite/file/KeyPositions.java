package dev.duel.suite.file;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * Where each key of a YAML text is written, by key path ({@code scenarios[0].model.vus}), found in
 * one pass of the streaming parser, so that a problem found after parsing can be shown at the
 * place to fix. Entries of a list are positioned at their first token ({@code scenarios[0]} at the
 * key after its dash). Lines and columns are 1-based. Immutable once made, so thread-safe.
 */
public final class KeyPositions {
    private static final YAMLFactory YAML = new YAMLFactory();

    /** A place in the text; 1-based line and column. */
    public record Position(int line, int column) {}

    private final Map<String, Position> positions;

    private KeyPositions(Map<String, Position> positions) {
        this.positions = Map.copyOf(positions);
    }

    /** The keys of {@code text}; a text the parser stops on yields the keys before that point. */
    public static KeyPositions of(String text) {
        Map<String, Position> positions = new HashMap<>();
        try (JsonParser parser = YAML.createParser(text)) {
            JsonToken token;
            while ((token = parser.nextToken()) != null) {
                JsonStreamContext context = parser.getParsingContext();
                String path;
                if (token == JsonToken.FIELD_NAME) {
                    path = pathOf(context);
                } else if (token.isStructEnd()) {
                    continue;
                } else if (token.isStructStart()) {
                    JsonStreamContext parent = context.getParent();
                    path = parent == null || parent.inRoot() ? "" : parent.inArray() ? pathOf(parent) : null;
                } else {
                    path = context.inRoot() ? "" : context.inArray() ? pathOf(context) : null;
                }
                if (path != null) {
                    JsonLocation at = parser.currentTokenLocation();
                    positions.putIfAbsent(path, new Position(at.getLineNr(), at.getColumnNr()));
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            // the mapper reports what is unreadable, with its own position; keep the keys before it
        }
        return new KeyPositions(positions);
    }

    private static String pathOf(JsonStreamContext context) {
        Deque<String> parts = new ArrayDeque<>();
        for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inArray()) {
                parts.push("[" + Math.max(c.getCurrentIndex(), 0) + "]");
            } else if (c.getCurrentName() != null) {
                parts.push("." + c.getCurrentName());
            }
        }
        String path = String.join("", parts);
        return path.startsWith(".") ? path.substring(1) : path;
    }

    /**
     * The position of {@code path}, or of the nearest enclosing key that is written (a defaulted
     * {@code scenarios[0].model.vus} is shown at {@code scenarios[0]}); null only for an empty text.
     */
    public Position find(String path) {
        String at = path;
        while (true) {
            Position position = positions.get(at);
            if (position != null || at.isEmpty()) {
                return position;
            }
            at = parentOf(at);
        }
    }

    /** {@code a.b[2]} for {@code a.b[2].c}, {@code a.b} for {@code a.b[2]}, {@code ""} for {@code a}. */
    static String parentOf(String path) {
        if (path.endsWith("]")) {
            return path.substring(0, path.lastIndexOf('['));
        }
        int dot = path.lastIndexOf('.');
        return dot < 0 ? "" : path.substring(0, dot);
    }
}
