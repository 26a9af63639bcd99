package dev.duel.targets.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Reads a JVM's threads from {@code /proc}: each thread's name and CPU from {@code /proc/PID/task/TID/stat}
 * (the name in parentheses is the thread's {@code comm}, so one file per thread gives both), and the
 * process's total from {@code /proc/PID/stat}, read last. Thread-safe; a reading of a JVM with 40 threads
 * takes about a millisecond.
 */
public final class ProcThreads implements ThreadCpuSource {
    /** The ticks of {@code /proc} when {@code getconf} cannot say (the value of every common Linux build). */
    static final long DEFAULT_TICKS_PER_SECOND = 100;

    private static volatile long systemTicksPerSecond = -1;

    private final Path procRoot;
    private final long pid;
    private final long ticksPerSecond;
    private final LongSupplier nanoTime;

    /**
     * @param procRoot       {@code /proc}, or a test's folder laid out the same way
     * @param pid            the JVM's process id (see {@link #findJvm})
     * @param ticksPerSecond the ticks of the stat files
     * @param nanoTime       the clock of {@link ThreadCpuSample#atNanos()}
     */
    public ProcThreads(Path procRoot, long pid, long ticksPerSecond, LongSupplier nanoTime) {
        this.procRoot = procRoot;
        this.pid = pid;
        this.ticksPerSecond = ticksPerSecond;
        this.nanoTime = nanoTime;
    }

    /** The JVM in {@code rootPid}'s process tree on this machine's {@code /proc}, on the wall clock. */
    public static ProcThreads ofTree(long rootPid) throws IOException {
        List<Long> tree = new java.util.ArrayList<>();
        tree.add(rootPid);
        ProcessHandle.of(rootPid).ifPresent(root -> root.descendants().forEach(d -> tree.add(d.pid())));
        Path proc = Path.of("/proc");
        return new ProcThreads(proc, findJvm(proc, tree), systemTicksPerSecond(), System::nanoTime);
    }

    /**
     * The first of {@code pids} (a target's process, then its descendants) that is a JVM: has a thread named
     * {@code VM Thread}. A target started through a wrapper ({@code taskset}, a control group's shell) usually
     * is the JVM itself (the wrappers exec it); a command target may start it as a child.
     *
     * @throws IOException none of them is a JVM
     */
    public static long findJvm(Path procRoot, List<Long> pids) throws IOException {
        for (long candidate : pids) {
            Path tasks = procRoot.resolve(String.valueOf(candidate)).resolve("task");
            try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
                for (Path thread : threads) {
                    if (readOrEmpty(thread.resolve("comm")).strip().equals("VM Thread")) {
                        return candidate;
                    }
                }
            } catch (IOException e) {
                // ended, or not ours to read: not the JVM we look for
            }
        }
        throw new IOException("no JVM among the target's processes " + pids + " (none has a thread named VM Thread)");
    }

    @Override
    public ThreadCpuSample read() throws IOException {
        long at = nanoTime.getAsLong();
        Path process = procRoot.resolve(String.valueOf(pid));
        Map<Long, ThreadCpuSample.Thread> threads = new HashMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(process.resolve("task"))) {
            for (Path task : tasks) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"), StandardCharsets.UTF_8);
                } catch (NoSuchFileException e) {
                    continue; // the thread ended between the listing and the read: its CPU is in lostCpuMillis
                }
                Stat parsed = Stat.parse(stat);
                threads.put(
                        Long.parseLong(task.getFileName().toString()),
                        new ThreadCpuSample.Thread(ThreadKind.of(parsed.name()), parsed.ticks()));
            }
        } catch (NoSuchFileException e) {
            throw new IOException("process " + pid + " has ended (no " + e.getFile() + ")", e);
        }
        long processTicks = Stat.parse(Files.readString(process.resolve("stat"), StandardCharsets.UTF_8))
                .ticks();
        return new ThreadCpuSample(at, threads, processTicks);
    }

    @Override
    public long ticksPerSecond() {
        return ticksPerSecond;
    }

    /** {@code getconf CLK_TCK}, asked once; {@value #DEFAULT_TICKS_PER_SECOND} when it cannot say. */
    public static long systemTicksPerSecond() {
        long known = systemTicksPerSecond;
        if (known > 0) {
            return known;
        }
        long ticks = DEFAULT_TICKS_PER_SECOND;
        try {
            Process getconf = new ProcessBuilder("getconf", "CLK_TCK")
                    .redirectErrorStream(true)
                    .start();
            String output = new String(getconf.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (getconf.waitFor(5, TimeUnit.SECONDS) && getconf.exitValue() == 0 && output.matches("\\d+")) {
                ticks = Long.parseLong(output);
            }
        } catch (IOException e) {
            // no getconf: the default
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        systemTicksPerSecond = ticks;
        return ticks;
    }

    private static String readOrEmpty(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * The fields duel uses of a {@code stat} line (proc(5)): the name between the first '(' and the last ')'
     * (a thread may put spaces and parentheses in its name), and utime + stime (fields 14 and 15).
     */
    record Stat(String name, long ticks) {
        static Stat parse(String line) throws IOException {
            int open = line.indexOf('(');
            int close = line.lastIndexOf(')');
            if (open < 0 || close < open) {
                throw new IOException("not a stat line: " + line.strip());
            }
            String[] fields = line.substring(close + 1).strip().split(" +");
            // fields[0] is field 3 (state): utime (14) and stime (15) are at 11 and 12.
            if (fields.length < 13) {
                throw new IOException("a stat line with too few fields: " + line.strip());
            }
            try {
                return new Stat(
                        line.substring(open + 1, close), Long.parseLong(fields[11]) + Long.parseLong(fields[12]));
            } catch (NumberFormatException e) {
                throw new IOException("a stat line without CPU times: " + line.strip(), e);
            }
        }
    }
}
