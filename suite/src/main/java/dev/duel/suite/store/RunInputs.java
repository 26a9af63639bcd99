package dev.duel.suite.store;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import dev.duel.suite.Suite;
import dev.duel.targets.Jdk;
import dev.duel.targets.JdkResolver;
import dev.duel.targets.TargetSpec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What a suite's runs were measured with, beyond the suite file: duel's version and a hash of its
 * code, each target's jar (its SHA-256), the jars its command names, and its JDK's {@code release} facts. Kept in the results folder as
 * {@code inputs.json}, so that a resume can tell a rebuilt jar, an updated JDK or another duel from
 * the runs already there ({@link #changesSince}). Immutable.
 *
 * @param duelVersion    the duel that measured, as {@code DuelVersion.current()} says (the same for every build of a
 *                       version)
 * @param duelCodeSha256 SHA-256 of duel's code ({@link DuelCode}), lower-case hex; null when it could not be read, or
 *                       in a folder an older duel made (which did not hash it)
 * @param targets        one entry per target, in the suite's order
 */
public record RunInputs(
        String duelVersion, @JsonSetter(nulls = Nulls.SET) String duelCodeSha256, List<TargetInputs> targets) {
    public RunInputs {
        targets = List.copyOf(targets);
    }

    /**
     * @param target      the target's name
     * @param jar         the jar as the suite names it (absolute), or null for a plain command
     * @param jarSha256   SHA-256 of the jar's bytes, lower-case hex; null for a plain command or a missing jar
     * @param jdkHome     the JDK's home folder, or null for a plain command
     * @param jdkRelease  the JDK's {@code release} facts ({@link Jdk#releaseFacts()}); empty for a plain command
     * @param commandJars SHA-256 (hex) of each jar a plain command names (an argument, or the part after its last
     *                    '=' or ':', ending in ".jar" that is a file), by the argument's absolute path; empty for a
     *                    jar target; null in a folder an older duel made
     * @param aotCacheSha256 SHA-256 (hex) of the target's AOT cache ({@code aot/<target>.aot}) for a target with
     *                    {@code aotCache:}; null until its training wrote it (no run has used it before), for other
     *                    targets, and in a folder an older duel made
     */
    public record TargetInputs(
            String target,
            @JsonSetter(nulls = Nulls.SET) String jar,
            @JsonSetter(nulls = Nulls.SET) String jarSha256,
            @JsonSetter(nulls = Nulls.SET) String jdkHome,
            Map<String, String> jdkRelease,
            @JsonSetter(nulls = Nulls.SET) Map<String, String> commandJars,
            @JsonSetter(nulls = Nulls.SET) String aotCacheSha256) {
        public TargetInputs {
            jdkRelease = Map.copyOf(jdkRelease);
            commandJars =
                    commandJars == null ? null : java.util.Collections.unmodifiableMap(new TreeMap<>(commandJars));
        }
    }

    /** The inputs of {@code suite} as they are now on this machine (jars and AOT caches in {@code store} hashed). */
    public static RunInputs of(Suite suite, JdkResolver jdks, String duelVersion, ResultStore store)
            throws IOException {
        List<TargetInputs> targets = new ArrayList<>();
        for (TargetSpec spec : suite.targets()) {
            Jdk jdk = spec.java() == null ? null : jdks.resolve(spec.java());
            Path jar = spec.jar();
            Path cache = store.aotCache(spec.name());
            targets.add(new TargetInputs(
                    spec.name(),
                    jar == null ? null : jar.toAbsolutePath().toString(),
                    jar == null || !Files.isRegularFile(jar) ? null : sha256(jar),
                    jdk == null ? null : jdk.home().toString(),
                    jdk == null ? Map.of() : new java.util.TreeMap<>(jdk.releaseFacts()),
                    commandJars(spec.command()),
                    suite.aotCache(spec.name()) == null || !Files.isRegularFile(cache) ? null : sha256(cache)));
        }
        return new RunInputs(duelVersion, DuelCode.sha256(), targets);
    }

    /** These inputs with {@code target}'s AOT cache digest filled in (its training just wrote the cache). */
    RunInputs withAotCache(String target, String sha256) {
        return new RunInputs(
                duelVersion,
                duelCodeSha256,
                targets.stream()
                        .map(t -> t.target().equals(target)
                                ? new TargetInputs(
                                        t.target(),
                                        t.jar(),
                                        t.jarSha256(),
                                        t.jdkHome(),
                                        t.jdkRelease(),
                                        t.commandJars(),
                                        sha256)
                                : t)
                        .toList());
    }

    /** {@code target}'s entry, or null. */
    public TargetInputs target(String target) {
        return targets.stream()
                .filter(t -> t.target().equals(target))
                .findFirst()
                .orElse(null);
    }

    /** The jars a command names (java -jar x.jar, -javaagent:y.jar, --cp=z.jar), each hashed; see {@link TargetInputs}. */
    static Map<String, String> commandJars(List<String> command) throws IOException {
        Map<String, String> jars = new TreeMap<>();
        for (String argument : command) {
            String named = argument.substring(Math.max(argument.lastIndexOf('='), argument.lastIndexOf(':')) + 1);
            if (named.endsWith(".jar") && Files.isRegularFile(Path.of(named))) {
                Path jar = Path.of(named).toAbsolutePath();
                jars.put(jar.toString(), sha256(jar));
            }
        }
        return jars;
    }

    /**
     * {@code inputs.json} text as this duel writes it: the fields an older duel did not write ({@code
     * duelCodeSha256}, each target's {@code commandJars}) added as null, "not recorded", never a guessed value.
     * Text that is not a JSON object is returned as it is, for the reader to refuse with its own message.
     */
    static String withFieldsAddedSince(String json) {
        com.fasterxml.jackson.databind.JsonNode tree;
        try {
            tree = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return json;
        }
        if (!(tree instanceof com.fasterxml.jackson.databind.node.ObjectNode inputs)) {
            return json;
        }
        if (!inputs.has("duelCodeSha256")) {
            inputs.putNull("duelCodeSha256");
        }
        for (com.fasterxml.jackson.databind.JsonNode target : inputs.path("targets")) {
            if (target instanceof com.fasterxml.jackson.databind.node.ObjectNode entry && !entry.has("commandJars")) {
                entry.putNull("commandJars");
            }
            if (target instanceof com.fasterxml.jackson.databind.node.ObjectNode entry
                    && !entry.has("aotCacheSha256")) {
                entry.putNull("aotCacheSha256");
            }
        }
        return inputs.toString();
    }

    /**
     * What differs from {@code earlier} (the inputs of the folder's first runs), one sentence each
     * naming the target, what changed, and both values; empty when nothing did.
     */
    List<String> changesSince(RunInputs earlier) {
        List<String> changes = new ArrayList<>();
        if (!Objects.equals(earlier.duelVersion, duelVersion)) {
            changes.add("duel's version changed (" + earlier.duelVersion + " before, " + duelVersion + " now)");
        } else if (!Objects.equals(earlier.duelCodeSha256, duelCodeSha256)) {
            // The version is the same for every build of it: only the code tells a rebuilt duel.
            changes.add("duel's code changed, same version " + duelVersion + " (SHA-256 "
                    + (earlier.duelCodeSha256 == null ? "not recorded by that duel" : shortHash(earlier.duelCodeSha256))
                    + " before, " + shortHash(duelCodeSha256) + " now): it was rebuilt");
        }
        for (TargetInputs now : targets) {
            TargetInputs before = earlier.targets.stream()
                    .filter(t -> t.target().equals(now.target()))
                    .findFirst()
                    .orElse(null);
            if (before == null) {
                continue; // a new target means a new suite file, which the folder's suite.yaml check refuses
            }
            if (!Objects.equals(before.jar(), now.jar()) || !Objects.equals(before.jarSha256(), now.jarSha256())) {
                changes.add(now.target() + "'s jar " + now.jar() + " changed (SHA-256 " + shortHash(before.jarSha256())
                        + " before" + (Objects.equals(before.jar(), now.jar()) ? "" : " at " + before.jar()) + ", "
                        + shortHash(now.jarSha256()) + " now)");
            }
            if (!Objects.equals(before.commandJars(), now.commandJars())
                    && !(before.commandJars() == null && now.commandJars().isEmpty())) {
                changes.add(now.target() + "'s command jars changed (" + describeJars(before.commandJars())
                        + " before, " + describeJars(now.commandJars()) + " now)");
            }
            // Before its digest was recorded no run had used the cache: only a recorded one can have changed.
            if (before.aotCacheSha256() != null && !before.aotCacheSha256().equals(now.aotCacheSha256())) {
                changes.add(now.target() + "'s AOT cache aot/" + now.target() + ".aot changed (SHA-256 "
                        + shortHash(before.aotCacheSha256()) + " before, "
                        + (now.aotCacheSha256() == null
                                ? "no file now: it would be trained again"
                                : shortHash(now.aotCacheSha256()) + " now")
                        + ")");
            }
            if (!Objects.equals(before.jdkHome(), now.jdkHome())
                    || !Objects.equals(before.jdkRelease(), now.jdkRelease())) {
                changes.add(
                        now.target() + "'s JDK changed (" + describe(before) + " before, " + describe(now) + " now)");
            }
        }
        return changes;
    }

    private static String describe(TargetInputs inputs) {
        if (inputs.jdkHome() == null) {
            return "none";
        }
        Map<String, String> release = inputs.jdkRelease();
        return release.getOrDefault("IMPLEMENTOR", "?") + " "
                + release.getOrDefault("JAVA_RUNTIME_VERSION", release.getOrDefault("JAVA_VERSION", "?")) + " at "
                + inputs.jdkHome();
    }

    private static String describeJars(Map<String, String> jars) {
        if (jars == null) {
            return "not recorded by that duel";
        }
        if (jars.isEmpty()) {
            return "none";
        }
        List<String> each = new ArrayList<>();
        jars.forEach((jar, sha) -> each.add(jar + " SHA-256 " + shortHash(sha)));
        return String.join(", ", each);
    }

    private static String shortHash(String sha256) {
        return sha256 == null ? "none" : sha256.substring(0, Math.min(12, sha256.length())) + "…";
    }

    public static String sha256(Path file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                digest.update(buffer, 0, read);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
