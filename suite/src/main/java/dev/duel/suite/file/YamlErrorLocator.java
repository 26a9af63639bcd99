package dev.duel.suite.file;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import dev.duel.record.JsonKeyPath;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Where a YAML file is wrong, in words for the person who wrote it: {@code file:line:column}, the key path and what
 * was expected. It knows Jackson and YAML, not what the file describes: a reader (a suite file, a micro file) names
 * its own types ({@code a whole number, or a mapping ...}) and adds its own notes to keys it no longer knows.
 * Immutable, so thread-safe.
 */
public final class YamlErrorLocator {
    private final String topLevel;
    private final Map<Class<?>, String> typeNames;
    private final Map<String, String> unknownKeyNotes;

    /**
     * @param topLevel        what the file's top level is called where an unknown key is found there ("the suite")
     * @param typeNames       what a value of the reader's own types is written like, said after "expected"
     * @param unknownKeyNotes by key name, a note in parentheses after the 'unknown key' message (why it went)
     */
    public YamlErrorLocator(String topLevel, Map<Class<?>, String> typeNames, Map<String, String> unknownKeyNotes) {
        this.topLevel = topLevel;
        this.typeNames = Map.copyOf(typeNames);
        this.unknownKeyNotes = Map.copyOf(unknownKeyNotes);
    }

    /** {@code file:line:column: what is wrong (what was expected)}, for an error of the parser or the mapper. */
    public String describe(Path file, String text, JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        int line = at == null ? -1 : at.getLineNr();
        int column = at == null ? -1 : at.getColumnNr();
        if (e instanceof UnrecognizedPropertyException unknown && line > 0) {
            // The parser may already stand past the unknown key's value: point at the key itself.
            int[] key = findKey(text, unknown.getPropertyName(), line);
            if (key != null) {
                line = key[0];
                column = key[1];
            }
        }
        String where = file + (line < 0 ? "" : ":" + line + ":" + column);
        String path = e instanceof JsonMappingException mapping ? JsonKeyPath.of(mapping) : "";
        String what;
        if (e instanceof UnrecognizedPropertyException unknown) {
            String known = unknown.getKnownPropertyIds() == null
                    ? ""
                    : unknown.getKnownPropertyIds().stream()
                            .map(String::valueOf)
                            .sorted()
                            .collect(Collectors.joining(", "));
            String note = unknownKeyNotes.get(unknown.getPropertyName());
            what = "unknown key '" + unknown.getPropertyName() + "'" + (path.isEmpty() ? "" : " in " + parentOf(path))
                    + "; expected one of: " + known
                    + (note == null ? "" : " (" + note + ")");
        } else if (e instanceof ValueInstantiationException instantiation && instantiation.getCause() != null) {
            what = (path.isEmpty() ? "" : path + ": ")
                    + instantiation.getCause().getMessage();
        } else if (e instanceof InvalidFormatException invalid) {
            what = (path.isEmpty() ? "" : path + ": ") + "expected " + typeName(invalid.getTargetType()) + ", got '"
                    + invalid.getValue() + "'";
        } else if (e instanceof MismatchedInputException mismatched && mismatched.getTargetType() != null) {
            what = (path.isEmpty() ? "" : path + ": ") + "expected " + typeName(mismatched.getTargetType());
        } else {
            what = e.getOriginalMessage();
        }
        return where + ": " + what;
    }

    /**
     * {@code file:line:column: place: what is wrong} for a problem found after parsing: at the key {@code located}, or
     * the nearest enclosing key written ({@link KeyPositions#find}), named as {@code shown} (nothing when empty).
     */
    public static String locate(Path file, KeyPositions positions, String located, String shown, String message) {
        KeyPositions.Position at = positions.find(located);
        String where = file + (at == null ? "" : ":" + at.line() + ":" + at.column());
        return where + ": " + (shown.isEmpty() ? "" : shown + ": ") + message;
    }

    /** Line and column (1-based) of the last {@code key:} at or before {@code line}, or null. */
    private static int[] findKey(String text, String key, int line) {
        String[] lines = text.split("\n", -1);
        Pattern pattern = Pattern.compile("(^|[\\s{,-])(" + Pattern.quote(key) + ")\\s*:");
        for (int i = Math.min(line, lines.length) - 1; i >= 0; i--) {
            Matcher matcher = pattern.matcher(lines[i]);
            if (matcher.find()) {
                return new int[] {i + 1, matcher.start(2) + 1};
            }
        }
        return null;
    }

    private String parentOf(String path) {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? topLevel : path.substring(0, dot);
    }

    private String typeName(Class<?> type) {
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "a whole number";
        }
        if (type == Double.class || type == double.class) {
            return "a number";
        }
        if (type == String.class) {
            return "a text";
        }
        if (type == Boolean.class) {
            return "true or false";
        }
        if (List.class.isAssignableFrom(type)) {
            return "a list";
        }
        String named = typeNames.get(type);
        if (named != null) {
            return named;
        }
        if (Map.class.isAssignableFrom(type) || type.getName().startsWith("dev.duel")) {
            return "a mapping (key: value lines)";
        }
        return type.getSimpleName();
    }
}
