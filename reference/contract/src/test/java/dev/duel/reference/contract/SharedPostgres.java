package dev.duel.reference.contract;

import dev.duel.reference.pg.EmbeddedDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;

/** One embedded PostgreSQL for the whole test run, stopped when the test JVM exits. */
final class SharedPostgres {
    private static EmbeddedDatabase database;

    private SharedPostgres() {}

    static synchronized EmbeddedDatabase get() {
        if (database == null) {
            try {
                database = EmbeddedDatabase.start(0);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            EmbeddedDatabase started = database;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.close();
                } catch (IOException e) {
                    System.err.println("stopping PostgreSQL failed: " + e.getMessage());
                }
            }));
        }
        return database;
    }
}
