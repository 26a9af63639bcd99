package dev.duel.suite.file;

import dev.duel.suite.Suite;

/** {@code gates:}: when the machine is quiet enough to start a run, and when the load generator kept up. Stateless. */
final class GatesSection {
    private GatesSection() {}

    /** The gates as written, each left out one at its default ({@link Suite.Gates#DEFAULT}). */
    static Suite.Gates gates(SuiteFile.GatesEntry g) {
        Suite.Gates d = Suite.Gates.DEFAULT;
        if (g == null) {
            return d;
        }
        SuiteFile.QuietEntry q = g.quiet();
        SuiteFile.LoadgenGateEntry l = g.loadgen();
        return new Suite.Gates(
                q == null || q.maxCores() == null ? d.quietMaxCores() : q.maxCores(),
                q == null ? d.quietFor() : Values.duration("gates.quiet.for", q.forDuration(), d.quietFor()),
                q == null ? d.quietMaxWait() : Values.duration("gates.quiet.maxWait", q.maxWait(), d.quietMaxWait()),
                q == null || q.retries() == null ? d.quietRetries() : q.retries(),
                l == null || l.maxUtilization() == null ? d.loadgenMaxUtilization() : l.maxUtilization(),
                l == null
                        ? d.loadgenMaxLagP99()
                        : Values.duration("gates.loadgen.maxLagP99", l.maxLagP99(), d.loadgenMaxLagP99()));
    }
}
