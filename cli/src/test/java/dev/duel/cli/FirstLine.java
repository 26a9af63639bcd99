package dev.duel.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/**
 * The first line a started process prints (a duel agent's "listening on", a reference app's port), read on another
 * thread; the rest of its output is read and dropped, so that it never blocks on a full pipe.
 */
final class FirstLine {
    private FirstLine() {}

    static CompletableFuture<String> of(Process process) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                BufferedReader reader =
                        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                String line = reader.readLine();
                Thread drain = new Thread(() -> {
                    try {
                        while (reader.readLine() != null) {
                            // dropped
                        }
                    } catch (IOException e) {
                        // the process ended
                    }
                });
                drain.setDaemon(true);
                drain.start();
                return line == null ? "(no output)" : line;
            } catch (IOException e) {
                return e.toString();
            }
        });
    }
}
