package dev.duel.reference.logic;

import java.time.Instant;

/**
 * The identity an app reports on {@code /health}, which duel checks before every run:
 * {@code {"app":"minimal","runtime":"Eclipse Adoptium 25.0.3+9-LTS","pid":123,"startedAt":"...","dataset":1000000,"db":"ok"}}.
 *
 * @param app       "controllers" or "minimal"
 * @param runtime   {@code java.vendor} and {@code java.runtime.version}
 * @param startedAt when the app's main method began (ISO-8601)
 * @param dataset   records in the {@code /process} dataset
 * @param db        "ok", "absent" (no DATABASE_URL) or "error"
 */
public record HealthReport(String app, String runtime, long pid, String startedAt, int dataset, String db) {
    public static HealthReport of(String app, Instant startedAt, int dataset, String db) {
        return new HealthReport(
                app,
                System.getProperty("java.vendor") + " " + System.getProperty("java.runtime.version"),
                ProcessHandle.current().pid(),
                startedAt.toString(),
                dataset,
                db);
    }
}
