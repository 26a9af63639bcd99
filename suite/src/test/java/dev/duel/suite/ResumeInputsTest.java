package dev.duel.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.RecordJson;
import dev.duel.record.RunRecord;
import dev.duel.suite.file.SuiteLoader;
import dev.duel.suite.store.DuelCode;
import dev.duel.suite.store.ResultStore;
import dev.duel.suite.store.RunInputs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A resume notices a rebuilt jar, an updated JDK and another duel, and refuses to mix runs across
 * them unless told {@code --resume-anyway}, which every later record then states (issue 10, item 16).
 * On a simulated machine: nothing is started, the jars and the JDK are files in a temp folder.
 */
class ResumeInputsTest {
    @TempDir
    Path temp;

    private Path jar;
    private Path jdkRelease;
    private Suite suite;

    @BeforeEach
    void suiteWithAJarAndAJdk() throws Exception {
        jar = Files.writeString(temp.resolve("app.jar"), "build 1");
        Path jdk = temp.resolve("jdk");
        Files.createDirectories(jdk.resolve("bin"));
        Files.writeString(jdk.resolve("bin/java"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(jdk.resolve("bin/java"), PosixFilePermissions.fromString("rwxr-xr-x"));
        jdkRelease = Files.writeString(
                jdk.resolve("release"),
                "IMPLEMENTOR=\"Debian\"\nJAVA_RUNTIME_VERSION=\"17.0.15+6-Debian-1deb12u1\"\nJAVA_VERSION=\"17.0.15\"\n");
        String targets = "";
        for (String name : List.of("a", "b")) {
            targets += """
                      - name: %s
                        java: %s
                        jar: app.jar
                        ready: {path: /health, timeout: 20s}
                    """.formatted(name, jdk);
        }
        String yaml = """
                name: inputs
                targets:
                %s
                scenarios:
                  - name: health
                    request: {path: /health}
                    model: {vus: 2}
                    phases: {warmup: 300ms, gap: 100ms, duration: 700ms}
                repetitions: 1
                cooldown: 0s
                loadgen: {threads: 1, warmup: 0s}
                gates:
                  quiet: {maxCores: 4.0, for: 1s, maxWait: 5s, retries: 1}
                  loadgen: {maxUtilization: 1.0}
                """.formatted(targets);
        suite = new SuiteLoader(temp).load(Files.writeString(temp.resolve("suite.yaml"), yaml));
    }

    private SuiteOutcome run(SuiteRunner.Resume resume) throws Exception {
        return new SuiteRunner(suite, temp.resolve("results"), SuiteListener.NONE, new FakeMachine().parts(), resume)
                .run();
    }

    /** Removes the last run's record, as if the first session had been stopped before it. */
    private void forgetLastRun() throws Exception {
        Files.delete(temp.resolve("results/runs/002-b-health.json"));
    }

    private RunRecord record(String stem) throws Exception {
        return RecordJson.readRun(temp.resolve("results/runs/" + stem + ".json"));
    }

    @Test
    void aRebuiltJarIsRefusedWithWhatChangedAndTheFixes() throws Exception {
        assertEquals(2, run(SuiteRunner.Resume.REFUSE_CHANGES).ok());
        RunInputs first = new ResultStore(temp.resolve("results")).inputs();
        assertEquals(RunInputs.sha256(jar), first.targets().get(0).jarSha256());
        assertEquals(
                "17.0.15+6-Debian-1deb12u1", first.targets().get(0).jdkRelease().get("JAVA_RUNTIME_VERSION"));
        forgetLastRun();
        String before = RunInputs.sha256(jar).substring(0, 12);
        Files.writeString(jar, "build 2");

        SuiteException refused = assertThrows(SuiteException.class, () -> run(SuiteRunner.Resume.REFUSE_CHANGES));

        assertTrue(
                refused.getMessage()
                        .contains("a's jar " + jar.toAbsolutePath() + " changed (SHA-256 " + before + "… before, "
                                + RunInputs.sha256(jar).substring(0, 12) + "… now)"),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("pass --resume-anyway"), refused.getMessage());
        assertTrue(Files.notExists(temp.resolve("results/runs/002-b-health.json")), "nothing ran");
    }

    @Test
    void anUpdatedJdkAndAnotherDuelAreRefusedToo() throws Exception {
        run(SuiteRunner.Resume.REFUSE_CHANGES);
        forgetLastRun();
        Files.writeString(
                jdkRelease,
                "IMPLEMENTOR=\"Debian\"\nJAVA_RUNTIME_VERSION=\"17.0.16+8-Debian-1deb12u1\"\nJAVA_VERSION=\"17.0.16\"\n");
        Path inputs = temp.resolve("results/inputs.json");
        Files.writeString(
                inputs,
                Files.readString(inputs)
                        .replaceFirst("\"duelVersion\" : \"[^\"]*\"", "\"duelVersion\" : \"0.0.1-older\""));

        String message = assertThrows(SuiteException.class, () -> run(SuiteRunner.Resume.REFUSE_CHANGES))
                .getMessage();

        assertTrue(message.contains("duel's version changed (0.0.1-older before, "), message);
        assertTrue(
                message.contains("b's JDK changed (Debian 17.0.15+6-Debian-1deb12u1 at " + temp.resolve("jdk")
                        + " before, Debian 17.0.16+8-Debian-1deb12u1 at " + temp.resolve("jdk") + " now)"),
                message);
    }

    @Test
    void resumeAnywayGoesOnAndEveryLaterRecordSaysWhatChanged() throws Exception {
        run(SuiteRunner.Resume.REFUSE_CHANGES);
        forgetLastRun();
        Files.writeString(jar, "build 2");

        SuiteOutcome outcome = run(SuiteRunner.Resume.ANYWAY);

        assertEquals(1, outcome.ok(), outcome.toString());
        assertEquals(List.of(), record("001-a-health").resumedAcross(), "measured before the change");
        List<String> crossed = record("002-b-health").resumedAcross();
        assertEquals(2, crossed.size(), crossed.toString()); // both targets run the rebuilt jar
        assertTrue(crossed.get(0).startsWith("a's jar "), crossed.toString());
        try (Stream<Path> files = Files.list(temp.resolve("results"))) {
            assertEquals(
                    1,
                    files.filter(f -> f.getFileName().toString().matches("inputs-.*\\.json"))
                            .count(),
                    "the new inputs are kept beside the first");
        }
        // The first inputs.json still names the build the first runs measured.
        assertEquals(
                RunInputs.sha256(Files.writeString(temp.resolve("probe.jar"), "build 1")),
                new ResultStore(temp.resolve("results"))
                        .inputs()
                        .targets()
                        .get(0)
                        .jarSha256());
    }

    @Test
    void aRebuiltDuelOfTheSameVersionIsRefused() throws Exception {
        run(SuiteRunner.Resume.REFUSE_CHANGES);
        RunInputs first = new ResultStore(temp.resolve("results")).inputs();
        assertEquals(DuelCode.sha256(), first.duelCodeSha256());
        forgetLastRun();
        Path inputs = temp.resolve("results/inputs.json");
        Files.writeString(
                inputs,
                Files.readString(inputs)
                        .replaceFirst("\"duelCodeSha256\" : \"[^\"]*\"", "\"duelCodeSha256\" : \"0123456789abcdef\""));

        String message = assertThrows(SuiteException.class, () -> run(SuiteRunner.Resume.REFUSE_CHANGES))
                .getMessage();

        assertTrue(
                message.contains("duel's code changed, same version " + first.duelVersion()
                        + " (SHA-256 0123456789ab… before, "
                        + first.duelCodeSha256().substring(0, 12)
                        + "… now): it was rebuilt"),
                message);
        // A folder an older duel made has neither hash: it reads, and the resume is refused as across another duel.
        Files.writeString(
                inputs,
                Files.readString(inputs)
                        .replaceFirst("\"duelCodeSha256\" : \"[^\"]*\",", "")
                        .replaceAll(",\\s*\"commandJars\" : \\{[^}]*}", ""));
        String older = assertThrows(SuiteException.class, () -> run(SuiteRunner.Resume.REFUSE_CHANGES))
                .getMessage();
        assertTrue(older.contains("(SHA-256 not recorded by that duel before, "), older);
    }

    @Test
    void aRebuiltJarThatACommandNamesIsRefused() throws Exception {
        Path tool = Files.writeString(temp.resolve("tool.jar"), "tool 1");
        String yaml = Files.readString(temp.resolve("suite.yaml"))
                .replaceFirst(
                        "jar: app.jar",
                        "command: [java, '-javaagent:" + temp.resolve("agent.jar") + "', -jar, " + tool + "]")
                .replaceFirst(
                        " *java: "
                                + java.util.regex.Pattern.quote(
                                        temp.resolve("jdk").toString()) + "\n",
                        "");
        Files.writeString(temp.resolve("agent.jar"), "agent 1");
        suite = new SuiteLoader(temp).load(Files.writeString(temp.resolve("suite.yaml"), yaml));
        run(SuiteRunner.Resume.REFUSE_CHANGES);
        RunInputs first = new ResultStore(temp.resolve("results")).inputs();
        assertEquals(
                java.util.Map.of(
                        tool.toAbsolutePath().toString(),
                        RunInputs.sha256(tool),
                        temp.resolve("agent.jar").toAbsolutePath().toString(),
                        RunInputs.sha256(temp.resolve("agent.jar"))),
                first.targets().get(0).commandJars());
        forgetLastRun();
        String before = RunInputs.sha256(tool).substring(0, 12);
        Files.writeString(tool, "tool 2");

        String message = assertThrows(SuiteException.class, () -> run(SuiteRunner.Resume.REFUSE_CHANGES))
                .getMessage();

        assertTrue(message.contains("a's command jars changed ("), message);
        assertTrue(message.contains(tool.toAbsolutePath() + " SHA-256 " + before + "… before"), message);
    }
}
