package dev.duel.load.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.ManualClock;
import dev.duel.load.Turns;
import dev.duel.load.check.ResponseChecks;
import dev.duel.load.http.RequestSpec;
import dev.duel.load.http.RequestTemplate;
import dev.duel.load.record.IntervalCollector;
import dev.duel.load.record.LoopRecorder;
import dev.duel.load.record.SliceAccumulator;
import dev.duel.load.schedule.Timeline;
import dev.duel.load.schedule.TurnSchedule;
import dev.duel.record.Phase;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A closed-model user as one side of an interleaved pair, on an EmbeddedChannel with a manual clock: it writes only in
 * its own slices, waits on its open connection through the other side's, and a request in flight at a switch finishes
 * and counts for the slice that sent it.
 */
class InterleavedClosedUserTest {
    private static final long MS = 1_000_000L;
    private static final long SLICE_NANOS = 10 * MS;
    private static final long SERVER_NANOS = 3 * MS;
    private static final long MAIN_NANOS = 200 * MS;
    private static final String RESPONSE = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";

    private final ManualClock clock = new ManualClock(0);
    private EmbeddedChannel channel;

    @AfterEach
    void release() {
        channel.finishAndReleaseAll();
    }

    /** Moves the manual clock and the channel's scheduler together, running what came due. */
    private void advance(long nanos) {
        clock.advanceNanos(nanos);
        channel.advanceTimeBy(nanos, TimeUnit.NANOSECONDS);
        channel.runScheduledPendingTasks();
    }

    @Test
    void writesOnlyInItsOwnSlicesAndCountsEachRequestForTheSliceThatSentIt() {
        for (int side = 0; side < 2; side++) {
            for (long seed = 1; seed <= 3; seed++) {
                check(new Turns(side, 0, SLICE_NANOS, seed));
            }
        }
    }

    private void check(Turns turns) {
        if (channel != null) {
            channel.finishAndReleaseAll();
        }
        channel = new EmbeddedChannel();
        channel.freezeTime();
        long origin = clock.nanoTime();
        Timeline timeline = Timeline.phased(origin, 0, 0, MAIN_NANOS);
        TurnSchedule schedule = new TurnSchedule(timeline, turns);
        LoopRecorder recorder =
                new LoopRecorder(0, timeline, new IntervalCollector(1), Integer.MAX_VALUE, null, schedule);
        LoopContext context = new LoopContext(
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
                schedule);
        ClosedUser user = new ClosedUser(context);
        ConnectionOwner owner = new ConnectionOwner() {
            @Override
            public void onOpened(HttpConnection opened) {
                user.onOpened(opened);
            }

            @Override
            public void onOpenFailed() {}

            @Override
            public void onIdle(HttpConnection idle, long responseEndNanos) {
                user.onIdle(idle, responseEndNanos);
            }

            @Override
            public void onClosed(HttpConnection closed) {}
        };
        HttpConnection connection = new HttpConnection(context, owner);
        channel.pipeline().addLast(connection);
        connection.attach(channel);
        owner.onOpened(connection);

        List<Long> sentAt = new ArrayList<>();
        while (clock.nanoTime() - origin < MAIN_NANOS - SERVER_NANOS) {
            ByteBuf request = channel.readOutbound();
            if (request == null) {
                advance(MS / 4);
                continue;
            }
            request.release();
            sentAt.add(clock.nanoTime() - origin);
            advance(SERVER_NANOS);
            channel.writeInbound(Unpooled.copiedBuffer(RESPONSE, StandardCharsets.ISO_8859_1));
        }

        long[] sentPerSlice = new long[(int) (MAIN_NANOS / SLICE_NANOS)];
        for (long slice = 1; slice < sentPerSlice.length - 1; slice++) {
            if (turns.holdsSlice(slice) && !turns.holdsSlice(slice - 1)) {
                long start = slice * SLICE_NANOS;
                assertTrue(
                        sentAt.contains(start),
                        turns + ": waiting through the other side's slice, the user writes"
                                + " at the start of its own, " + start / 1e6 + " ms");
            }
        }
        for (long at : sentAt) {
            long slice = at / SLICE_NANOS;
            assertTrue(
                    turns.holdsSlice(slice),
                    turns + ": a request written at " + at / 1e6 + " ms, in the other side's" + " slice " + slice);
            sentPerSlice[(int) slice]++;
        }
        SliceAccumulator slices = recorder.slices();
        long counted = 0;
        for (int slice = 0; slice < sentPerSlice.length; slice++) {
            long answered = slice < slices.slices() ? slices.ok(slice) : 0;
            if (turns.holdsSlice(slice)) {
                // A write every 3 ms through a 10 ms slice: the last one's answer comes after the switch, and counts
                // here all the same.
                assertTrue(sentPerSlice[slice] >= 3 && sentPerSlice[slice] <= 4, turns + ": slice " + slice);
                if ((slice + 1) * SLICE_NANOS < MAIN_NANOS - SERVER_NANOS) {
                    assertEquals(sentPerSlice[slice], answered, turns + ": answers of slice " + slice);
                }
                long tenths = 0;
                for (int t = 0; t < SliceAccumulator.TENTHS; t++) {
                    tenths += slices.okInTenth(slice, t);
                }
                assertEquals(answered, tenths);
            } else {
                assertEquals(0, answered, turns + ": slice " + slice + " is the other side's");
            }
            counted += answered;
        }
        assertEquals(recorder.phase(Phase.MAIN).ok(), counted, "every correct answer of main is in a slice");
        assertTrue(counted > 0);
    }
}
