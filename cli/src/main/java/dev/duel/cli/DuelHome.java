package dev.duel.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The duel checkout this command runs from: where {@code postgres: embedded} finds the reference
 * PostgreSQL launcher and {@code duel smoke} the reference apps. The launcher passes it as
 * {@code -Dduel.home}; otherwise it is found from the jar ({@code cli/target/duel.jar}) or taken
 * from {@code DUEL_HOME}.
 */
final class DuelHome {
    private DuelHome() {}

    static Path locate() {
        String property = System.getProperty("duel.home");
        if (property != null && !property.isBlank()) {
            return Path.of(property).toAbsolutePath().normalize();
        }
        String env = System.getenv("DUEL_HOME");
        if (env != null && !env.isBlank()) {
            return Path.of(env).toAbsolutePath().normalize();
        }
        try {
            Path jar = Path.of(DuelHome.class
                            .getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI())
                    .toAbsolutePath();
            // cli/target/duel.jar or cli/target/classes -> the checkout two folders up
            for (Path folder = jar.getParent(); folder != null; folder = folder.getParent()) {
                if (Files.isDirectory(folder.resolve("reference")) && Files.isRegularFile(folder.resolve("pom.xml"))) {
                    return folder;
                }
            }
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            // fall through to the working directory
        }
        return Path.of("").toAbsolutePath();
    }
}
