package dev.duel.load.engine;

import dev.duel.load.LagLimit;
import dev.duel.load.LoadModel;
import dev.duel.record.load.LatencySummary;
import dev.duel.record.load.PhaseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Decides, from what the engine saw of itself, whether the engine rather than the target may
 * have been the limit, and what else a reader must know. Any one sign is enough: a single event
 * loop at its limit caps the load even while the process as a whole looks half idle. Stateless.
 */
final class Findings {
    /** An event loop busier than this was saturated: it could not have sent faster. */
    static final double SATURATED_LOOP_BUSY = 0.90;

    static final double SATURATED_PROCESS_UTILIZATION = 0.90;
    /**
     * The engine's own lag above this p99 means it held the load back, when one of its loops was busy enough to
     * ({@link LagLimit}): in the open model its lag behind schedule, in the closed model its turnaround from a
     * response to the next request.
     */
    static final double LAG_P99_LIMIT_MICROS = 1_000;

    private Findings() {}

    static List<String> engineLimits(
            List<Double> loopBusy, double utilization, int cores, PhaseResult main, LoadModel model) {
        List<String> findings = new ArrayList<>();
        for (int i = 0; i < loopBusy.size(); i++) {
            if (loopBusy.get(i) >= SATURATED_LOOP_BUSY) {
                findings.add(String.format(
                        Locale.ROOT,
                        "event loop %d was busy %.0f%% of main: the load generator was at its limit, so the target may be faster than measured",
                        i,
                        loopBusy.get(i) * 100));
            }
        }
        if (utilization >= SATURATED_PROCESS_UTILIZATION) {
            findings.add(String.format(
                    Locale.ROOT,
                    "the load generator used %.0f%% of its %d core(s): it, not the target, may have been the limit",
                    utilization * 100,
                    cores));
        }
        if (lagCause(loopBusy, main, model) == LagLimit.Cause.GENERATOR) {
            findings.add(String.format(
                    Locale.ROOT,
                    model instanceof LoadModel.Open
                            ? "the load generator fell behind its own schedule: %s with connections free, its busiest"
                                    + " event loop busy %.0f%% of main"
                            : "the load generator held its users back: %s, its busiest event loop busy %.0f%% of main",
                    ownLag(main, model),
                    LagLimit.busiest(loopBusy) * 100));
        }
        return findings;
    }

    /**
     * Responses whose body check the engine gave up for want of memory: they count as failed checks, but the limit is
     * the engine's, so the run cannot stand as a measurement of the target. Null when there were none.
     */
    static String checksGivenUp(long responses, String budget) {
        if (responses == 0) {
            return null;
        }
        return String.format(
                Locale.ROOT,
                "the load generator could not check %d response(s): a JSON value ahead of the checked one needed more"
                        + " memory than it keeps for checks (%s); give duel a larger heap (-Xmx) or check a value that"
                        + " comes before the long one",
                responses,
                budget);
    }

    /**
     * The warning of a lag over the limit that the machine, not the engine, caused (its event loops were idle most of
     * main, see {@link LagLimit}): the delays are in the latencies, but they are the machine's jitter. Null otherwise.
     */
    static String machineLag(List<Double> loopBusy, PhaseResult main, LoadModel model) {
        if (lagCause(loopBusy, main, model) != LagLimit.Cause.MACHINE) {
            return null;
        }
        return String.format(
                Locale.ROOT,
                "the machine woke the load generator late: %s while its busiest event loop was busy %.0f%% of main;"
                        + " that is the machine's jitter (timers, scheduling, a slower host), not the generator's work,"
                        + " and the latencies include it",
                ownLag(main, model),
                LagLimit.busiest(loopBusy) * 100);
    }

    private static LagLimit.Cause lagCause(List<Double> loopBusy, PhaseResult main, LoadModel model) {
        return LagLimit.cause(ownLagSummary(main, model), LAG_P99_LIMIT_MICROS, loopBusy);
    }

    /** The engine's own lag in {@code model}: the schedule lag (open) or the turnaround (closed); null without main. */
    private static LatencySummary ownLagSummary(PhaseResult main, LoadModel model) {
        if (main == null) {
            return null;
        }
        return model instanceof LoadModel.Open ? main.scheduleLag() : main.turnaroundLag();
    }

    /** The engine's own lag in words, for a lag over the limit. */
    private static String ownLag(PhaseResult main, LoadModel model) {
        LatencySummary lag = ownLagSummary(main, model);
        return String.format(
                Locale.ROOT,
                model instanceof LoadModel.Open
                        ? "p99 send lag %.2f ms%s"
                        : "p99 %.2f ms from a response to the next request on its connection%s",
                lag.p99Micros() / 1_000,
                over(lag));
    }

    /** " (N of M over 1 ms)", or nothing for a summary without its histogram. */
    private static String over(LatencySummary lag) {
        long over = LagLimit.samplesOver(lag, LAG_P99_LIMIT_MICROS);
        return over < 0
                ? ""
                : String.format(
                        Locale.ROOT, " (%d of %d over %.0f ms)", over, lag.count(), LAG_P99_LIMIT_MICROS / 1_000);
    }

    static List<String> warnings(PhaseResult main, LoadModel model) {
        List<String> warnings = new ArrayList<>();
        if (main == null) {
            return warnings;
        }
        if (model instanceof LoadModel.Open open && main.late() > 0) {
            warnings.add(String.format(
                    Locale.ROOT,
                    "%d of %d requests (%.1f%%) waited for a free connection (max %d): the target did not keep up with %s; their latency counts from the intended start",
                    main.late(),
                    main.sent(),
                    100.0 * main.late() / Math.max(1, main.sent()),
                    open.maxConnections(),
                    open.rate()));
        }
        if (main.unstarted() > 0) {
            warnings.add(main.unstarted()
                    + " scheduled requests never started before main ended: the offered rate was not delivered");
        }
        if (main.ok() > 0 && main.ok() < 1_000) {
            warnings.add("only " + main.ok()
                    + " correct responses in main: percentiles from fewer than 1,000 samples are rough");
        }
        if (main.ok() == 0) {
            warnings.add("no correct response in main: there is no latency to report");
        }
        return warnings;
    }
}
