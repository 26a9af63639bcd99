package dev.duel.targets.runtime;

import dev.duel.record.runtime.JfrWindow;
import dev.duel.record.runtime.ThreadCpuWindow;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Cuts a recording's events into {@link JfrWindow}s with the edges of a scenario's {@link ThreadCpuWindow}s.
 * An event belongs to the window its start falls in ({@code start <= t < start + seconds}); events outside
 * every window are left out. Stateless.
 *
 * <p>The counters ({@code jdk.ThreadAllocationStatistics}, {@code jdk.ClassLoadingStatistics}) are read once a
 * second, not at the window edges: a window gets the difference of the counter interpolated linearly at its
 * two edges (rounded at each edge, so that consecutive windows add up), or -1 when no reading comes before its
 * start or none after its end.
 */
public final class JfrTimeline {
    /** Readings of one periodic event come out within microseconds; a new period starts after this gap. */
    private static final Duration SAME_PERIOD = Duration.ofMillis(200);

    private JfrTimeline() {}

    /**
     * @param origin 0 s of the windows' time axis, on the recording's wall clock
     * @param edges  the windows to fill, in order
     */
    public static List<JfrWindow> windows(JfrEvents events, Instant origin, List<ThreadCpuWindow> edges) {
        int count = edges.size();
        List<Map<String, Long>> compilations = new ArrayList<>();
        List<Map<String, Double>> compileMillis = new ArrayList<>();
        long[] deoptimizations = new long[count];
        long[] pauses = new long[count];
        double[] pauseMillis = new double[count];
        double[] longestPause = new double[count];
        long[] safepoints = new long[count];
        double[] safepointMillis = new double[count];
        for (int i = 0; i < count; i++) {
            compilations.add(new TreeMap<>());
            compileMillis.add(new TreeMap<>());
        }
        for (JfrEvents.Compilation compilation : events.compilations()) {
            int window = windowOf(edges, seconds(origin, compilation.start()));
            if (window >= 0) {
                String tier = String.valueOf(compilation.tier());
                compilations.get(window).merge(tier, 1L, Long::sum);
                compileMillis.get(window).merge(tier, compilation.millis(), Double::sum);
            }
        }
        for (Instant deoptimization : events.deoptimizations()) {
            int window = windowOf(edges, seconds(origin, deoptimization));
            if (window >= 0) {
                deoptimizations[window]++;
            }
        }
        // Collectors that write pause phases give one event per pause; the others only a collection with the sum.
        for (JfrEvents.Pause pause : events.pauses().isEmpty() ? events.collections() : events.pauses()) {
            int window = windowOf(edges, seconds(origin, pause.start()));
            if (window >= 0 && pause.millis() > 0) {
                pauses[window]++;
                pauseMillis[window] += pause.millis();
                longestPause[window] = Math.max(longestPause[window], pause.longestMillis());
            }
        }
        for (JfrEvents.Safepoint safepoint : events.safepoints()) {
            int window = windowOf(edges, seconds(origin, safepoint.start()));
            if (window >= 0) {
                safepoints[window]++;
                safepointMillis[window] += safepoint.millis();
            }
        }
        Cumulative allocated = allocated(events.allocations(), origin);
        Cumulative classes = new Cumulative();
        events.classesLoaded().stream()
                .sorted(Comparator.comparing(JfrEvents.Counter::at))
                .forEach(reading -> classes.add(seconds(origin, reading.at()), reading.value()));
        List<JfrWindow> windows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ThreadCpuWindow edge = edges.get(i);
            double end = edge.startSeconds() + edge.seconds();
            windows.add(new JfrWindow(
                    edge.startSeconds(),
                    edge.seconds(),
                    compilations.get(i),
                    compileMillis.get(i),
                    deoptimizations[i],
                    pauses[i],
                    pauseMillis[i],
                    longestPause[i],
                    safepoints[i],
                    safepointMillis[i],
                    allocated.between(edge.startSeconds(), end),
                    classes.between(edge.startSeconds(), end)));
        }
        return windows;
    }

    /**
     * The bytes all threads allocated since the first period, at each period: a thread also seen in the previous
     * period adds its growth since then, a thread first seen adds all it allocated (every living thread is read each
     * period, so it started in between). A thread that ended between two periods loses what it allocated after its
     * last reading.
     */
    private static Cumulative allocated(List<JfrEvents.Allocation> readings, Instant origin) {
        List<JfrEvents.Allocation> sorted = new ArrayList<>(readings);
        sorted.sort(Comparator.comparing(JfrEvents.Allocation::at));
        Cumulative cumulative = new Cumulative();
        Map<Long, Long> previous = new HashMap<>();
        Map<Long, Long> current = new HashMap<>();
        Instant periodStart = null;
        long total = 0;
        boolean first = true;
        for (int i = 0; i <= sorted.size(); i++) {
            JfrEvents.Allocation reading = i < sorted.size() ? sorted.get(i) : null;
            if (periodStart != null
                    && (reading == null
                            || Duration.between(periodStart, reading.at()).compareTo(SAME_PERIOD) > 0)) {
                if (!first) {
                    for (Map.Entry<Long, Long> thread : current.entrySet()) {
                        total += thread.getValue() - previous.getOrDefault(thread.getKey(), 0L);
                    }
                }
                first = false;
                cumulative.add(seconds(origin, periodStart), total);
                previous = current;
                current = new HashMap<>();
                periodStart = null;
            }
            if (reading != null) {
                if (periodStart == null) {
                    periodStart = reading.at();
                }
                current.put(reading.threadId(), reading.bytes());
            }
        }
        return cumulative;
    }

    /** Readings of a counter that only grows, interpolated linearly between them. */
    private static final class Cumulative {
        private final List<double[]> points = new ArrayList<>();

        void add(double atSeconds, double value) {
            points.add(new double[] {atSeconds, value});
        }

        /** The growth from {@code from} to {@code to}, or -1 unless readings bracket both. */
        long between(double from, double to) {
            if (points.isEmpty() || from < points.get(0)[0] || to > points.get(points.size() - 1)[0]) {
                return -1;
            }
            return Math.round(at(to)) - Math.round(at(from));
        }

        private double at(double seconds) {
            for (int i = 1; i < points.size(); i++) {
                double[] before = points.get(i - 1);
                double[] after = points.get(i);
                if (seconds <= after[0]) {
                    double span = after[0] - before[0];
                    return span <= 0 ? after[1] : before[1] + (after[1] - before[1]) * (seconds - before[0]) / span;
                }
            }
            return points.get(points.size() - 1)[1];
        }
    }

    private static double seconds(Instant origin, Instant at) {
        return Duration.between(origin, at).toNanos() / 1e9;
    }

    /** The window {@code seconds} falls in, or -1. */
    private static int windowOf(List<ThreadCpuWindow> edges, double seconds) {
        int low = 0;
        int high = edges.size() - 1;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            ThreadCpuWindow edge = edges.get(middle);
            if (seconds < edge.startSeconds()) {
                high = middle - 1;
            } else if (seconds >= edge.startSeconds() + edge.seconds()) {
                low = middle + 1;
            } else {
                return middle;
            }
        }
        return -1;
    }
}
