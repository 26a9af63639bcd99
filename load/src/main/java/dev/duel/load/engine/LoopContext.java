package dev.duel.load.engine;

import dev.duel.load.Clock;
import dev.duel.load.check.ResponseChecks;
import dev.duel.load.http.RequestTemplate;
import dev.duel.load.http.VariableSpec;
import dev.duel.load.record.LoopRecorder;
import dev.duel.load.schedule.Timeline;
import dev.duel.record.load.FailureExample;
import dev.duel.record.load.FailureKind;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoop;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashSet;
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
    /** Open connections; a set, so that closing one of thousands costs no scan. */
    private final Set<HttpConnection> connections = new LinkedHashSet<>();

    private boolean finished;
    private Runnable onFinish = () -> {};
    /**
     * Bytes this loop's connections may still hold in large body buffers between responses
     * ({@link HttpConnection#RETAINED_BODY_BYTES}); bounds what many connections with large answers keep.
     */
    private long bodyBudgetBytes = DEFAULT_BODY_BUDGET_BYTES;

    /** The large-body budget of a loop unless {@link #limitBodyBudget} says otherwise: 64 MiB. */
    static final long DEFAULT_BODY_BUDGET_BYTES = 64L << 20;

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
            VariableSpec.Source[] sources) {
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

    /** Sets the large-body budget; call before the loop starts. */
    void limitBodyBudget(long bytes) {
        this.bodyBudgetBytes = Math.max(0, bytes);
    }

    /** True if a connection may keep a body buffer of {@code bytes}, which it then holds until {@link #releaseBody}. */
    boolean retainBody(int bytes) {
        if (bytes > bodyBudgetBytes) {
            return false;
        }
        bodyBudgetBytes -= bytes;
        return true;
    }

    void releaseBody(int bytes) {
        bodyBudgetBytes += bytes;
    }

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
