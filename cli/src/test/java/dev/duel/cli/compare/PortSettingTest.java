package dev.duel.cli.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The port setting an application reads, from what its jar carries. */
class PortSettingTest {
    @TempDir
    Path temp;

    private PortSetting of(String name, Map<String, String> manifest, String... entries) throws IOException {
        return PortSetting.of(Jars.write(temp.resolve(name), manifest, entries));
    }

    @Test
    void springBootReadsServerPortWhateverItsLoader() throws IOException {
        PortSetting boot = of(
                "boot.jar",
                Map.of(
                        "Main-Class", "org.springframework.boot.loader.launch.JarLauncher",
                        "Spring-Boot-Version", "3.5.7"),
                "BOOT-INF/classes/app/App.class");
        assertEquals(
                new PortSetting(PortSetting.Kind.ENV, "SERVER_PORT", "a Spring Boot jar (Spring-Boot-Version 3.5.7)"),
                boot);
        assertEquals("SERVER_PORT: '${port}'", boot.yaml());
        // Spring Boot 2's loader, no version attribute.
        assertEquals(
                "SERVER_PORT",
                of("boot2.jar", Map.of("Main-Class", "org.springframework.boot.loader.JarLauncher"))
                        .name());
    }

    @Test
    void quarkusMicronautAndHelidonEachTheirOwn() throws IOException {
        assertEquals(
                "QUARKUS_HTTP_PORT",
                of("quarkus-run.jar", Map.of("Main-Class", "io.quarkus.bootstrap.runner.QuarkusEntryPoint"))
                        .name());
        assertEquals(
                "MICRONAUT_SERVER_PORT",
                of("mn.jar", Map.of("Main-Class", "app.Application"), "io/micronaut/runtime/Micronaut.class")
                        .name());
        assertEquals(
                "SERVER_PORT",
                of("helidon.jar", Map.of("Main-Class", "app.Main"), "io/helidon/webserver/WebServer.class")
                        .name());
    }

    @Test
    void anUnknownJarGetsPortAndIsToldHowToChange() throws IOException {
        PortSetting plain =
                of("app.jar", Map.of("Main-Class", "app.Main"), "app/Main.class", "io/javalin/Javalin.class");
        assertEquals("PORT", plain.name());
        assertTrue(plain.reason().contains("--port-env"), plain.reason());
    }

    @Test
    void aPropertyGoesOnTheJvmCommandLine() {
        PortSetting property = PortSetting.given(PortSetting.Kind.PROPERTY, "server.port");
        assertEquals("-Dserver.port=${port}", property.yaml());
        assertThrows(IllegalArgumentException.class, () -> PortSetting.given(PortSetting.Kind.ENV, "NOT A NAME"));
    }

    @Test
    void aFileThatIsNoJarIsRefusedWithTheReason() throws IOException {
        Path text = Files.writeString(temp.resolve("notes.jar"), "not a zip");
        assertThrows(IOException.class, () -> PortSetting.of(text));
    }
}
