package dev.duel.history;

import dev.duel.history.store.EntryTables;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Instant;

/**
 * A second JVM that writes into a history, for the tests that kill a writer mid-transaction and run two writers at
 * once: {@code hold STORE ID} writes an entry inside a transaction, says "halfway" and waits to be killed; {@code write
 * STORE PREFIX COUNT} records COUNT entries through {@link HistoryStore} and says "done".
 */
public final class WriterProcess {
    private WriterProcess() {}

    public static void main(String[] args) throws Exception {
        String store = args[1];
        if (args[0].equals("hold")) {
            HistoryStore.open(store, "0.1.0-test").close(); // opened and migrated: the tables are there
            String url = store.startsWith("jdbc:") ? store : "jdbc:sqlite:" + store;
            Connection connection = DriverManager.getConnection(url);
            connection.setAutoCommit(false);
            EntryTables.insert(
                    connection, SampleEntries.entry(args[2], "demo", "c0ffee1", Instant.EPOCH, 17_000, 3_400));
            System.out.println("halfway");
            System.out.flush();
            Thread.sleep(600_000); // killed before this ends
            return;
        }
        int count = Integer.parseInt(args[3]);
        try (HistoryStore history = HistoryStore.open(store, "0.1.0-test")) {
            for (int i = 0; i < count; i++) {
                history.record(SampleEntries.entry(
                        String.format("h-%s%06d", args[2], i),
                        "demo",
                        "c0ffee1",
                        Instant.EPOCH.plusSeconds(i),
                        1_000 + i,
                        3_400));
            }
        }
        System.out.println("done");
    }
}
