package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.targets.JdkResolver;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo's suites as the installed JDKs shape them (the demo itself takes minutes: run ./duel demo). */
class DemoCommandTest {
    @TempDir
    Path temp;

    private String previousHome;

    @BeforeEach
    void home() {
        previousHome = System.getProperty("duel.home");
        System.setProperty(
                "duel.home", Path.of("..").toAbsolutePath().normalize().toString());
    }

    @AfterEach
    void restore() {
        if (previousHome == null) {
            System.clearProperty("duel.home");
        } else {
            System.setProperty("duel.home", previousHome);
        }
    }

    @Test
    void withTwoJdksTheDemoComparesThemAndWithFrameworksTheTwoApps() {
        long features = new JdkResolver()
                .installed().stream()
                        .filter(j -> j.feature() >= 17)
                        .map(j -> j.feature())
                        .distinct()
                        .count();
        Captured plan = Captured.duel(
                "demo", "--dry-run", "--results", temp.resolve("a").toString());
        assertEquals(ExitCodes.OK, plan.exitCode(), plan.err());
        assertTrue(plan.out().contains("6 runs or more") && plan.out().contains("order interleaved"), plan.out());
        assertTrue(plan.out().contains("in turns with 002-"), plan.out());
        assertFalse(Files.exists(temp.resolve("a")), "a plan leaves nothing behind");
        if (features >= 2) {
            assertTrue(plan.out().contains("suite demo-jdk") && plan.out().contains("001  jdk"), plan.out());
        } else {
            assertTrue(plan.out().contains("suite demo-minimal-vs-controllers"), plan.out());
        }
        Captured frameworks = Captured.duel(
                "demo",
                "--dry-run",
                "--frameworks",
                "--results",
                temp.resolve("b").toString());
        assertEquals(ExitCodes.OK, frameworks.exitCode(), frameworks.err());
        Captured alternate = Captured.duel(
                "demo",
                "--dry-run",
                "--alternate",
                "--results",
                temp.resolve("c").toString());
        assertEquals(ExitCodes.OK, alternate.exitCode(), alternate.err());
        assertTrue(alternate.out().contains("6 runs, order alternate"), alternate.out());
        assertTrue(
                frameworks.out().contains("001  minimal")
                        && frameworks.out().contains("002  controllers")
                        && frameworks.out().contains("003  controllers")
                        && frameworks.out().contains("004  minimal"),
                frameworks.out());
    }
}
