package dev.duel.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.http.VariableSpec;
import dev.duel.load.schedule.Rate;
import dev.duel.record.Phase;
import dev.duel.record.load.Arrival;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.SecondResult;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What the engine allocates per request over main, with its checks on, counted on its event loops' threads
 * ({@code ThreadMXBean}'s allocated bytes: a count, not a timing, so a slow machine changes it little). duel's JVM
 * has a 12 MB young generation (the {@code duel} script's {@code -Xmn12m}, 9.6 MB of it eden): at the rates a 2 s main
 * of {@code duel smoke} sees, the engine must stay far below the 4.8 MB a second that would fill eden within main.
 * See {@link Loopback}.
 */
@Tag("slow") // real load runs against servers on loopback: CI runs it; the quick loop (-Pquick) leaves it out
class LoopbackAllocationTest {
    /** Bytes the event loops and the control thread allocated over main, read at its edges. */
    private static final class Allocation implements ProgressListener {
        private final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        private final long controlThreadId = Thread.currentThread().getId();
        private long loopsAtMain;
        private long controlAtMain;
        long loopBytes;
        long controlBytes;

        @Override
        public void onSecond(SecondResult second, Histogram latency, RunStatus status) {}

        @Override
        public void onPhase(Phase phase) {
            if (phase == Phase.MAIN) {
                loopsAtMain = loopBytes();
                controlAtMain = threads.getThreadAllocatedBytes(controlThreadId);
            } else if (phase == Phase.ENDED) {
                // the control thread first: listing the threads allocates on it
                controlBytes = threads.getThreadAllocatedBytes(controlThreadId) - controlAtMain;
                loopBytes = loopBytes() - loopsAtMain;
            }
        }

        private long loopBytes() {
            long bytes = 0;
            for (Thread thread : Thread.getAllStackTraces().keySet()) {
                if (thread.getName().startsWith("duel-loop")) {
                    bytes += threads.getThreadAllocatedBytes(thread.getId());
                }
            }
            return bytes;
        }
    }

    /** The reference API's product: its id is the path's last segment, which the check compares. */
    private static TestServer products() throws InterruptedException {
        return new TestServer((n, c, t, request) -> {
            String id = request.uri().substring(request.uri().lastIndexOf('/') + 1);
            return TestServer.Answer.ok("{\"id\":" + id + ",\"name\":\"Product " + id + "\",\"priceCents\":4200}");
        });
    }

    private static double perRequest(LoadModel model, String label, double boundBytes) throws Exception {
        try (TestServer server = products()) {
            Allocation allocation = new Allocation();
            LoadPlan plan = Loopback.plan(
                    server.url("/products/${id}"),
                    model,
                    Loopback.phases(3_000, 0, 2_000),
                    List.of("status == 200", "json:/id == ${id}"),
                    Map.of("id", VariableSpec.parse("seq:1..10000")));
            LoadResult result = new LoadEngine().run(plan, allocation);
            long requests = result.main().ok() + result.main().failed();
            assertEquals(0, result.main().failed(), result.failureExamples().toString());
            assertTrue(requests > 1_000, label + ": " + requests + " requests in main");
            double perRequest = allocation.loopBytes / (double) requests;
            System.out.printf(
                    Locale.ROOT,
                    "%s: the event loops allocated %.0f bytes per request (%,d requests in main), the control thread"
                            + " %.0f KB over main (its readings at main's start, the seconds)%n",
                    label,
                    perRequest,
                    requests,
                    allocation.controlBytes / 1024.0);
            assertTrue(perRequest < boundBytes, label + ": " + perRequest + " bytes per request");
            return perRequest;
        }
    }

    @Test
    void theEngineCollectsItsHeapInTheGapSoThatMainBeginsWithAnEmptyYoungGeneration() throws Exception {
        List<java.lang.management.GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
        long[] collectionsAt = new long[2];
        ProgressListener listener = new ProgressListener() {
            @Override
            public void onSecond(SecondResult second, Histogram latency, RunStatus status) {}

            @Override
            public void onPhase(Phase phase) {
                long collections = collectors.stream()
                        .mapToLong(java.lang.management.GarbageCollectorMXBean::getCollectionCount)
                        .sum();
                if (phase == Phase.GAP) {
                    collectionsAt[0] = collections;
                } else if (phase == Phase.MAIN) {
                    collectionsAt[1] = collections;
                }
            }
        };
        try (TestServer server = products()) {
            LoadPlan plan = Loopback.plan(
                    server.url("/products/${id}"),
                    new LoadModel.Closed(2),
                    Loopback.phases(500, 300, 500),
                    List.of("json:/id == ${id}"),
                    Map.of("id", VariableSpec.parse("seq:1..10000")));
            new LoadEngine().run(plan, listener);
        }
        assertTrue(
                collectionsAt[1] > collectionsAt[0],
                "a collection between the gap's start and main's: " + collectionsAt[0] + ", " + collectionsAt[1]);
    }

    @Test
    void aClosedModelWithItsChecksOnAllocatesTensOfBytesPerRequest() throws Exception {
        // Measured 50-55 bytes (the sequence variable's value, a string per request, is most of it); 940-1,060 when
        // each response made a JSON parser and the compared values' decimals.
        perRequest(new LoadModel.Closed(8), "closed, 8 users", 300);
    }

    @Test
    void anOpenModelAddsItsTimerPerArrival() throws Exception {
        // Measured 150-190 bytes at 2,000 requests/s: each arrival's timer (Netty's scheduled task and its closure).
        perRequest(new LoadModel.Open(Rate.perSecond(2_000), Arrival.UNIFORM, 8), "open, 2,000 requests/s", 600);
    }
}
