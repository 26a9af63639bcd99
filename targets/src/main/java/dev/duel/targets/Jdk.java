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
