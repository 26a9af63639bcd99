package dev.duel.suite.run;

import dev.duel.record.RunRecord;
import dev.duel.record.runtime.JfrWindow;
import dev.duel.record.runtime.Profile;
import dev.duel.record.runtime.RuntimeTimeline;
import dev.duel.suite.RuntimeReaders;
import dev.duel.targets.runtime.JfrEvents;
import dev.duel.targets.runtime.JfrTimeline;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scenarios measured on the running target that wait for its flight recording, which exists only once the
 * target has stopped (it is dumped on exit): then each gets the recording's windows with its own thread windows'
 * edges ({@link JfrTimeline}), or a problem saying why not. Reading never throws: a recording that cannot be read
 * leaves the thread timeline as it was. One per attempt; not thread-safe.
 */
final class FlightRecordings {
    private final List<RunRecord.ScenarioResult> results;
    private final Path resultsDirectory;
    private final RuntimeReaders runtime;
    private final Map<Integer, Instant> waiting = new LinkedHashMap<>();

    /**
     * @param results          the attempt's scenario results, in which a result that waited is replaced once read
     * @param resultsDirectory what the recording's path in a record is relative to
     */
    FlightRecordings(List<RunRecord.ScenarioResult> results, Path resultsDirectory, RuntimeReaders runtime) {
        this.results = results;
        this.resultsDirectory = resultsDirectory;
        this.runtime = runtime;
    }

    /** The result at {@code index} waits for the recording, placed on its time axis by {@code loadOrigin}. */
    void await(int index, Instant loadOrigin) {
        RuntimeTimeline timeline = results.get(index).runtime();
        if (timeline != null && timeline.profile() == Profile.JFR) {
            waiting.put(index, loadOrigin);
        }
    }

    /** The target that recorded into {@code file} (null: it recorded nothing) has stopped. */
    void read(Path file) {
        if (waiting.isEmpty()) {
            return;
        }
        JfrEvents events = null;
        String problem = null;
        if (file == null) {
            problem = "the target was started without a flight recording";
        } else if (!Files.isRegularFile(file)) {
            problem = "no flight recording at " + resultsDirectory.relativize(file)
                    + ": the target did not exit gracefully within its stop's 10 s (SIGKILL leaves none)";
        } else {
            try {
                events = runtime.recording(file);
            } catch (IOException | RuntimeException e) {
                problem = "the flight recording " + resultsDirectory.relativize(file) + " could not be read: "
                        + e.getMessage();
            }
        }
        for (Map.Entry<Integer, Instant> entry : waiting.entrySet()) {
            RunRecord.ScenarioResult result = results.get(entry.getKey());
            RuntimeTimeline timeline = result.runtime();
            List<String> problems = new ArrayList<>(timeline.problems());
            List<JfrWindow> windows = null;
            if (problem != null) {
                problems.add(problem);
            } else if (entry.getValue() == null) {
                problems.add("the load never began: the recording has no time axis");
            } else {
                windows = JfrTimeline.windows(events, entry.getValue(), timeline.threads());
            }
            results.set(
                    entry.getKey(),
                    withRuntime(
                            result,
                            new RuntimeTimeline(
                                    timeline.profile(),
                                    timeline.threads(),
                                    windows,
                                    file == null
                                            ? null
                                            : resultsDirectory.relativize(file).toString(),
                                    problems)));
        }
        waiting.clear();
    }

    private static RunRecord.ScenarioResult withRuntime(RunRecord.ScenarioResult r, RuntimeTimeline runtime) {
        return new RunRecord.ScenarioResult(
                r.scenario(),
                r.kind(),
                r.load(),
                r.target(),
                r.services(),
                r.rssBytes(),
                r.peakRssBytes(),
                r.anonBytes(),
                r.peakAnonBytes(),
                runtime,
                r.hostSpeed());
    }
}
