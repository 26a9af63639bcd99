package dev.duel.suite;

import dev.duel.record.ProcessAffinity;
import dev.duel.targets.Affinity;
import dev.duel.targets.IdentityMismatchException;
import dev.duel.targets.ResourceReading;
import dev.duel.targets.RunningService;
import dev.duel.targets.ServiceSpec;
import dev.duel.targets.TargetFailedException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The companion services of a suite (a database), started once before the first run and stopped
 * after the last (or on abort, from another thread). Thread-safe.
 */
final class Services {
    private final RunnerParts.ServiceStarter starter;
    private final ProcessLedger ledger;
    private final Path logs;
    private final List<RunningService> running = new CopyOnWriteArrayList<>();

    /** @param logs folder of the services' logs */
    Services(RunnerParts.ServiceStarter starter, ProcessLedger ledger, Path logs) {
        this.starter = starter;
        this.ledger = ledger;
        this.logs = logs;
    }

    void start(List<ServiceSpec> specs, SuiteListener listener) throws SuiteException, InterruptedException {
        for (ServiceSpec spec : specs) {
            listener.message("starting service " + spec.name());
            try {
                running.add(starter.start(
                        spec,
                        logs.resolve(spec.name() + ".log"),
                        pid -> ledger.remember(pid, "service " + spec.name())));
            } catch (IOException | TargetFailedException | IdentityMismatchException e) {
                throw new SuiteException("service " + spec.name() + " did not start: " + e.getMessage(), e);
            }
        }
    }

    /** Environment every target receives (DATABASE_URL...). */
    Map<String, String> env() {
        Map<String, String> env = new LinkedHashMap<>();
        running.forEach(service -> env.putAll(service.env()));
        return env;
    }

    /** Each service's usage so far, by name. */
    Map<String, ResourceReading> read() {
        Map<String, ResourceReading> readings = new LinkedHashMap<>();
        running.forEach(service -> readings.put(service.name(), service.read()));
        return readings;
    }

    /** The CPUs each process of each service started here may run on, its group's processes included. */
    List<ProcessAffinity> affinity() {
        List<ProcessAffinity> affinity = new ArrayList<>();
        running.stream()
                .filter(s -> s.pid() >= 0)
                .forEach(service -> affinity.addAll(
                        Affinity.ofTree("service " + service.name(), service.pid(), service.groupMembers())));
        return affinity;
    }

    /** CPU nanoseconds the services used so far (what the gates must not count as outside noise). */
    long cpuNanos() {
        long total = 0;
        for (RunningService service : running) {
            total += Math.max(0, service.read().cpuNanos());
        }
        return total;
    }

    void stop() {
        for (RunningService service : running) {
            service.close();
            ledger.forget(service.pid());
        }
        running.clear();
    }
}
