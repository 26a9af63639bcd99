package dev.duel.targets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * An installed JDK, described by its {@code release} file. Immutable.
 *
 * @param home     the JDK's home folder
 * @param feature  the feature release (17, 25, ...)
 * @param version  the full version, e.g. {@code 25.0.3}
 * @param vendor   the implementor, e.g. {@code Eclipse Adoptium}
 */
public record Jdk(Path home, int feature, String version, String vendor) {

    public Path java() {
        return home.resolve("bin/java");
    }

    @Override
    public String toString() {
        return vendor + " " + version + " (" + home + ")";
    }

    /**
     * What the JDK's {@code release} file says of its build, read now: {@code JAVA_VERSION},
     * {@code IMPLEMENTOR}, {@code IMPLEMENTOR_VERSION} and {@code JAVA_RUNTIME_VERSION} (the build),
     * those present, unquoted, in that order. An update installed into the same folder changes them.
     */
    public java.util.Map<String, String> releaseFacts() {
        java.util.Map<String, String> facts = new java.util.LinkedHashMap<>();
        Properties properties = new Properties();
        try (var in = Files.newBufferedReader(home.resolve("release"))) {
            properties.load(in);
        } catch (IOException | IllegalArgumentException e) {
            return facts;
        }
        for (String key :
                java.util.List.of("JAVA_VERSION", "IMPLEMENTOR", "IMPLEMENTOR_VERSION", "JAVA_RUNTIME_VERSION")) {
            String value = unquote(properties.getProperty(key));
            if (value != null && !value.isEmpty()) {
                facts.put(key, value);
            }
        }
        return facts;
    }

    /** Reads a JDK home, or returns null when the folder is not one. */
    static Jdk at(Path home) {
        Path release = home.resolve("release");
        if (!Files.isExecutable(home.resolve("bin/java")) || !Files.isRegularFile(release)) {
            return null;
        }
        Properties properties = new Properties();
        try (var in = Files.newBufferedReader(release)) {
            properties.load(in);
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
        String version = unquote(properties.getProperty("JAVA_VERSION"));
        if (version == null || version.isEmpty()) {
            return null;
        }
        String vendor = unquote(properties.getProperty("IMPLEMENTOR", "\"unknown\""));
        try {
            String first = version.split("[.+-]")[0];
            int feature = first.equals("1") ? Integer.parseInt(version.split("\\.")[1]) : Integer.parseInt(first);
            return new Jdk(home.toAbsolutePath().normalize(), feature, version, vendor);
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            return null;
        }
    }

    private static String unquote(String value) {
        return value == null ? null : value.replace("\"", "").trim();
    }
}
