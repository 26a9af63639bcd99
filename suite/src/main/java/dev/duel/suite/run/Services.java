package dev.duel.suite.run;

import dev.duel.record.CpuList;
import dev.duel.record.ProcessAffinity;
import dev.duel.record.RunRecord;
import dev.duel.suite.RunnerParts;
import dev.duel.suite.SuiteException;
import dev.duel.suite.SuiteListener;
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
public final class Services {
    private final RunnerParts.ServiceStarter starter;
    private final ProcessLedger ledger;
    private final Path logs;
    private final List<RunningService> running = new CopyOnWriteArrayList<>();

    /** @param logs folder of the services' logs */
    public Services(RunnerParts.ServiceStarter starter, ProcessLedger ledger, Path logs) {
        this.starter = starter;
        this.ledger = ledger;
        this.logs = logs;
    }

    /**
     * Starts the services in order.
     *
     * @param floatCpus the CPUs a service without a cpuset of its own runs on ({@link #spareCpus}), or null for
     *                  every online CPU
     */
    public void start(List<ServiceSpec> specs, String floatCpus, SuiteListener listener)
            throws SuiteException, InterruptedException {
        for (ServiceSpec spec : specs) {
            listener.message("starting service " + spec.name());
            try {
                running.add(starter.start(
                        spec, floatCpus, logs.resolve(spec.name() + ".log"), ledger.noting("service " + spec.name())));
            } catch (IOException | TargetFailedException | IdentityMismatchException e) {
                throw new SuiteException("service " + spec.name() + " did not start: " + e.getMessage(), e);
            }
        }
    }

    /** Environment every target receives (DATABASE_URL...). */
    public Map<String, String> env() {
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

    /** Each service, the limits it was started under and how they were enforced, in the order they started. */
    List<RunRecord.ServiceInfo> infos() {
        return running.stream()
                .map(service -> new RunRecord.ServiceInfo(
                        service.name(),
                        service.limits().toString(),
                        service.limits().cpus(),
                        service.limits().cpuset(),
                        service.group().mechanism(),
                        service.group().enforced()))
                .toList();
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

    /**
     * The online CPUs that none of {@code pinned} (the targets' cpusets and the load generator's, null
     * entries for those not pinned) takes, as a CPU list ("2-3"); null when there is no such CPU (a
     * 2-CPU machine with the target on one and the generator on the other) or nothing is pinned: then a
     * service floats over every online CPU, as before.
     *
     * @param online the kernel's list of online CPUs, or null when unknown
     */
    public static String spareCpus(String online, List<String> pinned) {
        if (online == null) {
            return null;
        }
        java.util.Set<Integer> spare = CpuList.parse(online);
        int all = spare.size();
        pinned.stream().filter(java.util.Objects::nonNull).forEach(list -> spare.removeAll(CpuList.parse(list)));
        if (spare.isEmpty() || spare.size() == all) {
            return null;
        }
        return CpuList.format(spare);
    }

    /**
     * The CPUs the processes of the services started here may run on, as the kernel reports them now
     * (the union over every process); empty without such a service, null when one's cannot be read (it
     * may then run anywhere). The noise gate takes the services' CPU off only CPUs in this set.
     */
    java.util.Set<Integer> cpus() {
        java.util.Set<Integer> cpus = new java.util.TreeSet<>();
        for (RunningService service : running) {
            if (service.pid() < 0) {
                continue;
            }
            List<ProcessAffinity> processes =
                    Affinity.ofTree("service " + service.name(), service.pid(), service.groupMembers());
            if (processes.isEmpty()) {
                return null;
            }
            processes.forEach(process -> cpus.addAll(CpuList.parse(process.cpusAllowed())));
        }
        return cpus;
    }

    /** CPU nanoseconds the services used so far (what the gates must not count as outside noise). */
    public long cpuNanos() {
        long total = 0;
        for (RunningService service : running) {
            total += Math.max(0, service.read().cpuNanos());
        }
        return total;
    }

    public void stop() {
        for (RunningService service : running) {
            service.close();
            ledger.forget(service.pid());
        }
        running.clear();
    }
}
