package dev.duel.targets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Finds the JDK a target asks for: a home folder, a path to {@code java}, or a feature version such
 * as {@code 17} or {@code 25}, looked for in {@code JAVA_HOME}, under /usr/lib/jvm, and in the
 * running JVM. Thread-safe; it reads the disk on each call.
 */
public final class JdkResolver {
    private final Path jvmFolder;
    private final Map<String, String> environment;

    public JdkResolver() {
        this(Path.of("/usr/lib/jvm"), System.getenv());
    }

    JdkResolver(Path jvmFolder, Map<String, String> environment) {
        this.jvmFolder = jvmFolder;
        this.environment = environment;
    }

    /** Every JDK found, one per home folder, the running JVM's first. */
    public List<Jdk> installed() {
        List<Path> homes = new ArrayList<>();
        homes.add(Path.of(System.getProperty("java.home")));
        String javaHome = environment.get("JAVA_HOME");
        if (javaHome != null && !javaHome.isBlank()) {
            homes.add(Path.of(javaHome));
        }
        if (Files.isDirectory(jvmFolder)) {
            try (Stream<Path> folders = Files.list(jvmFolder)) {
                folders.sorted().forEach(homes::add);
            } catch (IOException e) {
                // only what was found elsewhere
            }
        }
        Map<Path, Jdk> byRealHome = new LinkedHashMap<>();
        for (Path home : homes) {
            Jdk jdk = Jdk.at(home);
            if (jdk != null) {
                try {
                    byRealHome.putIfAbsent(home.toRealPath(), jdk);
                } catch (IOException e) {
                    byRealHome.putIfAbsent(home, jdk);
                }
            }
        }
        return List.copyOf(byRealHome.values());
    }

    /**
     * @param spec a JDK home, a path to its {@code bin/java}, or a feature version ("17", "25")
     * @throws IllegalArgumentException naming the JDKs found, when none fits
     */
    public Jdk resolve(String spec) {
        String wanted = spec == null ? "" : spec.trim();
        if (wanted.contains("/")) {
            Path path = Path.of(wanted);
            Path home = path.endsWith("bin/java") ? path.getParent().getParent() : path;
            Jdk jdk = Jdk.at(home);
            if (jdk == null) {
                throw new IllegalArgumentException(
                        "java: " + wanted + " is not a JDK home (no bin/java and release file there)");
            }
            return jdk;
        }
        List<Jdk> installed = installed();
        try {
            int feature = Integer.parseInt(wanted);
            for (Jdk jdk : installed) {
                if (jdk.feature() == feature) {
                    return jdk;
                }
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "java: '" + wanted + "' is neither a version like 17 or 25 nor a path to a JDK");
        }
        String found = installed.isEmpty()
                ? "none"
                : installed.stream()
                        .map(j -> "  " + j.feature() + ": " + j)
                        .collect(Collectors.joining("\n", "\n", ""));
        throw new IllegalArgumentException("java: no JDK " + wanted + " found (JAVA_HOME, " + jvmFolder
                + ", the running JVM); install one or give its path. JDKs found:" + found);
    }
}
