package dev.duel.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.RecordJson;
import dev.duel.record.RunRecord;
import dev.duel.record.Status;
import dev.duel.record.runtime.JfrWindow;
import dev.duel.record.runtime.Profile;
import dev.duel.record.runtime.RuntimeTimeline;
import dev.duel.record.runtime.ThreadCpuWindow;
import dev.duel.suite.file.SuiteLoader;
import dev.duel.suite.fixtures.FixtureSuites;
import dev.duel.suite.run.Profiles;
import dev.duel.targets.fixtures.TargetSpecs;
import dev.duel.targets.runtime.JfrEvents;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runtime timeline through the whole runner on a simulated machine (issue 12, item 1). */
class RuntimeTimelineWithFakesTest {
    @TempDir
    Path temp;

    private RunRecord runOnce(FakeMachine machine, String profileLine) throws Exception {
        Path jar = Files.writeString(temp.resolve("app.jar"), "not read by fakes");
        String target = """
                  - name: a
                    java: 17
                    jar: %s
                %s
                """.formatted(jar, profileLine);
        Path file = Files.writeString(temp.resolve("suite.yaml"), FixtureSuites.suite(target, 1));
        Suite suite = new SuiteLoader(temp).load(file);
        SuiteOutcome outcome =
                new SuiteRunner(suite, temp.resolve("results"), SuiteListener.NONE, machine.parts()).run();
        assertEquals(1, outcome.ok(), outcome.toString());
        return RecordJson.readRun(temp.resolve("results/runs/001-a-health.json"));
    }

    @Test
    void aJvmTargetGetsThreadWindowsOnTheLoadsAxisByDefault() throws Exception {
        RunRecord record = runOnce(new FakeMachine(), "");
        RuntimeTimeline timeline = record.results().get(0).runtime();
        assertNotNull(timeline);
        assertEquals(Profile.THREADS, timeline.profile(), "a run without a warm-up curve: threads");
        assertEquals(List.of(), timeline.problems());
        assertNull(timeline.jfr());
        assertNull(timeline.jfrFile());
        // The fake clock has no ticks of its own: the scenario's start to the load's 0 s, then the load.
        List<ThreadCpuWindow> windows = timeline.threads();
        assertEquals(2, windows.size(), windows.toString());
        assertTrue(windows.get(0).startSeconds() <= 0, windows.toString());
        assertEquals(0, windows.get(1).startSeconds(), 1e-9);
        ThreadCpuWindow load = windows.get(1);
        // The fake target uses one core while the load runs: all of it in its one application thread.
        assertEquals(load.seconds() * 1_000, load.otherCpuMillis(), 10.0);
        assertEquals(0, load.jitCpuMillis());
        assertEquals(0, load.lostCpuMillis());
    }

    @Test
    void profileNoneRecordsNoTimeline() throws Exception {
        RunRecord record = runOnce(new FakeMachine(), "    profile: none");
        assertNull(record.results().get(0).runtime());
    }

    @Test
    void withJfrTheRecordingIsCutIntoTheThreadWindowsAfterTheTargetStops() throws Exception {
        FakeMachine machine = new FakeMachine();
        // A compilation every 10 ms of the fake clock's first minute, on its wall clock.
        List<JfrEvents.Compilation> compilations = new ArrayList<>();
        for (int i = 0; i < 6_000; i++) {
            compilations.add(new JfrEvents.Compilation(FakeMachine.FAKE_EPOCH.plusMillis(i * 10L), 4, 0.5));
        }
        machine.recordingHolds(
                new JfrEvents(compilations, List.of(), List.of(), List.of(), List.of(), List.of(), List.of()));
        RunRecord record = runOnce(machine, "    profile: jfr");
        assertEquals(Status.OK, record.status());
        RuntimeTimeline timeline = record.results().get(0).runtime();
        assertEquals(Profile.JFR, timeline.profile());
        assertEquals(List.of(), timeline.problems());
        assertEquals("runs/001-a-health.jfr", timeline.jfrFile());
        List<JfrWindow> jfr = timeline.jfr();
        assertEquals(timeline.threads().size(), jfr.size());
        for (int i = 0; i < jfr.size(); i++) {
            ThreadCpuWindow edge = timeline.threads().get(i);
            assertEquals(edge.startSeconds(), jfr.get(i).startSeconds());
            assertEquals(edge.seconds(), jfr.get(i).seconds());
            // 100 compilations a second of the window, wherever its edges fell
            assertEquals(
                    edge.seconds() * 100,
                    jfr.get(i).compilations(),
                    1.0,
                    jfr.get(i).toString());
        }
        assertTrue(jfr.get(1).compilations() > 0);
    }

    @Test
    void aRecordingThatIsMissingIsAProblemNotALostRun() throws Exception {
        FakeMachine machine = new FakeMachine();
        machine.recordingHolds(null); // as a target killed before it could dump
        RunRecord record = runOnce(machine, "    profile: jfr");
        assertEquals(Status.OK, record.status());
        RuntimeTimeline timeline = record.results().get(0).runtime();
        assertNull(timeline.jfr());
        assertEquals(2, timeline.threads().size(), "the thread windows are kept");
        assertEquals(1, timeline.problems().size(), timeline.problems().toString());
        assertTrue(
                timeline.problems().get(0).contains("no flight recording at runs/001-a-health.jfr"),
                timeline.problems().toString());
    }

    @Test
    void theDefaultIsJfrOnlyForAJarTargetInARunWithAWarmupCurve() {
        dev.duel.targets.TargetSpec jar = TargetSpecs.jar("a", "17", Path.of("app.jar"));
        dev.duel.targets.TargetSpec command = TargetSpecs.command("c", List.of("java", "-jar", "app.jar"));
        var load = List.of(dev.duel.record.ScenarioKind.LOAD);
        var curve = List.of(dev.duel.record.ScenarioKind.LOAD, dev.duel.record.ScenarioKind.WARMUP_CURVE);
        assertEquals(Profile.THREADS, Profiles.of(jar, load));
        assertEquals(Profile.JFR, Profiles.of(jar, curve));
        assertEquals(Profile.NONE, Profiles.of(command, curve), "a command may not be a JVM");
        assertEquals(Profile.THREADS, Profiles.of(command.withProfile(Profile.THREADS), curve));
        assertEquals(Profile.NONE, Profiles.of(jar.withProfile(Profile.NONE), curve));
        var withStartup = List.of(dev.duel.record.ScenarioKind.STARTUP, dev.duel.record.ScenarioKind.WARMUP_CURVE);
        assertEquals(Profile.THREADS, Profiles.of(jar, withStartup), "JFR's own start would be timed as the app's");
        assertEquals(Profile.THREADS, Profiles.of(jar.withProfile(Profile.JFR), withStartup), "even when asked");
    }
}
