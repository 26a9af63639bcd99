package dev.duel.cli;

/** duel's exit codes; documented in --help and README. */
public final class ExitCodes {
    public static final int OK = 0;
    /** Checks failed on more requests than --max-error-rate allows; for duel report, run and demo, a threshold failed. */
    public static final int CHECKS_FAILED = 1;
    /** The command line was wrong: nothing was run. */
    public static final int USAGE = 2;
    /** The target could not be reached: nothing was measured. */
    public static final int UNREACHABLE = 3;
    /** duel itself failed: a bug; run again with --verbose and report it. */
    public static final int INTERNAL = 4;
    /**
     * The suite finished, but some runs failed, were invalid or stayed noisy: see their records. For duel load
     * --agents: a load agent was lost during the run, so the merged result is not the whole plan.
     */
    public static final int NOT_CLEAN = 5;
    /** The suite stopped early (a wrong target, one that would not start, a service that would not start); completed runs are kept. */
    public static final int STOPPED = 6;
    /**
     * duel load measured, but a file it was asked for (--out, --hdr-log) or the summary could not
     * be written: what was printed is all that is kept.
     */
    public static final int OUTPUT_FAILED = 7;

    static final String HELP = """
            Exit codes:
              0  ok
              1  checks failed beyond --max-error-rate, or a threshold failed
              2  usage error (a bad option or value, or unreadable results): nothing ran
              3  the target could not be reached: nothing was measured
              4  internal error: run again with --verbose and report it
              5  some runs failed, were invalid or stayed noisy (or a load agent was lost)
              6  the suite stopped early (a wrong target, a target or service that would not
                 start): completed runs are kept; fix the cause, then run it again
              7  measured, but --out, --hdr-log or the summary could not be written""";

    private ExitCodes() {}
}
