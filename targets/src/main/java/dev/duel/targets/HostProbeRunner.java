package dev.duel.targets;

import dev.duel.record.CpuList;
import dev.duel.record.HostProbe;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * Times the host drift probe ({@link ProbeWorkload}) on a set of CPUs: a fresh JVM of duel's own JDK,
 * started through {@code taskset -c} on the CPUs a target will use (its cpuset, or every online CPU
 * for a target without one, as {@link Affinity} starts every child), with the steal time of those
 * CPUs read from /proc/stat before it starts and after it ends.
 *
 * <p>Why a separate JVM rather than a loop in duel's own: a Java thread cannot be pinned to CPUs from
 * Java, duel's process is pinned to the load generator's CPUs, and its JIT, heap and GC state differ
 * from one session to the next; a fresh JVM of one JDK running one class after a fixed warm-up times
 * the same compiled code every time. Its start (about 0.15 s of CPU) is outside the timed part.
 *
 * <p>Thread-safe: each probe is its own process.
 */
public final class HostProbeRunner {
    private static final long TIMEOUT_SECONDS = 30;

    private final String javaVersion;
    private final List<String> command;
    private final BiFunction<String, List<String>, List<String>> pin;
    private final Supplier<String> onlineCpus;
    private final ProbeProcess process;
    private final StatSource stat;
    private final FrequencySource frequency;

    /** Runs a command and returns its standard output; fails on a non-zero exit or after the timeout. */
    @FunctionalInterface
    interface ProbeProcess {
        String run(List<String> command) throws IOException, InterruptedException;
    }

    /** The lines of /proc/stat now. */
    @FunctionalInterface
    interface StatSource {
        List<String> lines() throws IOException;
    }

    /** The mean current frequency of the CPUs, MHz, or null where the kernel does not show it. */
    @FunctionalInterface
    interface FrequencySource {
        Double meanMhz(Set<Integer> cpus);
    }

    HostProbeRunner(
            String javaVersion,
            List<String> command,
            BiFunction<String, List<String>, List<String>> pin,
            Supplier<String> onlineCpus,
            ProbeProcess process,
            StatSource stat,
            FrequencySource frequency) {
        this.javaVersion = javaVersion;
        this.command = List.copyOf(command);
        this.pin = pin;
        this.onlineCpus = onlineCpus;
        this.process = process;
        this.stat = stat;
        this.frequency = frequency;
    }

    /** The probe as duel runs it: its own JDK, its own classes, /proc and /sys. */
    public static HostProbeRunner onThisMachine() {
        List<String> java = List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // Small and steady: the workload allocates nothing after its 8 KiB table.
                "-XX:+UseSerialGC",
                "-Xms8m",
                "-Xmx32m",
                "-XX:-UsePerfData",
                "-cp",
                classpath(),
                ProbeWorkload.class.getName());
        return new HostProbeRunner(
                System.getProperty("java.version"),
                java,
                Affinity::pinned,
                Affinity::onlineCpus,
                HostProbeRunner::runProcess,
                () -> Files.readAllLines(Path.of("/proc/stat")),
                HostProbeRunner::scalingFrequencyMhz);
    }

    /**
     * Times the probe on {@code cpuset} ("1", "0-1"), or on every online CPU when null.
     *
     * @throws IOException the probe could not run or printed something else than the fixed work's result; the
     *                     message says why
     */
    public HostProbe.Reading probe(String cpuset) throws IOException, InterruptedException {
        String mask = cpuset != null ? cpuset : onlineCpus.get();
        List<String> pinned = pin.apply(mask, command);
        if (mask == null || pinned.size() == command.size()) {
            // Unpinned, it would run on duel's own CPUs (the load generator's): not the target's.
            throw new IOException("cannot pin the host probe to " + (mask == null ? "the online CPUs" : "CPUs " + mask)
                    + ": install taskset (util-linux) on a Linux machine with /sys");
        }
        Set<Integer> cpus = CpuList.parse(mask);
        long[] before = steal(stat.lines(), cpus);
        String output = process.run(pinned);
        long[] after = steal(stat.lines(), cpus);
        ProbeWorkload.Timed timed = parse(output);
        long totalTicks = after[1] - before[1];
        double stealShare = totalTicks <= 0 ? 0 : Math.max(0, after[0] - before[0]) / (double) totalTicks;
        double millis = timed.elapsedNanos() / 1e6;
        return new HostProbe.Reading(
                javaVersion,
                mask,
                timed.units(),
                millis,
                timed.units() / (timed.elapsedNanos() / 1e9),
                timed.cpuNanos() / 1e6,
                stealShare,
                frequency.meanMhz(cpus));
    }

    /**
     * The probe JVM's line: "elapsed-nanoseconds units checksum-in-hex cpu-nanoseconds", checked to be the
     * fixed work's.
     */
    static ProbeWorkload.Timed parse(String output) throws IOException {
        String[] fields = output.trim().split("\\s+");
        try {
            if (fields.length == 4) {
                ProbeWorkload.Timed timed = new ProbeWorkload.Timed(
                        Long.parseLong(fields[0]),
                        Long.parseLong(fields[1]),
                        Long.parseUnsignedLong(fields[2], 16),
                        Long.parseLong(fields[3]));
                if (timed.units() != ProbeWorkload.WORK_UNITS || timed.checksum() != ProbeWorkload.CHECKSUM) {
                    throw new IOException("the host probe did not do the fixed work (" + output.trim()
                            + "; expected " + ProbeWorkload.WORK_UNITS + " units ending in "
                            + Long.toHexString(ProbeWorkload.CHECKSUM) + "): its time cannot be compared");
                }
                if (timed.elapsedNanos() <= 0) {
                    throw new IOException("the host probe's clock did not advance: " + output.trim());
                }
                return timed;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IOException("the host probe printed '" + output.trim() + "', not its timing");
    }

    /** Steal ticks and all ticks (user to steal) summed over {@code cpus}, from the lines of /proc/stat. */
    static long[] steal(List<String> lines, Set<Integer> cpus) {
        long steal = 0;
        long total = 0;
        for (String line : lines) {
            if (!line.startsWith("cpu") || line.startsWith("cpu ")) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            int cpu;
            try {
                cpu = Integer.parseInt(f[0].substring(3));
            } catch (NumberFormatException e) {
                continue;
            }
            if (!cpus.contains(cpu)) {
                continue;
            }
            // cpuN user nice system idle iowait irq softirq steal [guest guest_nice: already in user and nice]
            for (int i = 1; i <= Math.min(8, f.length - 1); i++) {
                total += Long.parseLong(f[i]);
            }
            steal += f.length > 8 ? Long.parseLong(f[8]) : 0;
        }
        return new long[] {steal, total};
    }

    private static Double scalingFrequencyMhz(Set<Integer> cpus) {
        double sum = 0;
        for (int cpu : cpus) {
            try {
                Path file = Path.of("/sys/devices/system/cpu/cpu" + cpu + "/cpufreq/scaling_cur_freq");
                sum += Long.parseLong(Files.readString(file).trim()) / 1000.0;
            } catch (IOException | NumberFormatException e) {
                return null;
            }
        }
        return cpus.isEmpty() ? null : sum / cpus.size();
    }

    private static String runProcess(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(new ArrayList<>(command))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            // The output is one short line: read after the exit, it cannot fill the pipe.
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IOException("the host probe did not finish within " + TIMEOUT_SECONDS + " s");
            }
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new IOException(
                        "the host probe exited with " + process.exitValue() + ": " + String.join(" ", command));
            }
            return output;
        } finally {
            process.destroyForcibly();
        }
    }

    /** Where duel's classes are (its fat jar, or a module's classes folder), for a probe JVM's class path. */
    static String classpath() {
        CodeSource source = ProbeWorkload.class.getProtectionDomain().getCodeSource();
        if (source != null && source.getLocation() != null) {
            try {
                return Path.of(source.getLocation().toURI()).toString();
            } catch (URISyntaxException | IllegalArgumentException e) {
                // fall back below
            }
        }
        return System.getProperty("java.class.path");
    }
}
