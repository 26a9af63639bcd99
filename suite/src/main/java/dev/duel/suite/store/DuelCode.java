package dev.duel.suite.store;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A SHA-256 of duel's own code, so that a resume notices a rebuilt duel whose version string
 * ({@code 0.1.0-SNAPSHOT} for every build) did not change. The version file holds no commit, so
 * the code itself is hashed: the jar or classes folder each measuring module was loaded from (its
 * {@link CodeSource}): one jar when duel runs from its packaged jar, one folder per module when it runs
 * from a build tree. A folder is hashed by its {@code .class} files in the order of their relative paths,
 * each path and content in turn, so that neither where the tree lies nor file times count. Stateless.
 */
public final class DuelCode {
    /** A class of each module whose code measures: the suite, the load engine, the targets, the record. */
    private static final List<Class<?>> MODULES = List.of(
            DuelCode.class,
            dev.duel.load.LoadEngine.class,
            dev.duel.targets.TargetLauncher.class,
            dev.duel.record.RunRecord.class);

    private DuelCode() {}

    /** The hash of the code duel runs now, lower-case hex; null when a module's code source cannot be read. */
    public static String sha256() {
        List<Path> sources = new ArrayList<>();
        for (Class<?> module : MODULES) {
            Path source = sourceOf(module);
            if (source == null) {
                return null;
            }
            sources.add(source);
        }
        try {
            return sha256(sources);
        } catch (IOException e) {
            return null;
        }
    }

    /** The jar or folder {@code type} was loaded from, or null when the JVM does not say. */
    static Path sourceOf(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return null;
        }
        try {
            return Path.of(source.getLocation().toURI());
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    /** The hash of {@code sources} (jars or class folders; the same one twice counts once), in order. */
    public static String sha256(List<Path> sources) throws IOException {
        MessageDigest all = digest();
        Set<Path> seen = new LinkedHashSet<>();
        for (Path source : sources) {
            if (seen.add(source.toAbsolutePath().normalize())) {
                all.update(source(source).getBytes(StandardCharsets.US_ASCII));
            }
        }
        return HexFormat.of().formatHex(all.digest());
    }

    private static String source(Path source) throws IOException {
        if (Files.isRegularFile(source)) {
            return "jar " + RunInputs.sha256(source) + "\n";
        }
        MessageDigest folder = digest();
        List<Path> classes;
        try (Stream<Path> files = Files.walk(source)) {
            classes = files.filter(f -> Files.isRegularFile(f) && f.toString().endsWith(".class"))
                    .sorted((x, y) -> source.relativize(x)
                            .toString()
                            .compareTo(source.relativize(y).toString()))
                    .toList();
        }
        for (Path file : classes) {
            folder.update(
                    (source.relativize(file).toString().replace('\\', '/') + "\0").getBytes(StandardCharsets.UTF_8));
            folder.update(HexFormat.of().parseHex(RunInputs.sha256(file)));
        }
        return "classes " + HexFormat.of().formatHex(folder.digest()) + "\n";
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
