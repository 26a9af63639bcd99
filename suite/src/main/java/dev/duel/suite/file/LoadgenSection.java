package dev.duel.suite.file;

import dev.duel.suite.Suite;
import java.nio.file.Path;
import java.time.Duration;

/**
 * {@code loadgen:}: the load generator's CPUs, event loops and own warm-up, or the load agents that share its work
 * ({@link AgentsSection}). Stateless, so thread-safe.
 */
final class LoadgenSection {
    private LoadgenSection() {}

    /** The load generator as written, its agents' hosted targets not yet known; duel's own when not written. */
    static Suite.Loadgen loadgen(SuiteFile.LoadgenEntry l, Path folder) {
        if (l == null) {
            return new Suite.Loadgen(null, 0, Duration.ofSeconds(5));
        }
        return new Suite.Loadgen(
                Values.cpuset("loadgen.cpuset", l.cpuset()),
                l.threads() == null ? 0 : l.threads(),
                Values.duration("loadgen.warmup", l.warmup(), Duration.ofSeconds(5)),
                AgentsSection.agents(l.agents()),
                AgentsSection.tokenFile(l, folder));
    }
}
