package dev.duel.targets;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A companion started once per suite and shared by every target, such as the database. Its
 * environment (e.g. {@code DATABASE_URL}) is passed to each target. Immutable.
 */
public sealed interface ServiceSpec {
    String name();

    /** One line for people: what is started (or reached) and under which limits. */
    String describe();

    /** The reference PostgreSQL launcher's jar: started here, its JDBC URL passed as DATABASE_URL. */
    record EmbeddedPostgres(String name, Path launcherJar, Limits limits) implements ServiceSpec {
        @Override
        public String describe() {
            return name + ": embedded PostgreSQL (" + launcherJar + "), limits " + limits;
        }
    }

    /** A PostgreSQL already running: nothing is started, its URL is passed as DATABASE_URL. */
    record ExternalPostgres(String name, String url) implements ServiceSpec {
        @Override
        public String describe() {
            return name + ": existing PostgreSQL at " + url + " (not started by duel, not limited)";
        }
    }

    /**
     * Any command: started, then ready when {@code ready} passes on its port; {@code env} (which may
     * use {@code ${port}}) is what targets receive.
     */
    record Command(
            String name, List<String> command, Integer port, ReadySpec ready, Map<String, String> env, Limits limits)
            implements ServiceSpec {
        public Command {
            command = List.copyOf(command);
            env = Map.copyOf(env == null ? Map.of() : env);
        }

        @Override
        public String describe() {
            return name + ": " + String.join(" ", command) + ", limits " + limits;
        }
    }
}
