package dev.duel.targets.runtime;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Raises a JVM's JIT compiler threads ({@code C1 CompilerThre}, {@code C2 CompilerThre}) to a higher scheduling
 * priority (a lower nice value) and puts them back. Why: under one CPU the kernel shares the core between runnable
 * threads alike, so eight request threads leave the optimizing compiler about a tenth of it and a warm-up climbs for a
 * minute where the compiled code needs seconds of CPU (docs/methodology.md, "the compiler starves"). Raised while an
 * interleaved pair warms up in turns and put back before main, the compiler gets the share it would have on a core of
 * its own, and main measures the code it made, at the JVM's own priorities.
 *
 * <p>Compiler threads a JVM starts later ({@code UseDynamicNumberOfCompilerThreads}) are raised by the next
 * {@link #raise}: call it again while the warm-up lasts. Each thread goes back to the nice value it had when first
 * raised. Thread-safe (its methods are synchronized).
 */
public final class CompilerPriority {
    /** The nice value raised compiler threads run at: weight about 9.5 times a request thread's at nice 0. */
    public static final int RAISED_NICE = -10;

    /** Sets the nice value of threads by their ids; {@link #RENICE} is the real one. */
    @FunctionalInterface
    public interface Renice {
        /** @throws IOException the threads could not be given {@code nice} (the message says why) */
        void set(List<Long> threadIds, int nice) throws IOException;
    }

    /**
     * util-linux {@code renice --priority N -p TID...} (absolute in every version, where {@code -n} became relative in
     * 2.39). Setting a nice value below the current one needs root or CAP_SYS_NICE; its refusal is the exception's
     * message.
     */
    public static final Renice RENICE = (threadIds, nice) -> {
        if (threadIds.isEmpty()) {
            return;
        }
        List<String> command = new ArrayList<>(List.of("renice", "--priority", String.valueOf(nice), "-p"));
        threadIds.forEach(id -> command.add(String.valueOf(id)));
        Process renice;
        try {
            renice = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("renice could not run (install util-linux): " + e.getMessage(), e);
        }
        String output = new String(renice.getInputStream().readAllBytes()).trim();
        try {
            if (!renice.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                renice.destroyForcibly();
                throw new IOException("renice did not end within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while renice ran", e);
        }
        if (renice.exitValue() != 0) {
            String last = output.lines().reduce((a, b) -> b).orElse("exit " + renice.exitValue());
            throw new IOException(last);
        }
    };

    private final Path procRoot;
    private final long pid;
    private final Renice renice;
    /** Each raised thread's nice value before it was raised, by thread id, in the order raised. */
    private final Map<Long, Integer> raised = new LinkedHashMap<>();

    /**
     * @param procRoot {@code /proc}, or a test's folder laid out the same way
     * @param pid      the JVM's process id ({@link ProcThreads#findJvm})
     * @param renice   what sets the threads' nice values
     */
    public CompilerPriority(Path procRoot, long pid, Renice renice) {
        this.procRoot = procRoot;
        this.pid = pid;
        this.renice = renice;
    }

    /** The JVM in {@code rootPid}'s process tree on this machine's {@code /proc}, set with {@code renice}. */
    public static CompilerPriority ofTree(long rootPid) throws IOException {
        List<Long> tree = new ArrayList<>();
        tree.add(rootPid);
        ProcessHandle.of(rootPid).ifPresent(root -> root.descendants().forEach(d -> tree.add(d.pid())));
        Path proc = Path.of("/proc");
        return new CompilerPriority(proc, ProcThreads.findJvm(proc, tree), RENICE);
    }

    /**
     * Raises the compiler threads not raised yet to {@code nice}.
     *
     * @return how many compiler threads are raised now, all told
     * @throws IOException the JVM's threads cannot be read, or renice refused (nothing new is then counted raised)
     */
    public synchronized int raise(int nice) throws IOException {
        Map<Long, Integer> fresh = new LinkedHashMap<>();
        Path tasks = procRoot.resolve(String.valueOf(pid)).resolve("task");
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (Path thread : threads) {
                long id;
                try {
                    id = Long.parseLong(thread.getFileName().toString());
                } catch (NumberFormatException e) {
                    continue;
                }
                if (raised.containsKey(id) || !isCompiler(read(thread.resolve("comm")))) {
                    continue;
                }
                Integer before = niceOf(read(thread.resolve("stat")));
                if (before != null) {
                    fresh.put(id, before);
                }
            }
        }
        if (!fresh.isEmpty()) {
            renice.set(List.copyOf(fresh.keySet()), nice);
            raised.putAll(fresh);
        }
        return raised.size();
    }

    /**
     * Puts every raised thread back to the nice value it had, threads that ended since left out.
     *
     * @throws IOException renice refused (the threads stay raised; the caller says so)
     */
    public synchronized void restore() throws IOException {
        Map<Integer, List<Long>> byNice = new LinkedHashMap<>();
        for (Map.Entry<Long, Integer> each : raised.entrySet()) {
            if (Files.exists(
                    procRoot.resolve(String.valueOf(pid)).resolve("task").resolve(String.valueOf(each.getKey())))) {
                byNice.computeIfAbsent(each.getValue(), n -> new ArrayList<>()).add(each.getKey());
            }
        }
        for (Map.Entry<Integer, List<Long>> each : byNice.entrySet()) {
            renice.set(each.getValue(), each.getKey());
        }
        raised.clear();
    }

    /** A C1 or C2 compiler thread by its name ({@link ThreadKind}); */
    static boolean isCompiler(String comm) {
        ThreadKind kind = ThreadKind.of(comm.strip());
        return kind == ThreadKind.C1 || kind == ThreadKind.C2;
    }

    /**
     * The nice value in a thread's {@code stat} line (field 19, counted after the parenthesized name, which may hold
     * spaces), or null when it cannot be read.
     */
    static Integer niceOf(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            return null;
        }
        String[] fields = stat.substring(close + 1).trim().split("\\s+");
        // After the name: field 3 (state) is fields[0], so field 19 (nice) is fields[16].
        if (fields.length <= 16) {
            return null;
        }
        try {
            return Integer.parseInt(fields[16]);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }
}
