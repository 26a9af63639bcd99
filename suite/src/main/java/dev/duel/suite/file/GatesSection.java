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
        Suite.Gates gates = new Suite.Gates(
                q == null || q.maxCores() == null ? d.quietMaxCores() : q.maxCores(),
                q == null ? d.quietFor() : Values.duration("gates.quiet.for", q.forDuration(), d.quietFor()),
                q == null ? d.quietMaxWait() : Values.duration("gates.quiet.maxWait", q.maxWait(), d.quietMaxWait()),
                q == null || q.retries() == null ? d.quietRetries() : q.retries(),
                l == null || l.maxUtilization() == null ? d.loadgenMaxUtilization() : l.maxUtilization(),
                l == null
                        ? d.loadgenMaxLagP99()
                        : Values.duration("gates.loadgen.maxLagP99", l.maxLagP99(), d.loadgenMaxLagP99()));
        check(gates);
        return gates;
    }

    /** The most repeats of a run discarded for noise: past this the machine is not fit to measure on. */
    static final int MAX_RETRIES = 100;

    /**
     * Refuses gate settings that cannot work: a negative or non-finite limit, a quiet stretch longer than the wait
     * for it (the gate could never pass), a load generator allowed more than its whole CPU, a lag limit of zero.
     * Before these checks, such values were taken as given and failed, or passed everything, at run time.
     */
    private static void check(Suite.Gates gates) {
        if (!Double.isFinite(gates.quietMaxCores()) || gates.quietMaxCores() < 0) {
            throw new Problem(
                    "gates.quiet.maxCores",
                    "is the CPU other processes may use while the machine counts as quiet, in cores: 0 or more, got "
                            + gates.quietMaxCores());
        }
        if (gates.quietFor().isNegative()) {
            throw new Problem("gates.quiet.for", "cannot be negative");
        }
        if (gates.quietMaxWait().isNegative()) {
            throw new Problem("gates.quiet.maxWait", "cannot be negative");
        }
        if (gates.quietFor().compareTo(gates.quietMaxWait()) > 0) {
            throw new Problem(
                    "gates.quiet.for",
                    "is " + seconds(gates.quietFor()) + ", longer than gates.quiet.maxWait ("
                            + seconds(gates.quietMaxWait()) + "): the machine could never be found quiet in time;"
                            + " shorten it or wait longer");
        }
        if (gates.quietRetries() < 0 || gates.quietRetries() > MAX_RETRIES) {
            throw new Problem(
                    "gates.quiet.retries",
                    "is how many times a run discarded for noise is repeated: 0 to " + MAX_RETRIES + ", got "
                            + gates.quietRetries());
        }
        if (!Double.isFinite(gates.loadgenMaxUtilization())
                || gates.loadgenMaxUtilization() <= 0
                || gates.loadgenMaxUtilization() > 1) {
            throw new Problem(
                    "gates.loadgen.maxUtilization",
                    "is the share of its CPU the load generator may use: above 0 and at most 1, got "
                            + gates.loadgenMaxUtilization());
        }
        if (gates.loadgenMaxLagP99().isZero() || gates.loadgenMaxLagP99().isNegative()) {
            throw new Problem("gates.loadgen.maxLagP99", "must be positive");
        }
    }

    private static String seconds(java.time.Duration duration) {
        return duration.toMillis() / 1e3 + " s";
    }
}
