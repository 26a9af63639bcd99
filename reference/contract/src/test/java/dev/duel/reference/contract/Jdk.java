package dev.duel.reference.contract;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * An installed JDK the apps are tested on, with the identity the apps should report for it.
 *
 * @param runtime {@code java.vendor} and {@code java.runtime.version}, as {@code /health} says them
 */
record Jdk(int feature, Path java, String runtime) {

    @Override
    public String toString() {
        return "JDK " + feature;
    }

    /** The JDK running the tests, and JDK 25 when installed under /usr/lib/jvm: one per feature release. */
    static List<Jdk> installed() {
        Map<Integer, Jdk> byFeature = new LinkedHashMap<>();
        List<Path> homes = new ArrayList<>();
        homes.add(Path.of(System.getProperty("java.home")));
        try (Stream<Path> jvms = Files.list(Path.of("/usr/lib/jvm"))) {
            jvms.filter(home -> Files.isExecutable(home.resolve("bin/java")) && !Files.isSymbolicLink(home))
                    .sorted()
                    .forEach(homes::add);
        } catch (IOException e) {
            // only the running JDK
        }
        for (Path home : homes) {
            Jdk jdk = describe(home.resolve("bin/java"));
            if (jdk != null && (jdk.feature == Runtime.version().feature() || jdk.feature == 25)) {
                byFeature.putIfAbsent(jdk.feature, jdk);
            }
        }
        return List.copyOf(byFeature.values());
    }

    private static Jdk describe(Path java) {
        try {
            Process process = new ProcessBuilder(java.toString(), "-XshowSettings:properties", "-version")
                    .redirectErrorStream(true)
                    .start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return null;
            }
            String vendor = property(output, "java.vendor");
            String version = property(output, "java.runtime.version");
            String feature = property(output, "java.specification.version");
            if (vendor == null || version == null || feature == null) {
                return null;
            }
            return new Jdk(Integer.parseInt(feature), java, vendor + " " + version);
        } catch (IOException | NumberFormatException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static String property(String settings, String name) {
        for (String line : settings.split("\n")) {
            String trimmed = line.trim();
            if (trimmed.startsWith(name + " = ")) {
                return trimmed.substring(name.length() + 3).trim();
            }
        }
        return null;
    }
}
