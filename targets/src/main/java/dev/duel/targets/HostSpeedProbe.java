package dev.duel.targets;

import dev.duel.record.HostSpeed;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * The host's speed on each CPU, all the time, beside the load: on each CPU a small JVM of duel's own JDK, pinned with
 * taskset and run interpreted ({@link HostSpeedSampler}), times a fixed workload in its own CPU time ten times a second.
 * Its own CPU time, not the wall clock: a CPU busy with a target only makes the sampler wait to run, which is not CPU
 * time, while a host that gives the vCPU less of a physical core makes each step take more of it. Read as per-second
 * medians over any window ({@link #between}), on the machine's monotonic clock ({@code System.nanoTime}), which the
 * samplers share with duel.
 *
 * <p>Each sample takes about 0.45 ms here: about 0.5% of each CPU ({@link HostSpeed#probeShares} says what it took).
 * Samples compare across CPUs and over a suite, not between JDKs. The before-and-after probe ({@link HostProbeRunner})
 * is kept: it runs alone on a quiet machine, this one beside the load. A sampler that cannot start or dies leaves its
 * CPU's seconds empty (null) and says why ({@link #problems}); nothing else stops.
 *
 * <p>{@link #main} prints the raw series for any machine ({@code bench/host-speed.sh}). Thread-safe.
 */
public final class HostSpeedProbe implements AutoCloseable {
    /** Work units in a sample: a unit is 1,024 steps. */
    public static final int UNITS_PER_SAMPLE = HostSpeedSampler.STEPS_PER_SAMPLE / 1_024;

    /** Starts a sampler pinned to one CPU: its standard output carries the samples, its standard input keeps it alive. */
    @FunctionalInterface
    public interface Starter {
        Process start(String cpu) throws IOException;
    }

    private final Map<String, SpeedSamples> samples = new LinkedHashMap<>();
    private final Map<String, String> problems = new java.util.concurrent.ConcurrentHashMap<>();
    private final List<Process> processes = new ArrayList<>();
    private volatile boolean closed;

    private HostSpeedProbe(List<String> cpus) {
        cpus.forEach(cpu -> samples.put(cpu, new SpeedSamples()));
    }

    /** Starts a sampler on each of {@code cpus} ("0", "1"): a JVM of duel's own JDK, pinned with taskset. */
    public static HostSpeedProbe start(List<String> cpus) {
        return start(cpus, HostSpeedProbe::startSampler);
    }

    /** As above, each sampler started by {@code starter}. */
    public static HostSpeedProbe start(List<String> cpus, Starter starter) {
        HostSpeedProbe probe = new HostSpeedProbe(cpus);
        for (String cpu : cpus) {
            Process process;
            try {
                process = starter.start(cpu);
            } catch (IOException e) {
                probe.problems.put(cpu, "the sampler could not start: " + e.getMessage());
                continue;
            }
            synchronized (probe.processes) {
                probe.processes.add(process);
            }
            Thread reader = new Thread(() -> probe.read(cpu, process), "duel-host-speed-cpu" + cpu);
            reader.setDaemon(true);
            reader.start();
        }
        return probe;
    }

    /** Every online CPU, one by one ("0-1,4" gives 0, 1 and 4); empty when /sys does not say. */
    public static List<String> onlineCpus() {
        String online = Affinity.onlineCpus();
        List<String> cpus = new ArrayList<>();
        if (online != null) {
            dev.duel.record.CpuList.parse(online).stream().sorted().forEach(cpu -> cpus.add(String.valueOf(cpu)));
        }
        return cpus;
    }

    /** The CPUs probed, in order. */
    public List<String> cpus() {
        return List.copyOf(samples.keySet());
    }

    /** By CPU, why its sampler does not run; empty while every one runs. */
    public Map<String, String> problems() {
        return Map.copyOf(problems);
    }

    /**
     * The host's speed per second of the window [{@code fromNanos}, {@code toNanos}) (System.nanoTime readings), each
     * second from {@code fromNanos} on: the load's seconds when {@code fromNanos} is its 0 s.
     */
    public HostSpeed between(long fromNanos, long toNanos) {
        int seconds = (int) Math.max(0, (toNanos - fromNanos + 999_999_999L) / 1_000_000_000L);
        List<List<Double>> series = new ArrayList<>();
        List<Double> shares = new ArrayList<>();
        for (SpeedSamples cpu : samples.values()) {
            series.add(cpu.perSecond(fromNanos, seconds));
            shares.add(cpu.share(fromNanos, toNanos));
        }
        return new HostSpeed(cpus(), series, shares);
    }

    /** Ends every sampler (closing its input ends it too, should this process die first). */
    @Override
    public void close() {
        closed = true;
        synchronized (processes) {
            processes.forEach(Process::destroy);
        }
    }

    private void read(String cpu, Process process) {
        SpeedSamples into = samples.get(cpu);
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII))) {
            String line;
            while ((line = lines.readLine()) != null) {
                int space = line.indexOf(' ');
                try {
                    into.add(
                            Long.parseLong(line.substring(0, space)),
                            UNITS_PER_SAMPLE,
                            Long.parseLong(line.substring(space + 1)));
                } catch (RuntimeException e) {
                    problems.put(cpu, "the sampler printed '" + line + "', not a sample");
                    process.destroy();
                    return;
                }
            }
        } catch (IOException e) {
            // said below
        }
        if (!closed) {
            problems.put(cpu, "the sampler ended" + (process.isAlive() ? "" : " with exit code " + exitCode(process)));
        }
    }

    private static String exitCode(Process process) {
        try {
            return String.valueOf(process.waitFor());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    /** A sampler JVM of duel's own JDK on {@code cpu}: interpreted, small, pinned with taskset. */
    static Process startSampler(String cpu) throws IOException {
        List<String> java = List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // Interpreted: what the host's flips slow most is a large front end (HostSpeedSampler says why).
                "-Xint",
                "-XX:+UseSerialGC",
                "-Xms4m",
                "-Xmx16m",
                "-Xss256k",
                "-XX:-UsePerfData",
                "-cp",
                HostProbeRunner.classpath(),
                HostSpeedSampler.class.getName());
        List<String> pinned = Affinity.pinned(cpu, java);
        if (pinned.size() == java.size()) {
            throw new IOException("cannot pin it to CPU " + cpu + ": install taskset (util-linux)");
        }
        return new ProcessBuilder(pinned)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    /**
     * Prints the host's speed on every online CPU (or those named), a line per second: {@code bench/host-speed.sh}.
     * Arguments: seconds (60 by default), then CPUs.
     */
    public static void main(String[] args) {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        List<String> cpus = args.length > 1 ? List.of(args).subList(1, args.length) : onlineCpus();
        try (HostSpeedProbe probe = start(cpus)) {
            long origin = System.nanoTime();
            System.out.println("# second, then per CPU " + String.join(", ", cpus)
                    + ": work units per CPU millisecond (median of the second's samples)");
            for (int s = 0; s < seconds; s++) {
                long end = origin + (s + 1) * 1_000_000_000L;
                LockSupport.parkNanos(end - System.nanoTime() + 50_000_000L);
                HostSpeed second = probe.between(origin + s * 1_000_000_000L, end);
                StringBuilder line = new StringBuilder(String.valueOf(s));
                for (List<Double> series : second.unitsPerCpuMilli()) {
                    Double value = series.isEmpty() ? null : series.get(0);
                    line.append(value == null ? " -" : String.format(Locale.ROOT, " %.2f", value));
                }
                System.out.println(line);
            }
            probe.problems().forEach((cpu, why) -> System.out.println("# CPU " + cpu + ": " + why));
            HostSpeed all = probe.between(origin, origin + seconds * 1_000_000_000L);
            StringBuilder shares = new StringBuilder("# the probe's share of each CPU:");
            all.probeShares().forEach(share -> shares.append(String.format(Locale.ROOT, " %.2f%%", share * 100)));
            System.out.println(shares);
        }
    }
}
