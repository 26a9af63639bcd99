package dev.duel.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.record.runtime.Profile;
import dev.duel.record.runtime.RuntimeTimeline;
import dev.duel.record.runtime.ThreadCpuWindow;
import dev.duel.suite.RuntimeReaders;
import dev.duel.targets.TargetProcess;
import dev.duel.targets.runtime.JfrEvents;
import dev.duel.targets.runtime.ThreadCpuSample;
import dev.duel.targets.runtime.ThreadCpuSource;
import dev.duel.targets.runtime.ThreadKind;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Thread samples through a scenario on a manual clock and ticker (issue 12, item 1). */
class RuntimeWatchTest {
    private final AtomicLong nanos = new AtomicLong(10_000_000_000L);
    private final AtomicLong c2Ticks = new AtomicLong();
    private final List<Runnable> ticks = new ArrayList<>();
    private volatile boolean ended;
    private volatile boolean noJvm;

    private final RuntimeReaders readers = new RuntimeReaders() {
        @Override
        public ThreadCpuSource threads(TargetProcess target) throws IOException {
            if (noJvm) {
                throw new IOException("no JVM among the target's processes [7]");
            }
            return new ThreadCpuSource() {
                @Override
                public ThreadCpuSample read() throws IOException {
                    if (ended) {
                        throw new IOException("process 7 has ended");
                    }
                    long c2 = c2Ticks.get();
                    return new ThreadCpuSample(
                            nanos.get(), Map.of(2L, new ThreadCpuSample.Thread(ThreadKind.C2, c2)), c2);
                }

                @Override
                public long ticksPerSecond() {
                    return 100;
                }
            };
        }

        @Override
        public JfrEvents recording(Path file) {
            throw new AssertionError("not read here");
        }

        @Override
        public AutoCloseable everySecond(Runnable task) {
            ticks.add(task);
            return ticks::clear;
        }

        @Override
        public Instant wallClock() {
            return Instant.EPOCH.plusNanos(nanos.get());
        }
    };

    private void advance(long millis, long c2Millis) {
        nanos.addAndGet(millis * 1_000_000);
        c2Ticks.addAndGet(c2Millis / 10);
    }

    private void tick() {
        List.copyOf(ticks).forEach(Runnable::run);
    }

    @Test
    void samplesAtTheStartTheLoadsZeroEachSecondAndTheEnd() {
        RuntimeWatch watch = RuntimeWatch.start(Profile.THREADS, null, readers);
        advance(300, 100);
        watch.loadStarted();
        assertEquals(Instant.EPOCH.plusMillis(10_300), watch.loadOrigin());
        advance(1_000, 800);
        tick();
        advance(1_000, 200);
        tick();
        advance(400, 0);
        watch.close();
        tick(); // a tick after the close adds nothing
        RuntimeTimeline timeline = watch.timeline();
        assertEquals(Profile.THREADS, timeline.profile());
        assertEquals(List.of(), timeline.problems());
        List<ThreadCpuWindow> windows = timeline.threads();
        assertEquals(4, windows.size());
        assertEquals(-0.3, windows.get(0).startSeconds(), 1e-9);
        assertEquals(0.3, windows.get(0).seconds(), 1e-9);
        assertEquals(0, windows.get(1).startSeconds(), 1e-9);
        assertEquals(1, windows.get(2).startSeconds(), 1e-9);
        assertEquals(2, windows.get(3).startSeconds(), 1e-9);
        assertEquals(0.4, windows.get(3).seconds(), 1e-9);
        assertEquals(
                List.of(100.0, 800.0, 200.0, 0.0),
                windows.stream().map(ThreadCpuWindow::c2CpuMillis).toList());
    }

    @Test
    void aTargetThatEndsLeavesTheWindowsBeforeAndAProblemNotAnException() {
        RuntimeWatch watch = RuntimeWatch.start(Profile.JFR, null, readers);
        watch.loadStarted();
        advance(1_000, 500);
        tick();
        ended = true;
        advance(1_000, 0);
        tick();
        watch.close();
        RuntimeTimeline timeline = watch.timeline();
        assertEquals(2, timeline.threads().size());
        assertEquals(
                List.of(
                        "the target's threads could not be read after 3 sample(s): process 7 has ended",
                        "2 reads of the target's threads failed in all"),
                timeline.problems());
    }

    @Test
    void noJvmGivesAnEmptyTimelineThatSaysWhy() {
        noJvm = true;
        RuntimeWatch watch = RuntimeWatch.start(Profile.THREADS, null, readers);
        watch.loadStarted();
        watch.close();
        RuntimeTimeline timeline = watch.timeline();
        assertEquals(List.of(), timeline.threads());
        assertTrue(
                timeline.problems().get(0).contains("no JVM among"),
                timeline.problems().toString());
        assertNull(watch.loadOrigin());
    }

    @Test
    void theCompilersCoresOverTheLastSecondsComeFromTheReadingsThatFarApart() {
        RuntimeWatch watch = RuntimeWatch.start(Profile.THREADS, null, readers);
        watch.loadStarted();
        assertTrue(Double.isNaN(watch.compilerCoresOver(10)), "one reading: nothing to tell yet");
        // 12 s: the compiler at 0.3 of a core for 6 s, then at 0.02.
        for (int second = 0; second < 12; second++) {
            advance(1_000, second < 6 ? 300 : 20);
            tick();
        }
        assertTrue(Double.isNaN(watch.compilerCoresOver(20)), "readings span 12 s, not 20");
        assertEquals(0.02, watch.compilerCoresOver(4), 1e-9, "the last 4 s");
        assertEquals(
                (4 * 300 + 6 * 20) / 10_000.0, watch.compilerCoresOver(10), 1e-9, "the last 10 s: 4 busy, 6 quiet");
        watch.close();
    }

    @Test
    void nothingWatchedLeavesTheCompilerUnknown() {
        RuntimeWatch watch = RuntimeWatch.start(Profile.NONE, null, readers);
        watch.loadStarted();
        assertTrue(Double.isNaN(watch.compilerCoresOver(10)));
        watch.close();
    }

    @Test
    void profileNoneWatchesNothing() {
        RuntimeWatch watch = RuntimeWatch.start(Profile.NONE, null, readers);
        watch.loadStarted();
        watch.close();
        assertNull(watch.timeline());
        assertTrue(ticks.isEmpty());
    }
}
