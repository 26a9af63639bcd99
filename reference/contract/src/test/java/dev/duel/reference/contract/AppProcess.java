package dev.duel.reference.contract;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A reference app started as a real process from its jar: waits for {@code listening on <port>},
 * keeps its output in a log file, and is stopped by its own PID (SIGTERM, then SIGKILL).
 */
final class AppProcess implements AutoCloseable {
    private final Process process;
    private final int port;
    private final long startupMillis;
    private final Path log;

    private AppProcess(Process process, int port, long startupMillis, Path log) {
        this.process = process;
        this.port = port;
        this.startupMillis = startupMillis;
        this.log = log;
    }

    static AppProcess start(Path java, Path jar, Map<String, String> env, Path log)
            throws IOException, InterruptedException {
        Files.createDirectories(log.getParent());
        // The contract is about HTTP behaviour, not speed: the app starts cheaper with C1 only, Serial GC
        // and class-data sharing, and runs the same code.
        ProcessBuilder builder = new ProcessBuilder(
                        java.toString(),
                        "-Xmx512m",
                        "-XX:TieredStopAtLevel=1",
                        "-XX:+UseSerialGC",
                        "-Xshare:auto",
                        "-jar",
                        jar.toString())
                .redirectErrorStream(true);
        builder.environment().remove("DATABASE_URL");
        builder.environment().putAll(env);
        long started = System.nanoTime();
        Process process = builder.start();
        CompletableFuture<Integer> ready = new CompletableFuture<>();
        List<String> lines = new ArrayList<>();
        Thread reader = new Thread(
                () -> {
                    try (BufferedReader in = new BufferedReader(
                                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                            PrintWriter out = new PrintWriter(Files.newBufferedWriter(log))) {
                        String line;
                        while ((line = in.readLine()) != null) {
                            out.println(line);
                            out.flush();
                            synchronized (lines) {
                                lines.add(line);
                            }
                            if (line.startsWith("listening on ")) {
                                ready.complete(Integer.parseInt(
                                        line.substring("listening on ".length()).trim()));
                            }
                        }
                    } catch (IOException | NumberFormatException e) {
                        ready.completeExceptionally(e);
                    }
                    ready.completeExceptionally(new IOException("the app exited before it was ready"));
                },
                "app-output");
        reader.setDaemon(true);
        reader.start();
        try {
            int port = ready.get(90, TimeUnit.SECONDS);
            return new AppProcess(process, port, (System.nanoTime() - started) / 1_000_000, log);
        } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
            process.destroyForcibly();
            String tail;
            synchronized (lines) {
                tail = String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
            }
            throw new IOException(jar.getFileName() + " did not start: " + e.getMessage() + "\n" + tail, e);
        }
    }

    int port() {
        return port;
    }

    long pid() {
        return process.pid();
    }

    long startupMillis() {
        return startupMillis;
    }

    String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    Path log() {
        return log;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            // Interrupted while ending it: end it now, and keep the interrupt for the caller.
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
