package dev.duel.record;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duel.record.load.Arrival;
import dev.duel.record.load.FailureKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The one JSON codec of records ({@link RunRecord}, {@link Environment}): how the suite writes them
 * and how the report and the command line read them back, into the same types.
 *
 * <p>Reading is strict: every field of the schema must be present, none may be null unless its type
 * says so ({@code @JsonSetter(nulls = Nulls.SET)}), and no unknown field may be, so a renamed field
 * fails loudly instead of reading as -1. Each file says which schema it follows
 * ({@code schemaVersion}); records written before the field existed follow schema 1. A newer schema
 * than {@link #SCHEMA_VERSION} is refused with a message to upgrade duel; an older one than
 * {@link #OLDEST_READABLE_SCHEMA_VERSION} is refused with its version named; one in between is brought up
 * to the current schema by {@link SchemaUpgrade} before it is bound. Thread-safe.
 */
public final class RecordJson {
    /** The schema this duel writes. Raise it whenever a field is added, removed, renamed or changes meaning or unit. */
    public static final int SCHEMA_VERSION = 11;
    /** The oldest schema this duel still reads. */
    public static final int OLDEST_READABLE_SCHEMA_VERSION = 1;
    /** The schema of records written before {@code schemaVersion} existed (duel 0.1.0 before this field). */
    static final int UNVERSIONED_SCHEMA_VERSION = 1;

    private static final ObjectMapper MAPPER = mapper();

    private RecordJson() {}

    private static ObjectMapper mapper() {
        JsonMapper mapper = JsonMapper.builder()
                .enable(SerializationFeature.INDENT_OUTPUT)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
                // null only where a type says a field may be null (@JsonSetter(nulls = Nulls.SET)).
                .defaultSetterInfo(JsonSetter.Value.forValueNulls(Nulls.FAIL))
                .build();
        // Schema-1 records spelled failure-example kinds in upper case ("CONNECT"); now they are lower case.
        mapper.configOverride(FailureKind.class)
                .setFormat(JsonFormat.Value.empty().withFeature(JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_VALUES));
        // Schema-1 records of closed-model runs have arrival "" where there is none: only there is "" read as null.
        mapper.coercionConfigFor(Arrival.class).setCoercion(CoercionInputShape.EmptyString, CoercionAction.AsNull);
        return mapper;
    }

    /** The record as written to disk: indented JSON, UTF-8. */
    public static byte[] bytes(Object record) {
        try {
            return MAPPER.writeValueAsBytes(record);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a record could not be written as JSON: " + e.getMessage(), e);
        }
    }

    /** The record as JSON text. */
    public static String text(Object record) {
        try {
            return MAPPER.writeValueAsString(record);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a record could not be written as JSON: " + e.getMessage(), e);
        }
    }

    public static RunRecord readRun(Path file) throws RecordException {
        return read(file, RunRecord.class, "run record");
    }

    /** A {@code duel micro} fork record ({@link dev.duel.record.micro.MicroRecord}). */
    public static dev.duel.record.micro.MicroRecord readMicro(Path file) throws RecordException {
        return read(file, dev.duel.record.micro.MicroRecord.class, "micro record");
    }

    public static Environment readEnvironment(Path file) throws RecordException {
        return read(file, Environment.class, "environment record");
    }

    /**
     * Reads {@code json} as a record of {@code type}; {@code source} names it in errors. Types with
     * a {@code schemaVersion} component ({@link RunRecord}, {@link Environment}) have it checked; others
     * (a {@code duel load --out} result) are read strictly as they are.
     */
    public static <T> T read(String json, String source, Class<T> type) throws RecordException {
        JsonNode tree;
        try {
            tree = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new RecordException(source + " is not JSON (" + e.getOriginalMessage() + ")", e);
        }
        return bind(tree, source, type, type.getSimpleName());
    }

    private static <T> T read(Path file, Class<T> type, String what) throws RecordException {
        JsonNode tree;
        try {
            tree = MAPPER.readTree(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            throw new RecordException(file + " is missing");
        } catch (JsonProcessingException e) {
            throw new RecordException(
                    file + " is not a readable " + what + ": not JSON (" + e.getOriginalMessage() + ")", e);
        } catch (IOException e) {
            throw new RecordException(file + " cannot be read (" + e.getMessage() + ")", e);
        }
        return bind(tree, file.toString(), type, what);
    }

    private static <T> T bind(JsonNode tree, String source, Class<T> type, String what) throws RecordException {
        if (tree == null || !tree.isObject()) {
            throw new RecordException(source + " is not a readable " + what + ": not a JSON object");
        }
        ObjectNode object = (ObjectNode) tree;
        if (!versioned(type)) {
            SchemaUpgrade.unversioned(object, type);
            return bind(object, source, type, what, "");
        }
        JsonNode versionNode = object.get("schemaVersion");
        int version;
        if (versionNode == null) {
            version = UNVERSIONED_SCHEMA_VERSION;
            object.put("schemaVersion", version);
        } else if (versionNode.isIntegralNumber()) {
            version = versionNode.intValue();
        } else {
            throw new RecordException(source + " is not a readable " + what + ": schemaVersion is " + versionNode
                    + ", not a whole number");
        }
        if (version > SCHEMA_VERSION) {
            throw new RecordException(source + " was written by a newer duel (record schema " + version + "; this duel "
                    + DuelVersion.current() + " reads schemas " + OLDEST_READABLE_SCHEMA_VERSION + " to "
                    + SCHEMA_VERSION
                    + "): upgrade duel to read it");
        }
        if (version < OLDEST_READABLE_SCHEMA_VERSION) {
            throw new RecordException(source + " follows record schema " + version + ", which this duel "
                    + DuelVersion.current()
                    + " no longer reads (it reads schemas " + OLDEST_READABLE_SCHEMA_VERSION + " to " + SCHEMA_VERSION
                    + "): report it with the duel that wrote it, or run the suite again");
        }
        SchemaUpgrade.toCurrent(object, version, type);
        return bind(object, source, type, what, " of schema " + version);
    }

    private static boolean versioned(Class<?> type) {
        return type.isRecord()
                && java.util.Arrays.stream(type.getRecordComponents())
                        .anyMatch(c -> c.getName().equals("schemaVersion"));
    }

    private static <T> T bind(ObjectNode object, String source, Class<T> type, String what, String ofSchema)
            throws RecordException {
        try {
            return MAPPER.treeToValue(object, type);
        } catch (UnrecognizedPropertyException e) {
            throw new RecordException(
                    source + " is not a readable " + what + ofSchema + ": " + path(e) + " is not a field of "
                            + (ofSchema.isEmpty() ? "it" : "that schema"),
                    e);
        } catch (MismatchedInputException e) {
            String problem = e.getOriginalMessage().startsWith("Missing creator property")
                    ? " is missing"
                    : ": " + e.getOriginalMessage().replaceAll("\\s*\\(through reference chain.*", "");
            throw new RecordException(source + " is not a readable " + what + ofSchema + ": " + path(e) + problem, e);
        } catch (JsonMappingException e) {
            throw new RecordException(
                    source + " is not a readable " + what + ofSchema + ": " + path(e) + ": " + e.getOriginalMessage(),
                    e);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new RecordException(source + " is not a readable " + what + ofSchema + ": " + e.getMessage(), e);
        }
    }

    /** "results[0].load.main.okPerSecond", the field that failed, or "the record". */
    private static String path(JsonMappingException e) {
        String path = JsonKeyPath.of(e);
        return path.isEmpty() ? "the record" : path;
    }
}
