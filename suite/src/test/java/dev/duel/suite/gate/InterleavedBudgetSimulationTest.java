package dev.duel.suite.gate;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.analysis.AlphaSpending;
import dev.duel.analysis.PairedRuns;
import dev.duel.analysis.RatioVerdict;
import dev.duel.record.RepetitionDecision;
import dev.duel.record.RunRecord;
import dev.duel.suite.Suite;
import dev.duel.suite.fixtures.FlippingHost;
import dev.duel.suite.fixtures.InterleavedRecords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The whole chain of an interleaved comparison on a simulated host whose speed flips (records in, verdict out): each
 * CPU's speed flips between 1.0 and 0.53 at exponential intervals (mean 30 s), independently; two fresh JVMs of one
 * target differ by 3% (the sd of the log ratio of their levels, so each JVM's own level is off by 3% / √2), each slice
 * by 5%; pairs are added until the answer is clear or the 8-minute budget is spent, each look at the α its spending
 * function allots ({@link AlphaSpending}, O'Brien-Fleming with the interim looks held to a quarter of α). A pair costs
 * what a small service costs here: each side started (1.5 s) and warmed up in turns (8 s of its own), the gap and the
 * gates (2.5 s), then 24 s of main: four blocks of four 1.5 s slices (the demo's slice), the first of them main's
 * lead-in, which the ratio leaves out of both sides ({@link dev.duel.analysis.InterleavedRatio}), so three counted,
 * the blocks per pair Kalibera and Jones's choice for these variances and costs. (Before the lead-in: three blocks of
 * 2 s slices, all counted, the same 24 s: 2.7%, 81.4% and 99.7%; with the lead-in left out of those, 3.2%, 61.1% and
 * 96.6%.) Compared, on the same host, with today's alternation of whole fresh runs.
 *
 * <p>{@link #main} prints the table of docs/methodology.md (other costs, block counts, spending rules).
 */
class InterleavedBudgetSimulationTest {
    /** The suite's time budget, seconds: the demo's 8 minutes (the table of {@link #main} tries others). */
    static double budgetSeconds = 8 * 60;

    private static final double SAME_WITHIN = 0.05;
    private static final double ALPHA = 0.05;
    /** Start of both sides (1.5 s each), their warm-up in turns (8 s of each's own), the gap, the gates and probes. */
    static double pairOverheadSeconds = 2 * 1.5 + 2 * 8 + 2.5;

    /** Each fresh JVM's own level: two of one target differ by 3%. */
    private static final double JVM_SIGMA = 0.03 / Math.sqrt(2);

    /** How looks spend α: the spending function, the share interim looks may spend, or Bonferroni over looks. */
    record Looks(AlphaSpending.Shape shape, double interimShare, boolean bonferroni, boolean onlyLast) {}

    /** The suite's own looks: O'Brien-Fleming spending, interim looks held to a quarter of α. */
    static final Looks SUITE_LOOKS = new Looks(AlphaSpending.Shape.OBRIEN_FLEMING, 0.25, false, false);

    static Looks looks = SUITE_LOOKS;

    private static final InterleavedRecords.Shape EQUAL =
            new InterleavedRecords.Shape(20_000, 0, JVM_SIGMA, 0.05, 4, 1.5);
    private static final InterleavedRecords.Shape TEN_PERCENT =
            new InterleavedRecords.Shape(20_000, Math.log(1.10), JVM_SIGMA, 0.05, 4, 1.5);

    /** How one simulated comparison ended. */
    record Ending(RatioVerdict.Kind kind, int pairs, double seconds) {}

    @Test
    void onAFlippingHostInterleavedPairsAnswerWithinEightMinutes() {
        int trials = 1_000;
        Rates equal = rates(EQUAL, trials, 1, null);
        Rates tenPercent = rates(TEN_PERCENT, trials, 2, null);
        System.out.println(
                line("interleaved pairs, O'Brien-Fleming spending (interim looks a quarter of α)", equal, tenPercent));
        System.out.println(line(
                "today's alternation of whole fresh runs, Bonferroni looks",
                alternationRates(0, trials, 3),
                alternationRates(Math.log(1.10), trials, 4)));
        assertTrue(equal.different() <= 0.05, "equal targets called different: " + equal);
        assertTrue(equal.same() >= 0.80, "equal targets called the same within 5%: " + equal);
        assertTrue(tenPercent.found() >= 0.80, "a true 10% found: " + tenPercent);
    }

    private static String line(String design, Rates equal, Rates tenPercent) {
        return String.format(
                Locale.ROOT,
                "%s, %.0f min: equal called different %.1f%%, the same within 5%% %.1f%% (median %.0f pairs, %.1f min);"
                        + " a true +10%% found %.1f%% (median %.1f min)",
                design,
                budgetSeconds / 60,
                equal.different() * 100,
                equal.same() * 100,
                equal.medianPairs(),
                equal.medianSeconds() / 60,
                tenPercent.found() * 100,
                tenPercent.medianSeconds() / 60);
    }

    /** What share of trials ended each way. */
    record Rates(double different, double same, double found, double medianPairs, double medianSeconds) {}

    private static Rates rates(InterleavedRecords.Shape shape, int trials, long seed, AlphaSpending.Shape spending) {
        int different = 0;
        int same = 0;
        int found = 0;
        List<Double> pairs = new ArrayList<>();
        List<Double> seconds = new ArrayList<>();
        for (int trial = 0; trial < trials; trial++) {
            Ending ending = interleaved(shape, new Random(seed * 1_000_003L + trial), spending);
            boolean changed = ending.kind() == RatioVerdict.Kind.HIGHER || ending.kind() == RatioVerdict.Kind.LOWER;
            different += changed ? 1 : 0;
            same += ending.kind() == RatioVerdict.Kind.SAME ? 1 : 0;
            found += ending.kind() == RatioVerdict.Kind.HIGHER ? 1 : 0;
            pairs.add((double) ending.pairs());
            seconds.add(ending.seconds());
        }
        return new Rates(
                different / (double) trials,
                same / (double) trials,
                found / (double) trials,
                median(pairs),
                median(seconds));
    }

    /**
     * One comparison as a suite with {@code repetitions: {budget: 8m, until: 'json: rps clear'}} makes it: pairs one
     * after another, after each from the third the suite's own rule ({@link RepetitionCheck#decideAll} at the look
     * {@link BudgetClock} reads off the records) until an answer or the budget's end; the answer is the rule's, the
     * report's {@link RatioVerdict}. With other looks than the suite's (the table of {@link #main}), the same records
     * through {@link #verdict}.
     */
    static Ending interleaved(InterleavedRecords.Shape shape, Random random, AlphaSpending.Shape spending) {
        FlippingHost host = new FlippingHost(random, 2, 30, 0.53, budgetSeconds + 120);
        double pairSeconds = pairOverheadSeconds + shape.mainSeconds();
        int expectedLooks = (int) (budgetSeconds / pairSeconds) - 2;
        boolean suites = looks.equals(SUITE_LOOKS);
        Suite.Repetitions rule = new Suite.Repetitions(
                3,
                100,
                StopRule.parse(InterleavedRecords.SCENARIO + ": rps clear").about(InterleavedRecords.SCENARIO),
                List.of(InterleavedRecords.SCENARIO),
                java.time.Duration.ofSeconds((long) budgetSeconds));
        List<RunRecord> records = new ArrayList<>();
        double used = 0;
        double previousShare = 0;
        RatioVerdict.Kind kind = RatioVerdict.Kind.TOO_FEW_RUNS;
        int pairs = 0;
        while (used + pairSeconds <= budgetSeconds) {
            pairs++;
            records.addAll(InterleavedRecords.pair(pairs, shape, host, used, used + pairOverheadSeconds, random));
            used += pairSeconds;
            if (pairs < 3) {
                continue;
            }
            if (suites) {
                RepetitionDecision decision = RepetitionCheck.decideAll(
                                rule,
                                List.of("a", "b"),
                                pairs,
                                records,
                                BudgetClock.look(records, pairs, 3, rule.budget()))
                        .get(0);
                kind = kind(decision.comparisons().get(0).verdict());
                if (decision.stop() != RepetitionDecision.Stop.GOING_ON) {
                    break;
                }
                continue;
            }
            boolean last = used + pairSeconds > budgetSeconds;
            if (looks.onlyLast() && !last) {
                continue;
            }
            double share = used / budgetSeconds;
            double lookAlpha = looks.bonferroni()
                    ? ALPHA / Math.max(1, expectedLooks)
                    : AlphaSpending.lookAlpha(looks.shape(), ALPHA, looks.interimShare(), previousShare, share, last);
            previousShare = share;
            kind = verdict(records, 1 - lookAlpha);
            if (kind == RatioVerdict.Kind.HIGHER || kind == RatioVerdict.Kind.LOWER || kind == RatioVerdict.Kind.SAME) {
                break;
            }
        }
        return new Ending(kind, pairs, used);
    }

    /** The rule's verdict word as the report's kind. */
    private static RatioVerdict.Kind kind(String verdict) {
        return switch (verdict) {
            case "higher" -> RatioVerdict.Kind.HIGHER;
            case "lower" -> RatioVerdict.Kind.LOWER;
            case "the same" -> RatioVerdict.Kind.SAME;
            default -> RatioVerdict.Kind.CANNOT_TELL;
        };
    }

    /** b against a over the pairs so far, as the report's row reads them: each pair's ratio block by block. */
    static RatioVerdict.Kind verdict(List<RunRecord> records, double confidence) {
        List<RunRecord> a = records.stream().filter(r -> r.target().equals("a")).toList();
        List<RunRecord> b = records.stream().filter(r -> r.target().equals("b")).toList();
        int n = a.size();
        double[] va = new double[n];
        double[] vb = new double[n];
        double[] ratios = new double[n];
        String[] keys = new String[n];
        for (int i = 0; i < n; i++) {
            va[i] = a.get(i).result(InterleavedRecords.SCENARIO).load().main().okPerSecond();
            vb[i] = b.get(i).result(InterleavedRecords.SCENARIO).load().main().okPerSecond();
            ratios[i] = PairedRuns.ratio(b.get(i), a.get(i), InterleavedRecords.SCENARIO);
            keys[i] = String.valueOf(a.get(i).repetition());
        }
        return RatioVerdict.of(
                        new RatioVerdict.Side(va, new boolean[n], keys, null),
                        new RatioVerdict.Side(vb, new boolean[n], keys, ratios),
                        confidence,
                        SAME_WITHIN)
                .kind();
    }

    /** Today's design on the same host: whole fresh runs alternating AB, BA, ..., each a warm-up alone and a main. */
    private static Rates alternationRates(double logRatio, int trials, long seed) {
        int different = 0;
        int same = 0;
        int found = 0;
        List<Double> repetitionCounts = new ArrayList<>();
        List<Double> seconds = new ArrayList<>();
        // A run: started (1.5 s), warmed up alone (8 s), the gap (1 s), main (24 s, the pair's main), the gates (1.5
        // s).
        double runSeconds = 1.5 + 8 + 1 + 24 + 1.5;
        int min = 3;
        int max = (int) (budgetSeconds / (2 * runSeconds));
        for (int trial = 0; trial < trials; trial++) {
            Random random = new Random(seed * 1_000_003L + trial);
            FlippingHost host = new FlippingHost(random, 2, 30, 0.53, budgetSeconds + 120);
            List<Double> a = new ArrayList<>();
            List<Double> b = new ArrayList<>();
            double used = 0;
            RatioVerdict.Kind kind = RatioVerdict.Kind.TOO_FEW_RUNS;
            int repetition = 0;
            while (repetition < max) {
                repetition++;
                for (int i = 0; i < 2; i++) {
                    boolean isB = (repetition % 2 == 1) == (i == 1);
                    double mainStart = used + runSeconds - 24 - 1.5;
                    double host0 = host.mean(0, mainStart, mainStart + 24);
                    double host1 = host.mean(1, mainStart, mainStart + 24);
                    double value = 20_000
                            * Math.exp(JVM_SIGMA * random.nextGaussian() + (isB ? logRatio : 0))
                            * Math.exp(0.05 / Math.sqrt(12) * random.nextGaussian())
                            * host0
                            * (0.9 + 0.1 * host1);
                    (isB ? b : a).add(value);
                    used += runSeconds;
                }
                if (repetition < min) {
                    continue;
                }
                String[] keys = new String[repetition];
                for (int k = 0; k < repetition; k++) {
                    keys[k] = String.valueOf(k + 1);
                }
                kind = RatioVerdict.of(
                                new RatioVerdict.Side(
                                        a.stream()
                                                .mapToDouble(Double::doubleValue)
                                                .toArray(),
                                        new boolean[repetition],
                                        keys,
                                        null),
                                new RatioVerdict.Side(
                                        b.stream()
                                                .mapToDouble(Double::doubleValue)
                                                .toArray(),
                                        new boolean[repetition],
                                        keys,
                                        null),
                                1 - ALPHA / (max - min + 1),
                                SAME_WITHIN)
                        .kind();
                if (kind == RatioVerdict.Kind.HIGHER
                        || kind == RatioVerdict.Kind.LOWER
                        || kind == RatioVerdict.Kind.SAME) {
                    break;
                }
            }
            different += kind == RatioVerdict.Kind.HIGHER || kind == RatioVerdict.Kind.LOWER ? 1 : 0;
            same += kind == RatioVerdict.Kind.SAME ? 1 : 0;
            found += kind == RatioVerdict.Kind.HIGHER ? 1 : 0;
            repetitionCounts.add((double) repetition);
            seconds.add(used);
        }
        return new Rates(
                different / (double) trials,
                same / (double) trials,
                found / (double) trials,
                median(repetitionCounts),
                median(seconds));
    }

    /** The table of designs in docs/methodology.md: run as a program, not a test. */
    public static void main(String[] args) {
        int trials = Integer.parseInt(args.length > 0 ? args[0] : "600");
        List<Looks> designs = List.of(
                new Looks(AlphaSpending.Shape.OBRIEN_FLEMING, 0.25, false, false),
                new Looks(AlphaSpending.Shape.OBRIEN_FLEMING, 1, false, false),
                new Looks(null, 1, true, false),
                new Looks(null, 1, false, true));
        double jvm = Double.parseDouble(args.length > 1 ? args[1] : "0.03");
        // Each pair's cost besides its main: a small service's, a larger one's, and (the third argument, seconds,
        // comma-separated) any other, e.g. the demo's measured 125 s (two scenarios' warm-ups in turns).
        double[] overheads = args.length > 2
                ? java.util.Arrays.stream(args[2].split(","))
                        .mapToDouble(Double::parseDouble)
                        .toArray()
                : new double[] {2 * 1.5 + 2 * 8 + 2.5, 2 * 2.5 + 2 * 12 + 3, 2 * 3 + 2 * 28 + 3};
        // The fourth argument: budgets in minutes, comma-separated (8 where none is given).
        double[] budgets = args.length > 3
                ? java.util.Arrays.stream(args[3].split(","))
                        .mapToDouble(Double::parseDouble)
                        .toArray()
                : new double[] {8};
        for (double budget : budgets) {
            budgetSeconds = budget * 60;
            for (double overhead : overheads) {
                for (int blocks : new int[] {2, 3}) {
                    for (Looks design : designs) {
                        pairOverheadSeconds = overhead;
                        looks = design;
                        InterleavedRecords.Shape equal = new InterleavedRecords.Shape(20_000, 0, jvm, 0.05, blocks, 2);
                        InterleavedRecords.Shape ten =
                                new InterleavedRecords.Shape(20_000, Math.log(1.10), jvm, 0.05, blocks, 2);
                        System.out.println(
                                String.format(Locale.ROOT, "overhead %.1f s, %d block(s): ", overhead, blocks)
                                        + line(
                                                String.valueOf(design),
                                                rates(equal, trials, 1, null),
                                                rates(ten, trials, 2, null)));
                    }
                }
            }
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        java.util.Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
