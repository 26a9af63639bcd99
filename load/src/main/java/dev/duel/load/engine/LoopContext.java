package dev.duel.load.engine;

import dev.duel.load.Clock;
import dev.duel.load.check.CheckMemory;
import dev.duel.load.check.ResponseChecks;
import dev.duel.load.http.RequestTemplate;
import dev.duel.load.http.VariableSpec;
import dev.duel.load.record.LoopRecorder;
import dev.duel.load.schedule.Timeline;
import dev.duel.load.schedule.TurnSchedule;
import dev.duel.record.load.FailureExample;
import dev.duel.record.load.FailureKind;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoop;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * What one event loop owns for a run: its recorder, its variable sources, its connections, and
 * the timeout sweep. Confined to that event loop after construction.
 */
final class LoopContext {
    private final int index;
    private final EventLoop eventLoop;
    private final Clock clock;
    private final Timeline timeline;
    private final LoopRecorder recorder;
    private final RequestTemplate template;
    private final ResponseChecks checks;
    private final long timeoutNanos;
    private final Bootstrap bootstrap;
    private final InetSocketAddress address;
    private final VariableSpec.Source[] sources;
    /** When this run may send: always, or in its turns as one side of an interleaved pair. */
    private final TurnSchedule turns;
    /** Open connections; a set, so that closing one of thousands costs no scan. */
    private final Set<HttpConnection> connections = new LinkedHashSet<>();

    private boolean finished;
    private Runnable onFinish = () -> {};
    /** Bytes this loop's body checks may still hold beyond their fixed shares ({@link CheckMemory}). */
    private long checkBudgetBytes = DEFAULT_CHECK_BUDGET_BYTES;

    private long checkBudgetLimitBytes = DEFAULT_CHECK_BUDGET_BYTES;
    /** Volatile: counted on this loop, read by the run's end on another thread. */
    private volatile long checksGivenUp;
    /** Where a read is copied for the body checks; one per loop, as a loop feeds one read at a time. */
    private final byte[] checkScratch = new byte[CHECK_SCRATCH_BYTES];

    /** The check budget of a loop unless {@link #limitCheckBudget} says otherwise: 64 MiB. */
    static final long DEFAULT_CHECK_BUDGET_BYTES = 64L << 20;

    private static final int CHECK_SCRATCH_BYTES = 64 * 1024;

    LoopContext(
            int index,
            EventLoop eventLoop,
            Clock clock,
            Timeline timeline,
            LoopRecorder recorder,
            RequestTemplate template,
            ResponseChecks checks,
            long timeoutNanos,
            Bootstrap bootstrap,
            InetSocketAddress address,
            VariableSpec.Source[] sources,
            TurnSchedule turns) {
        this.index = index;
        this.eventLoop = eventLoop;
        this.clock = clock;
        this.timeline = timeline;
        this.recorder = recorder;
        this.template = template;
        this.checks = checks;
        this.timeoutNanos = timeoutNanos;
        this.bootstrap = bootstrap;
        this.address = address;
        this.sources = sources;
        this.turns = turns;
    }

    int index() {
        return index;
    }

    EventLoop eventLoop() {
        return eventLoop;
    }

    Clock clock() {
        return clock;
    }

    Timeline timeline() {
        return timeline;
    }

    LoopRecorder recorder() {
        return recorder;
    }

    TurnSchedule turns() {
        return turns;
    }

    RequestTemplate template() {
        return template;
    }

    ResponseChecks checks() {
        return checks;
    }

    boolean finished() {
        return finished;
    }

    void onFinish(Runnable action) {
        this.onFinish = action;
    }

    /** Sets the check budget; call before the loop starts. */
    void limitCheckBudget(long bytes) {
        this.checkBudgetBytes = Math.max(0, bytes);
        this.checkBudgetLimitBytes = checkBudgetBytes;
    }

    /** The loop's budget for body checks, shared by its connections. */
    CheckMemory checkMemory() {
        return checkMemory;
    }

    /** Responses whose check was given up for want of memory ({@link CheckMemory#gaveUp}); read after the run. */
    long checksGivenUp() {
        return checksGivenUp;
    }

    /** A buffer a read is copied into for the body checks; its contents are the caller's until it returns. */
    byte[] checkScratch() {
        return checkScratch;
    }

    private final CheckMemory checkMemory = new CheckMemory() {
        @Override
        public boolean reserve(long bytes) {
            if (bytes > checkBudgetBytes) {
                return false;
            }
            checkBudgetBytes -= bytes;
            return true;
        }

        @Override
        public void release(long bytes) {
            checkBudgetBytes += bytes;
        }

        @Override
        public void gaveUp() {
            checksGivenUp++; // written by this loop alone
        }

        @Override
        public String describe() {
            return String.format(Locale.ROOT, "%.1f MiB per event loop", checkBudgetLimitBytes / (1024.0 * 1024.0));
        }
    };

    void nextValues(String[] into) {
        for (int i = 0; i < sources.length; i++) {
            into[i] = sources[i].next();
        }
    }

    long millisSinceStart(long nanos) {
        return (nanos - timeline.startNanos()) / 1_000_000L;
    }

    /** Opens a connection for {@code owner}; the outcome arrives through the owner's callbacks. */
    void connect(ConnectionOwner owner) {
        if (finished) {
            return;
        }
        HttpConnection connection = new HttpConnection(this, owner);
        ChannelFuture future = bootstrap.clone().handler(connection).connect(address);
        future.addListener(done -> {
            if (finished) {
                if (done.isSuccess()) {
                    future.channel().close();
                }
                return;
            }
            if (done.isSuccess()) {
                connection.attach(future.channel());
                connections.add(connection);
                owner.onOpened(connection);
            } else {
                long now = clock.nanoTime();
                recorder.connectFailed(now);
                if (recorder.wantsExample(FailureKind.CONNECT)) {
                    recorder.example(new FailureExample(
                            FailureKind.CONNECT,
                            millisSinceStart(now),
                            timeline.phaseAt(now),
                            "cannot connect to " + address + ": " + done.cause().getMessage(),
                            0,
                            "",
                            "",
                            ""));
                }
                owner.onOpenFailed();
            }
        });
    }

    void forget(HttpConnection connection) {
        connections.remove(connection);
    }

    /** Runs {@code task} on this loop after {@code delayNanos}. */
    void schedule(Runnable task, long delayNanos) {
        eventLoop.schedule(task, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
    }

    /** Starts the periodic timeout sweep: a timer per request would cost more than the requests. */
    void startTimeoutSweep() {
        long periodNanos = Math.max(1_000_000L, Math.min(100_000_000L, timeoutNanos / 20));
        eventLoop.scheduleAtFixedRate(
                () -> {
                    if (finished) {
                        return;
                    }
                    long now = clock.nanoTime();
                    // Closing a timed-out connection removes it from the set: check a copy.
                    for (HttpConnection connection : connections.toArray(new HttpConnection[0])) {
                        connection.checkTimeout(now, timeoutNanos);
                    }
                },
                periodNanos,
                periodNanos,
                TimeUnit.NANOSECONDS);
    }

    /** Ends the run on this loop: requests in flight are interrupted, connections closed. */
    void finish() {
        if (finished) {
            return;
        }
        finished = true;
        onFinish.run();
        for (HttpConnection connection : new ArrayList<>(connections)) {
            connection.abandon();
        }
        connections.clear();
    }
}
