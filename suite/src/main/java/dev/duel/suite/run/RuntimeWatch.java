package dev.duel.suite.run;

import dev.duel.record.runtime.Profile;
import dev.duel.record.runtime.RuntimeTimeline;
import dev.duel.record.runtime.ThreadCpuWindow;
import dev.duel.suite.RuntimeReaders;
import dev.duel.targets.TargetProcess;
import dev.duel.targets.runtime.ThreadCpuSample;
import dev.duel.targets.runtime.ThreadCpuSource;
import dev.duel.targets.runtime.ThreadCpuTimeline;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Samples a JVM target's threads through one scenario: once when the scenario starts, once when the load
 * begins (its 0 s), then every second of the load, and once when it ends; the windows between samples become
 * the scenario's {@link RuntimeTimeline}. Nothing that goes wrong here ends the run: a JVM that cannot be found
 * or read gives a timeline whose {@code problems} say why. Thread-safe: samples come from the ticker's thread
 * and the load's control thread; the timeline is read after {@link #close()}.
 *
 * <p>The time axis is the load's: 0 s is the sample taken when the engine announced its first phase (the engine
 * takes its own 0 s a few microseconds before, with nothing blocking in between), and the recording's events are
 * placed on it through the wall clock read just before that sample ({@link #loadOrigin()}; the recording's
 * timestamps are the same kernel wall clock). The error of both is the time from the engine's 0 s to the sample:
 * under a millisecond, plus the wall clock's own step if NTP steps it during the run (it slews in the usual case).
 */
final class RuntimeWatch implements AutoCloseable {
    private final Profile profile;
    private final ThreadCpuSource threads;
    private final RuntimeReaders readers;
    private final List<ThreadCpuSample> samples = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private long originNanos = Long.MIN_VALUE;
    private Instant loadOrigin;
    private AutoCloseable ticking;
    private int failedReads;
    private boolean closed;

    private RuntimeWatch(Profile profile, ThreadCpuSource threads, RuntimeReaders readers, String problem) {
        this.profile = profile;
        this.threads = threads;
        this.readers = readers;
        if (problem != null) {
            problems.add(problem);
        }
    }

    /** Starts watching {@code target} with {@code profile} (nothing with {@link Profile#NONE}): the first sample. */
    static RuntimeWatch start(Profile profile, TargetProcess target, RuntimeReaders readers) {
        if (profile == Profile.NONE) {
            return new RuntimeWatch(profile, null, readers, null);
        }
        ThreadCpuSource threads;
        try {
            threads = readers.threads(target);
        } catch (IOException | RuntimeException e) {
            return new RuntimeWatch(
                    profile, null, readers, "the target's threads could not be read: " + e.getMessage());
        }
        RuntimeWatch watch = new RuntimeWatch(profile, threads, readers, null);
        watch.sample();
        return watch;
    }

    /**
     * The load began: its 0 s. Takes a sample (on the caller's thread: the engine's control thread, which reads the
     * target's CPU at the same moment anyway), whose time is the axis's 0 s, and from then on one every second.
     */
    synchronized void loadStarted() {
        if (threads == null || closed || loadOrigin != null) {
            return;
        }
        Instant wallClock = readers.wallClock();
        int before = samples.size();
        sampleLocked();
        if (samples.size() == before) {
            return; // the target is gone: the timeline says the load never began for it
        }
        originNanos = samples.get(before).atNanos();
        loadOrigin = wallClock;
        ticking = readers.everySecond(this::sample);
    }

    private synchronized void sample() {
        sampleLocked();
    }

    private void sampleLocked() {
        if (closed || threads == null) {
            return;
        }
        try {
            samples.add(threads.read());
        } catch (IOException | RuntimeException e) {
            if (failedReads++ == 0) {
                problems.add("the target's threads could not be read after " + samples.size() + " sample(s): "
                        + e.getMessage());
            }
        }
    }

    /** The load ended: the last sample, and no more. */
    @Override
    public void close() {
        AutoCloseable stop;
        synchronized (this) {
            if (closed) {
                return;
            }
            sampleLocked();
            closed = true;
            stop = ticking;
        }
        if (stop != null) {
            try {
                stop.close();
            } catch (Exception e) {
                // a ticker that cannot stop only runs samples that closed() ignores
            }
        }
    }

    /**
     * The cores the target's JIT compiler threads (C1 and C2) used, on average, from the reading about {@code seconds}
     * before the latest one to the latest: their CPU over the wall time between the two readings. NaN while there is
     * no pair of readings that far apart (within a reading's second), or nothing is watched. A compiler thread that
     * ended between the two readings is in neither reading's threads, so its CPU is not counted (the JDK ends idle
     * compiler threads: the count errs towards quiet). Thread-safe; the live counterpart of the timeline's windows.
     */
    synchronized double compilerCoresOver(double seconds) {
        if (threads == null || samples.size() < 2) {
            return Double.NaN;
        }
        ThreadCpuSample latest = samples.get(samples.size() - 1);
        long from = latest.atNanos() - (long) (seconds * 1e9);
        ThreadCpuSample earlier = null;
        for (int i = samples.size() - 2; i >= 0; i--) {
            earlier = samples.get(i);
            if (earlier.atNanos() <= from) {
                break;
            }
        }
        double spanSeconds = (latest.atNanos() - earlier.atNanos()) / 1e9;
        if (spanSeconds < seconds - 1) {
            return Double.NaN;
        }
        ThreadCpuWindow window = ThreadCpuTimeline.windows(
                        List.of(earlier, latest), earlier.atNanos(), threads.ticksPerSecond())
                .get(0);
        return window.jitCpuMillis() / 1000 / window.seconds();
    }

    /** The wall clock at the load's 0 s, or null when the load never began or nothing was watched. */
    synchronized Instant loadOrigin() {
        return loadOrigin;
    }

    /** The thread timeline (no recording yet), or null with {@link Profile#NONE}. Call after {@link #close()}. */
    synchronized RuntimeTimeline timeline() {
        if (profile == Profile.NONE) {
            return null;
        }
        List<String> said = new ArrayList<>(problems);
        if (failedReads > 1) {
            said.add(String.format(Locale.ROOT, "%d reads of the target's threads failed in all", failedReads));
        }
        List<ThreadCpuWindow> windows = List.of();
        if (threads != null && loadOrigin == null) {
            said.add("the load never began: no windows");
        } else if (threads != null) {
            windows = ThreadCpuTimeline.windows(samples, originNanos, threads.ticksPerSecond());
        }
        return new RuntimeTimeline(profile, windows, null, null, said);
    }
}
