package dev.duel.cli.compare;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/** Small jars for tests: a manifest's main attributes and empty entries, as a framework's fat jar carries them. */
public final class Jars {
    private Jars() {}

    public static Path write(Path jar, Map<String, String> manifestAttributes, String... entries) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifestAttributes.forEach((name, value) -> manifest.getMainAttributes().putValue(name, value));
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file, manifest)) {
            for (String entry : entries) {
                out.putNextEntry(new JarEntry(entry));
                out.closeEntry();
            }
        }
        return jar;
    }
}
