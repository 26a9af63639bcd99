package dev.duel.cli.compare;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.Locale;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * How an application is told which port to listen on: an environment variable ({@code SERVER_PORT}) or a system
 * property ({@code -Dserver.port=...}), and why duel chose it. duel starts each target on a free port of its own
 * choosing, so a target that ignores the setting listens where duel does not look and never becomes ready. Immutable.
 *
 * @param kind   whether the port goes in an environment variable or a system property
 * @param name   the variable's or the property's name
 * @param reason why this one, for the plan and the suite file's comment ("a Spring Boot jar (Spring-Boot-Version 3.5.7)")
 */
public record PortSetting(Kind kind, String name, String reason) {
    /** Where the port goes. */
    public enum Kind {
        /** an environment variable of the target's process */
        ENV,
        /** a {@code -D} system property on the target's JVM command line */
        PROPERTY
    }

    public PortSetting {
        if (!name.matches("[A-Za-z_][A-Za-z0-9_.-]*")) {
            throw new IllegalArgumentException("'" + name + "' is not a variable or property name");
        }
    }

    /** The setting the application in {@code jar} reads, from its manifest and the classes it carries. */
    public static PortSetting of(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            Attributes main = manifest == null ? new Attributes() : manifest.getMainAttributes();
            String mainClass = value(main, "Main-Class");
            String springBoot = value(main, "Spring-Boot-Version");
            if (!springBoot.isEmpty() || mainClass.startsWith("org.springframework.boot.loader")) {
                // Spring Boot binds SERVER_PORT to server.port (relaxed binding); PORT it ignores.
                return new PortSetting(
                        Kind.ENV,
                        "SERVER_PORT",
                        "a Spring Boot jar"
                                + (springBoot.isEmpty() ? "" : " (Spring-Boot-Version " + springBoot + ")"));
            }
            if (mainClass.startsWith("io.quarkus.")) {
                return new PortSetting(Kind.ENV, "QUARKUS_HTTP_PORT", "a Quarkus jar (Main-Class " + mainClass + ")");
            }
            String framework = carried(file);
            if (framework != null) {
                return switch (framework) {
                    case "io/micronaut/" ->
                        new PortSetting(Kind.ENV, "MICRONAUT_SERVER_PORT", "a Micronaut jar (it carries io.micronaut)");
                    case "io/quarkus/" ->
                        new PortSetting(Kind.ENV, "QUARKUS_HTTP_PORT", "a Quarkus jar (it carries io.quarkus)");
                    default ->
                        new PortSetting(
                                Kind.ENV,
                                "SERVER_PORT",
                                "a Helidon jar (it carries io.helidon; server.port from SERVER_PORT)");
                };
            }
            return new PortSetting(
                    Kind.ENV,
                    "PORT",
                    "no framework recognised in the jar: PORT, as Javalin, Ktor, Heroku and Cloud Run apps read;"
                            + " give --port-env or --port-property if the app reads another");
        }
    }

    /** A setting given on the command line. */
    public static PortSetting given(Kind kind, String name) {
        return new PortSetting(kind, name, kind == Kind.ENV ? "given with --port-env" : "given with --port-property");
    }

    /** How the suite file writes it: the environment entry or the JVM argument, with duel's {@code ${port}}. */
    public String yaml() {
        return kind == Kind.ENV ? name + ": '${port}'" : "-D" + name + "=${port}";
    }

    @Override
    public String toString() {
        return (kind == Kind.ENV ? name + " (environment)" : "-D" + name) + ": " + reason;
    }

    private static String value(Attributes attributes, String name) {
        String value = attributes.getValue(name);
        return value == null ? "" : value.trim();
    }

    /** The first framework package the jar carries as classes of its own (a fat jar's), or null. */
    private static String carried(JarFile file) {
        Enumeration<JarEntry> entries = file.entries();
        while (entries.hasMoreElements()) {
            String entry = entries.nextElement().getName().toLowerCase(Locale.ROOT);
            for (String prefix : new String[] {"io/micronaut/", "io/quarkus/", "io/helidon/"}) {
                if (entry.startsWith(prefix)) {
                    return prefix;
                }
            }
        }
        return null;
    }
}
