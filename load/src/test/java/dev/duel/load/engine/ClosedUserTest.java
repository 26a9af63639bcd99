package dev.duel.load.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.duel.load.ManualClock;
import dev.duel.load.check.ResponseChecks;
import dev.duel.load.http.RequestSpec;
import dev.duel.load.http.RequestTemplate;
import dev.duel.load.record.IntervalCollector;
import dev.duel.load.record.LoopRecorder;
import dev.duel.load.record.PhaseAccumulator;
import dev.duel.load.schedule.Timeline;
import dev.duel.record.Phase;
import dev.duel.record.load.PhaseResult;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A closed-model user on an EmbeddedChannel with a manual clock: what it measures of the engine's own delay. */
class ClosedUserTest {
    private static final long MS = 1_000_000L;
    private static final long SERVER_NANOS = 5 * MS;
    private static final long ENGINE_NANOS = 2 * MS;
    private static final String RESPONSE = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";

    private final ManualClock clock = new ManualClock(0);
    private final Timeline timeline = Timeline.phased(0, 0, 0, 3_600_000 * MS);
    private final LoopRecorder recorder =
            new LoopRecorder(0, timeline, new IntervalCollector(1), Integer.MAX_VALUE, null);
    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final LoopContext context = new LoopContext(
            0,
            channel.eventLoop(),
            clock,
            timeline,
            recorder,
            RequestTemplate.compile(new RequestSpec("GET", "http://127.0.0.1/x", List.of(), null), Map.of()),
            ResponseChecks.parse(List.of(), List.of()),
            10_000 * MS,
            null,
            null,
            new dev.duel.load.http.VariableSpec.Source[0],
            new dev.duel.load.schedule.TurnSchedule(timeline, dev.duel.load.Turns.ALWAYS));
    private final ClosedUser user = new ClosedUser(context);

    /** The engine's own work after each response (checks, recording) takes ENGINE_NANOS before the user hears of it. */
    private final ConnectionOwner slowEngine = new ConnectionOwner() {
        @Override
        public void onOpened(HttpConnection connection) {
            user.onOpened(connection);
        }

        @Override
        public void onOpenFailed() {
            user.onOpenFailed();
        }

        @Override
        public void onIdle(HttpConnection connection, long responseEndNanos) {
            clock.advanceNanos(ENGINE_NANOS);
            user.onIdle(connection, responseEndNanos);
        }

        @Override
        public void onClosed(HttpConnection connection) {}
    };

    @AfterEach
    void release() {
        channel.finishAndReleaseAll();
    }

    /** The server takes SERVER_NANOS to answer the request just written. */
    private void answer() {
        ByteBuf request = channel.readOutbound();
        request.release();
        clock.advanceNanos(SERVER_NANOS);
        channel.writeInbound(Unpooled.copiedBuffer(RESPONSE, StandardCharsets.ISO_8859_1));
    }

    private PhaseAccumulator main() {
        return recorder.phase(Phase.MAIN);
    }

    @Test
    void theEnginesTimeFromAResponseToTheNextRequestIsItsTurnaroundLagNotTheTargetsTime() {
        HttpConnection connection = new HttpConnection(context, slowEngine);
        channel.pipeline().addLast(connection);
        connection.attach(channel);
        slowEngine.onOpened(connection); // the first request goes out at once, after a connect: no turnaround
        answer();
        answer();
        answer();

        assertEquals(3, main().ok());
        // Requests 2, 3 and 4 followed a response on the connection, each ENGINE_NANOS after its last byte.
        assertEquals(3, main().turnaroundLag().getTotalCount());
        assertEquals(ENGINE_NANOS, main().turnaroundLag().getMaxValue(), ENGINE_NANOS / 500.0);
        assertEquals(ENGINE_NANOS, main().turnaroundLag().getMinValue(), ENGINE_NANOS / 500.0);
        // From the write, the target took SERVER_NANOS every time: the engine's delay is not the target's.
        assertEquals(SERVER_NANOS, main().uncorrectedLatency().getMaxValue(), SERVER_NANOS / 500.0);
        // From the moment the user was ready (the previous response's last byte) the engine's delay counts.
        assertEquals(
                SERVER_NANOS + ENGINE_NANOS, main().latency().getMaxValue(), (SERVER_NANOS + ENGINE_NANOS) / 500.0);

        PhaseResult closed = Results.phase(Phase.MAIN, main(), 1_000, true);
        assertEquals(3, closed.turnaroundLag().count());
        assertEquals(2.0, closed.turnaroundLag().p99Micros() / 1_000, 0.01);
        assertNull(Results.phase(Phase.MAIN, main(), 1_000, false).turnaroundLag(), "open model: not measured");
    }
}
