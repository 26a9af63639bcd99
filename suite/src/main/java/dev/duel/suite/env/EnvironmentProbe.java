package dev.duel.suite.env;

import dev.duel.record.DuelVersion;
import dev.duel.record.Environment;
import dev.duel.record.RecordJson;
import dev.duel.suite.EnvironmentSource;
import dev.duel.targets.Jdk;
import dev.duel.targets.JdkResolver;
import dev.duel.targets.TargetSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Captures the {@link Environment} from /proc, /sys and the JDKs themselves. Thread-safe. */
public final class EnvironmentProbe implements EnvironmentSource {
    private static final Set<String> V2 = Set.of("cx16", "lahf_lm", "popcnt", "sse4_1", "sse4_2", "ssse3");
    private static final Set<String> V3 = Set.of("avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave");
    private static final Set<String> V4 = Set.of("avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl");

    /** How long the machine is watched for other processes' CPU when a suite starts. */
    public static final Duration BUSY_WINDOW = Duration.ofSeconds(1);

    private final JdkResolver jdks;
    private final Path duelHome;
    private final Duration busyWindow;

    public EnvironmentProbe(JdkResolver jdks, Path duelHome) {
        this(jdks, duelHome, BUSY_WINDOW);
    }

    /**
     * @param busyWindow how long to watch the machine for other processes' CPU ({@link #BUSY_WINDOW} for real suites;
     *                   tests about something else take less)
     */
    public EnvironmentProbe(JdkResolver jdks, Path duelHome, Duration busyWindow) {
        this.jdks = jdks;
        this.duelHome = duelHome;
        this.busyWindow = busyWindow;
    }

    /** @param targets whose JDKs to describe (none for {@code duel env} without a suite: every JDK found) */
    @Override
    public Environment capture(List<TargetSpec> targets) throws InterruptedException {
        Map<String, String> cpuinfo = firstCpu();
        List<String> flags = List.of(cpuinfo.getOrDefault("flags", "").trim().split("\\s+"));
        String model = cpuinfo.getOrDefault("model name", System.getProperty("os.arch"));
        int cores = Runtime.getRuntime().availableProcessors();
        String kernel = read("/proc/sys/kernel/osrelease", "unknown");
        String cgroup = cgroupVersion();
        String governor = read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "unknown (no cpufreq)");
        List<Environment.JdkInfo> jdkInfos = new ArrayList<>();
        if (targets.isEmpty()) {
            for (Jdk jdk : jdks.installed()) {
                jdkInfos.add(describe("", jdk));
            }
        } else {
            for (TargetSpec target : targets) {
                if (target.java() != null) {
                    jdkInfos.add(describe(target.name(), jdks.resolve(target.java())));
                }
            }
        }
        List<String> busy = busyProcesses(busyWindow);
        List<String> warnings = new ArrayList<>();
        if (governor.startsWith("unknown")) {
            warnings.add(
                    "CPU frequency scaling is not visible here (no cpufreq, as on most virtual machines): clock speed may vary between runs unseen");
        } else if (!governor.equals("performance")) {
            warnings.add("CPU frequency governor is '" + governor
                    + "', not 'performance': clock speed may vary between runs");
        }
        if (!busy.isEmpty()) {
            warnings.add("other processes were using CPU when the suite started: " + String.join(", ", busy));
        }
        if (cgroup.equals("none")) {
            warnings.add(
                    "no writable cgroup hierarchy: limits cannot be enforced (run as root on a machine with cgroups)");
        }
        String fingerprint = hash(model + "|" + cores + "|" + kernel + "|" + cgroup);
        return new Environment(
                RecordJson.SCHEMA_VERSION,
                fingerprint,
                Instant.now().toString(),
                model,
                cores,
                read("/sys/devices/system/cpu/online", ""),
                x86Level(flags),
                flags,
                memTotal(),
                osName(),
                kernel,
                governor,
                cgroup,
                jdkInfos,
                busy,
                DuelVersion.current(),
                gitCommit(),
                warnings);
    }

    static String x86Level(List<String> flags) {
        if (!flags.contains("sse2")) {
            return "";
        }
        if (!flags.containsAll(V2)) {
            return "v1";
        }
        if (!flags.containsAll(V3)) {
            return "v2";
        }
        return flags.containsAll(V4) ? "v4" : "v3";
    }

    private static Map<String, String> firstCpu() {
        Map<String, String> fields = new java.util.HashMap<>();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.isBlank()) {
                    break;
                }
                int colon = line.indexOf(':');
                if (colon > 0) {
                    fields.putIfAbsent(
                            line.substring(0, colon).trim(),
                            line.substring(colon + 1).trim());
                }
            }
        } catch (IOException e) {
            return fields;
        }
        return fields;
    }

    private static long memTotal() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }

    private static String osName() {
        try {
            for (String line : Files.readAllLines(Path.of("/etc/os-release"))) {
                if (line.startsWith("PRETTY_NAME=")) {
                    return line.substring("PRETTY_NAME=".length()).replace("\"", "");
                }
            }
        } catch (IOException e) {
            // fall through
        }
        return System.getProperty("os.name") + " " + System.getProperty("os.version");
    }

    private static String cgroupVersion() {
        try {
            String mounts = Files.readString(Path.of("/proc/self/mountinfo"));
            boolean v2 = mounts.contains(" - cgroup2 ");
            boolean v1 = mounts.contains(" - cgroup ");
            return v1 && v2 ? "v1 and v2 (hybrid)" : v2 ? "v2" : v1 ? "v1" : "none";
        } catch (IOException e) {
            return "none";
        }
    }

    private static String read(String file, String fallback) {
        try {
            return Files.readString(Path.of(file)).trim();
        } catch (IOException e) {
            return fallback;
        }
    }

    private static final Pattern FLAG = Pattern.compile("^\\s*(\\S+)\\s+(\\w+)\\s+=\\s+(\\S+)", Pattern.MULTILINE);

    private static Environment.JdkInfo describe(String target, Jdk jdk) throws InterruptedException {
        String gc = "unknown";
        long heap = -1;
        try {
            Process process = new ProcessBuilder(jdk.java().toString(), "-XX:+PrintFlagsFinal", "-version")
                    .redirectErrorStream(true)
                    .start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            process.waitFor(30, TimeUnit.SECONDS);
            Matcher flag = FLAG.matcher(output);
            while (flag.find()) {
                String name = flag.group(2);
                if (name.matches("Use(Serial|Parallel|G1|Z|Shenandoah|Epsilon)GC")
                        && flag.group(3).equals("true")) {
                    gc = name.substring(3, name.length() - 2);
                } else if (name.equals("MaxHeapSize")) {
                    heap = Long.parseLong(flag.group(3));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // leave unknown
        }
        return new Environment.JdkInfo(
                target, jdk.feature(), jdk.version(), jdk.vendor(), jdk.home().toString(), gc, heap);
    }

    /** Processes above 1% of a core over {@code window}, largest first. */
    private static List<String> busyProcesses(Duration window) throws InterruptedException {
        Map<Long, Long> before = cpuByPid();
        long start = System.nanoTime();
        Thread.sleep(window.toMillis());
        Map<Long, Long> after = cpuByPid();
        double wall = System.nanoTime() - start;
        long self = ProcessHandle.current().pid();
        List<long[]> busy = new ArrayList<>();
        after.forEach((pid, cpu) -> {
            Long earlier = before.get(pid);
            if (earlier != null && pid != self && (cpu - earlier) / wall > 0.01) {
                busy.add(new long[] {pid, cpu - earlier});
            }
        });
        busy.sort((a, b) -> Long.compare(b[1], a[1]));
        List<String> described = new ArrayList<>();
        for (long[] entry : busy) {
            String name = ProcessHandle.of(entry[0])
                    .flatMap(p -> p.info().command())
                    .map(c -> Path.of(c).getFileName().toString())
                    .orElse("?");
            described.add(String.format(Locale.ROOT, "%d %s %.0f%%", entry[0], name, 100 * entry[1] / wall));
        }
        return described;
    }

    private static Map<Long, Long> cpuByPid() {
        Map<Long, Long> cpu = new java.util.HashMap<>();
        ProcessHandle.allProcesses()
                .forEach(p -> p.info().totalCpuDuration().ifPresent(d -> cpu.put(p.pid(), d.toNanos())));
        return cpu;
    }

    private String gitCommit() {
        if (duelHome == null || !Files.isDirectory(duelHome.resolve(".git"))) {
            return "unknown";
        }
        try {
            Process git = new ProcessBuilder("git", "-C", duelHome.toString(), "rev-parse", "HEAD")
                    .redirectErrorStream(true)
                    .start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return git.waitFor(10, TimeUnit.SECONDS) && git.exitValue() == 0 ? out : "unknown";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    private static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
