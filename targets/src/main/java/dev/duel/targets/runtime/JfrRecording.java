package dev.duel.targets.runtime;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Reads the events of a target's flight recording that the runtime timeline uses ({@link JfrEvents}), with
 * {@code jdk.jfr.consumer} from duel's own JDK: JDK 17's reader reads JDK 25's recordings (format 2.1).
 * Stateless.
 */
public final class JfrRecording {
    private JfrRecording() {}

    /** @throws IOException the file is missing, cut short or not a recording */
    public static JfrEvents read(Path file) throws IOException {
        List<JfrEvents.Compilation> compilations = new ArrayList<>();
        List<Instant> deoptimizations = new ArrayList<>();
        List<JfrEvents.Pause> pauses = new ArrayList<>();
        List<JfrEvents.Pause> collections = new ArrayList<>();
        Map<Long, Instant> safepointBegins = new HashMap<>();
        Map<Long, Instant> safepointEnds = new HashMap<>();
        List<JfrEvents.Allocation> allocations = new ArrayList<>();
        List<JfrEvents.Counter> classes = new ArrayList<>();
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent event = recording.readEvent();
                switch (event.getEventType().getName()) {
                    case "jdk.Compilation" ->
                        compilations.add(new JfrEvents.Compilation(
                                event.getStartTime(), event.getShort("compileLevel"), millis(event.getDuration())));
                    case "jdk.Deoptimization" -> deoptimizations.add(event.getStartTime());
                    case "jdk.GCPhasePause" -> {
                        double millis = millis(event.getDuration());
                        pauses.add(new JfrEvents.Pause(event.getStartTime(), millis, millis));
                    }
                    case "jdk.GarbageCollection" ->
                        collections.add(new JfrEvents.Pause(
                                event.getStartTime(),
                                millis(event.getDuration("sumOfPauses")),
                                millis(event.getDuration("longestPause"))));
                    case "jdk.SafepointBegin" ->
                        safepointBegins.put(event.getLong("safepointId"), event.getStartTime());
                    case "jdk.SafepointEnd" -> safepointEnds.put(event.getLong("safepointId"), event.getEndTime());
                    case "jdk.ThreadAllocationStatistics" -> {
                        RecordedThread thread = event.getThread("thread");
                        if (thread != null) {
                            allocations.add(new JfrEvents.Allocation(
                                    event.getStartTime(), thread.getJavaThreadId(), event.getLong("allocated")));
                        }
                    }
                    case "jdk.ClassLoadingStatistics" ->
                        classes.add(new JfrEvents.Counter(event.getStartTime(), event.getLong("loadedClassCount")));
                    default -> {
                        // an event duel's settings did not ask for
                    }
                }
            }
        }
        List<JfrEvents.Safepoint> safepoints = new ArrayList<>();
        // A safepoint whose end was not recorded (the JVM exited in it) has no length: left out.
        safepointBegins.forEach((id, begin) -> {
            Instant end = safepointEnds.get(id);
            if (end != null) {
                safepoints.add(new JfrEvents.Safepoint(begin, millis(Duration.between(begin, end))));
            }
        });
        safepoints.sort(java.util.Comparator.comparing(JfrEvents.Safepoint::start));
        return new JfrEvents(compilations, deoptimizations, pauses, collections, safepoints, allocations, classes);
    }

    private static double millis(Duration duration) {
        return duration.toNanos() / 1e6;
    }
}
