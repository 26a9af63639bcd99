package dev.duel.analysis;

import dev.duel.record.HostSpeed;
import dev.duel.record.RunRecord;
import dev.duel.record.load.LoadResult;
import dev.duel.record.load.SliceResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * B / A from one interleaved pair ({@code order: interleaved}): two fresh JVMs alive at once on the same CPUs, the whole
 * load on one at a time in slices of main, in blocks of four drawn ABBA or BAAB. Each block gives one log ratio, the
 * log of B's mean rate over its two slices less the log of A's over its two, each slice's rate with its first tenth
 * left out ({@link #settledRate}); a drift that is linear over the block (a host that slows gradually, a JIT still
 * tuning both) cancels inside it. The pair's ratio is the mean of its blocks'.
 *
 * <p>A host whose speed flips (this project's vCPUs flip between two speeds 1.9x apart for tens of seconds) cuts the
 * blocks it flips inside: one side's slices then ran at another speed than the other's, and that block's ratio is off
 * by up to the flip. Where the record holds the host's speed on the targets' CPUs ({@link HostSpeed}), a block whose
 * slices' host speeds differ by more than {@link #FLIP_SHARE} is left out of both sides alike and counted: a flip comes
 * from the host, not from either side, so leaving its blocks out leans neither way. Without the host's speed every
 * block is used.
 *
 * <p>Another process that takes the targets' CPUs (a neighbour that starts and stops, a build beside the run) does to
 * a block what a flip of the host does: while it runs alike all through a block, both sides' slices meet it alike and
 * the block's ratio holds (each side gets the same share of the CPU beside it); where it starts or stops inside a
 * block, one side's slices met it and the other's did not. The noise gate's windows of main (a second each, {@link
 * #mainWindows}) give the CPU busy outside duel: a block whose two sides' slices met outside CPU that differs by more
 * than {@link #OTHER_CORES} is cut by it, left out of both sides alike and counted, so a pair survives a neighbour that
 * came and went instead of being discarded whole; the suite keeps such a pair while at least half of each scenario's
 * blocks are whole ({@link #blocks}).
 *
 * <p>Main's first block is its lead-in ({@link #leadInLeftOut}): its first slice follows the switch from warm-up to
 * main, and that switch cost the side holding it 4-16% of the slice (its first tenth aside) on the demo's
 * {@code /products/{id}} where a judge ended the warm-up, and nothing measurable after a fixed warm-up (measured,
 * docs/methodology.md). Whichever side the block's draw puts first would take it, so the block is left out of both
 * sides where a later block is whole; a main of one block keeps it, and says so.
 *
 * <p>The pair's own standard error is the spread of its blocks (blocks − 1 degrees of freedom): how well this pair of
 * JVMs was measured, for planning how long a pair's main should be. It is no interval of the comparison: it says
 * nothing of how another pair would come out (each fresh JVM compiles its own way), and a flip that costs the two sides
 * differently makes it optimistic, as a duet repetition's own error is (DuetRatioTest). A verdict over pairs reads the
 * spread of the pairs' ratios (the same t over repetitions as a duet's).
 * Stateless and thread-safe.
 */
public final class InterleavedRatio {
    /** Slices in a block: ABBA or BAAB. */
    public static final int SLICES_PER_BLOCK = 4;

    /**
     * A block whose slices' host speeds (on the targets' CPUs) differ by more than this share is cut by a flip: its
     * ratio is left out. Above the probe's own second-to-second spread at a steady speed (about ±5%, so slices of two
     * seconds or more differ by under 10%) and well below a flip (0.55-0.7x).
     */
    public static final double FLIP_SHARE = 0.15;

    /**
     * A block whose two sides' slices met CPU busy outside duel that differs by more than this, cores, is cut by another
     * process: its ratio is left out. A difference of it costs a CPU-bound side about 5% in one block of a pair's
     * several. Measured here (the records of issue 31's runs): in quiet interleaved runs 8 of 336 blocks differed by
     * more (a brief process outside duel), 95% of them by under 0.02; under a neighbour spinning on CPU 0 in spells of
     * 10-40 s (bench/cpu0-interference.sh), 14 of 96 blocks did (up to 0.14 cores), half of them by under 0.01.
     */
    public static final double OTHER_CORES = 0.05;

    /** Fewer blocks than this give no within-pair standard error: 2 degrees of freedom is the least that means much. */
    public static final int MIN_BLOCKS = 3;

    private InterleavedRatio() {}

    /**
     * One pair's ratio.
     *
     * @param logRatio          mean of the blocks' ln(B / A); NaN with no block
     * @param logStandardError  standard error of {@code logRatio} from the blocks' spread; NaN with fewer than
     *                          {@link #MIN_BLOCKS} blocks or when they do not vary
     * @param blocks            the blocks used
     * @param blocksCutByFlip   blocks the host's speed flipped inside: left out, unless every block was (then the pair
     *                          has no other, and they are used, {@code cutBlocksUsed})
     * @param blocksCutByOther  blocks in which another process took more of the targets' CPUs in one side's slices than
     *                          in the other's (the noise gate's windows of main: {@link #OTHER_CORES}): left out of both
     *                          sides
     * @param blocksIncomplete  blocks left out because a slice was missing, cut short by the run's end, or served
     *                          nothing
     * @param sliceMillis       the slices' length, milliseconds
     * @param firstTenthShare   over the slices used, the correct responses sent in each slice's first tenth over a tenth
     *                          of the slice's: below 1 when the first moments after a switch are slower (a cold cache
     *                          after the other side ran); NaN without slices
     * @param blockStartSeconds each block used, when it began, seconds on the load's axis
     * @param blockRatios       each block used, its B / A
     * @param cutBlocksUsed     every whole block was cut by a flip, so the pair's ratio rests on them: the flips' error
     *                          is in it (a pair of this kind is no worse than a pair of blocks that ignored the host)
     * @param leadInLeftOut     main's first block (its lead-in) was left out of both sides: a later block was whole
     */
    public record Pair(
            double logRatio,
            double logStandardError,
            int blocks,
            int blocksCutByFlip,
            int blocksCutByOther,
            int blocksIncomplete,
            double sliceMillis,
            double firstTenthShare,
            List<Double> blockStartSeconds,
            List<Double> blockRatios,
            boolean cutBlocksUsed,
            boolean leadInLeftOut) {
        public Pair {
            blockStartSeconds = List.copyOf(blockStartSeconds);
            blockRatios = List.copyOf(blockRatios);
        }

        /** B / A in this pair: exp of the mean block log ratio. */
        public double ratio() {
            return Math.exp(logRatio);
        }

        /** "B/A 1.043 over 12 blocks of 4 x 2 s after main's lead-in block (2 cut by a flip of the host left out)". */
        public String describe() {
            List<String> out = new ArrayList<>();
            if (cutBlocksUsed) {
                return String.format(
                        Locale.ROOT,
                        "B/A %.3f over %d blocks of 4 x %s s, every one cut by a flip of the host (used: no other)",
                        ratio(),
                        blocks,
                        seconds(sliceMillis));
            }
            if (blocksCutByFlip > 0) {
                out.add(blocksCutByFlip + " cut by a flip of the host");
            }
            if (blocksCutByOther > 0) {
                out.add(blocksCutByOther + " cut by another process");
            }
            if (blocksIncomplete > 0) {
                out.add(blocksIncomplete + " incomplete");
            }
            return String.format(
                    Locale.ROOT,
                    "B/A %.3f over %d blocks of 4 x %s s%s%s",
                    ratio(),
                    blocks,
                    seconds(sliceMillis),
                    leadInLeftOut ? " after main's lead-in block" : "",
                    out.isEmpty() ? "" : " (" + String.join(", ", out) + " left out)");
        }

        private static String seconds(double millis) {
            return millis % 1_000 == 0
                    ? String.valueOf((long) (millis / 1_000))
                    : String.format(Locale.ROOT, "%.1f", millis / 1_000);
        }
    }

    /**
     * One pair from its two runs' records in {@code scenario}: {@code run}'s slices against its partner's, as B / A with
     * the partner as A. Null when either holds no slices of the scenario.
     */
    public static Pair of(RunRecord run, RunRecord partner, String scenario) {
        RunRecord.ScenarioResult own = run.result(scenario);
        RunRecord.ScenarioResult other = partner.result(scenario);
        LoadResult ownLoad = own == null ? null : own.load();
        LoadResult otherLoad = other == null ? null : other.load();
        if (ownLoad == null || otherLoad == null || !ownLoad.interleaved() || !otherLoad.interleaved()) {
            return null;
        }
        HostSpeed speed = own.hostSpeed() != null ? own.hostSpeed() : other.hostSpeed();
        List<String> cpus = targetCpus(run, partner, speed);
        List<List<double[]>> windows = List.of(
                mainWindows(run, scenario, ownLoad.slices()), mainWindows(partner, scenario, otherLoad.slices()));
        return of(otherLoad.slices(), ownLoad.slices(), speed, cpus, windows);
    }

    /** As {@link #of(List, List, HostSpeed, List, List)} without the noise gate's windows. */
    public static Pair of(List<SliceResult> a, List<SliceResult> b, HostSpeed speed, List<String> cpus) {
        return of(a, b, speed, cpus, List.of());
    }

    /**
     * One pair from A's and B's slices (each side's own, on the shared axis of slice indices) and, where known, the
     * host's speed per second of the load on {@code cpus} (the targets' CPUs; null or empty: no block is judged cut),
     * leaving out the blocks that another process cut: those whose two sides' slices met outside CPU that differs by
     * more than {@link #OTHER_CORES} in any of {@code windows} (each a list of main's noise windows, one list per record,
     * as {@link #mainWindows} gives them).
     */
    public static Pair of(
            List<SliceResult> a,
            List<SliceResult> b,
            HostSpeed speed,
            List<String> cpus,
            List<List<double[]>> windows) {
        Map<Long, SliceResult> bySlice = new HashMap<>();
        Map<Long, Integer> side = new HashMap<>();
        double sliceMillis = 0;
        for (SliceResult slice : a) {
            bySlice.put(slice.slice(), slice);
            side.put(slice.slice(), 0);
            sliceMillis = Math.max(sliceMillis, slice.lengthMillis());
        }
        for (SliceResult slice : b) {
            bySlice.put(slice.slice(), slice);
            side.put(slice.slice(), 1);
            sliceMillis = Math.max(sliceMillis, slice.lengthMillis());
        }
        long lastSlice =
                bySlice.keySet().stream().mapToLong(Long::longValue).max().orElse(-1);
        // Every whole block first (each side's two slices there, none cut short or empty), in order.
        List<List<SliceResult>> whole = new ArrayList<>();
        List<Double> wholeLogRatios = new ArrayList<>();
        boolean firstWhole = false;
        int incomplete = 0;
        for (long block = 0; block * SLICES_PER_BLOCK <= lastSlice; block++) {
            double[] sum = new double[2];
            int[] count = new int[2];
            boolean complete = true;
            List<SliceResult> slices = new ArrayList<>();
            for (int i = 0; i < SLICES_PER_BLOCK; i++) {
                long index = block * SLICES_PER_BLOCK + i;
                SliceResult slice = bySlice.get(index);
                if (slice == null || slice.lengthMillis() < sliceMillis || slice.ok() == 0) {
                    complete = false;
                    break;
                }
                slices.add(slice);
                int s = side.get(index);
                sum[s] += settledRate(slice);
                count[s]++;
            }
            if (!complete || count[0] != 2 || count[1] != 2) {
                incomplete++;
                continue;
            }
            whole.add(slices);
            wholeLogRatios.add(Math.log(sum[1] / count[1]) - Math.log(sum[0] / count[0]));
            firstWhole |= block == 0;
        }
        // Main's lead-in, left out of both sides where a later block is whole: neither used nor counted as cut.
        boolean leadInLeftOut = firstWhole && whole.size() > 1;
        List<Double> logRatios = new ArrayList<>();
        List<Double> starts = new ArrayList<>();
        List<Double> cutLogRatios = new ArrayList<>();
        List<Double> cutStarts = new ArrayList<>();
        int cut = 0;
        int otherCut = 0;
        long firstTenths = 0;
        long allOk = 0;
        for (int w = leadInLeftOut ? 1 : 0; w < whole.size(); w++) {
            List<SliceResult> slices = whole.get(w);
            double logRatio = wholeLogRatios.get(w);
            if (cutByOther(slices, side, windows)) {
                otherCut++;
                continue;
            }
            if (cutByFlip(slices, speed, cpus)) {
                cut++;
                cutLogRatios.add(logRatio);
                cutStarts.add(slices.get(0).startMillis() / 1_000);
                continue;
            }
            logRatios.add(logRatio);
            starts.add(slices.get(0).startMillis() / 1_000);
            for (SliceResult slice : slices) {
                firstTenths +=
                        slice.okByTenth().isEmpty() ? 0 : slice.okByTenth().get(0);
                allOk += slice.ok();
            }
        }
        double firstTenthShare = allOk == 0 ? Double.NaN : firstTenths * 10.0 / allOk;
        boolean cutUsed = logRatios.isEmpty() && !cutLogRatios.isEmpty();
        if (cutUsed) {
            logRatios = cutLogRatios;
            starts = cutStarts;
        }
        int n = logRatios.size();
        List<Double> ratios = logRatios.stream().map(Math::exp).toList();
        double mean = n == 0
                ? Double.NaN
                : logRatios.stream().mapToDouble(Double::doubleValue).sum() / n;
        double standardError = Double.NaN;
        if (n >= MIN_BLOCKS) {
            double squares = 0;
            for (double r : logRatios) {
                squares += (r - mean) * (r - mean);
            }
            double se = Math.sqrt(squares / (n - 1) / n);
            standardError = se > 0 ? se : Double.NaN;
        }
        return new Pair(
                mean,
                standardError,
                n,
                cut,
                otherCut,
                incomplete,
                sliceMillis,
                firstTenthShare,
                starts,
                ratios,
                cutUsed,
                leadInLeftOut);
    }

    /**
     * Main's noise windows of {@code run} in {@code scenario} on the load's axis, each {start, end, cores busy outside
     * duel}, milliseconds and cores. Main's windows are timed from main's start, which the slices give: slice k began k
     * slices after it. Empty for a record without windows.
     */
    public static List<double[]> mainWindows(RunRecord run, String scenario, List<SliceResult> ownSlices) {
        if (run.gates() == null || run.gates().noiseWindows() == null || ownSlices.isEmpty()) {
            return List.of();
        }
        return mainWindows(run.gates().noiseWindows(), scenario, mainStartMillis(ownSlices));
    }

    /** As above from the windows themselves and main's start on the load's axis, milliseconds. */
    public static List<double[]> mainWindows(
            List<RunRecord.NoiseWindow> windows, String scenario, double mainStartMillis) {
        List<double[]> spans = new ArrayList<>();
        for (RunRecord.NoiseWindow window : windows) {
            if (window.phase() == dev.duel.record.Phase.MAIN && !window.start() && scenario.equals(window.scenario())) {
                double start = mainStartMillis + window.startSeconds() * 1_000;
                spans.add(new double[] {start, start + window.seconds() * 1_000, window.outsideCores()});
            }
        }
        return spans;
    }

    /** Main's start on the load's axis, milliseconds, from any of its slices (slice k begins k slices in). */
    public static double mainStartMillis(List<SliceResult> slices) {
        SliceResult first = slices.get(0);
        return first.startMillis() - first.slice() * first.lengthMillis();
    }

    /**
     * One side's blocks of main and how many another process cut (its slices and the other side's met outside CPU that
     * differs by more than {@link #OTHER_CORES}), from its own slices and windows alone (a block's four slices follow
     * one another, two of them this side's, so a side knows when the other's ran): what the suite's noise gate keeps or
     * discards an interleaved pair on, without its partner's record.
     *
     * @return {blocks, cut}
     */
    public static int[] blocks(List<SliceResult> ownSlices, List<double[]> windows) {
        int[] counts = blocks(ownSlices, windows, null, List.of());
        return new int[] {counts[0], counts[1]};
    }

    /**
     * As {@link #blocks(List, List)}, and how many of the blocks another process did not cut the host's speed on
     * {@code cpus} flipped inside ({@link #FLIP_SHARE}, as {@link #of} judges a block, each slice's span known from the
     * block's start where it is the other side's): both kinds are left out of the pair's ratio alike.
     *
     * @param speed the host's speed through the scenario's load; null: no block is judged cut by a flip
     * @return {blocks, cut by another process, cut by a flip of the host}
     */
    public static int[] blocks(
            List<SliceResult> ownSlices, List<double[]> windows, HostSpeed speed, List<String> cpus) {
        Map<Long, List<SliceResult>> byBlock = new java.util.TreeMap<>();
        for (SliceResult slice : ownSlices) {
            byBlock.computeIfAbsent(Math.floorDiv(slice.slice(), SLICES_PER_BLOCK), k -> new ArrayList<>())
                    .add(slice);
        }
        int cut = 0;
        int flipped = 0;
        for (Map.Entry<Long, List<SliceResult>> block : byBlock.entrySet()) {
            double length = block.getValue().get(0).lengthMillis();
            double blockStart = mainStartMillis(block.getValue()) + block.getKey() * SLICES_PER_BLOCK * length;
            java.util.Set<Long> own = new java.util.HashSet<>();
            block.getValue().forEach(slice -> own.add(slice.slice()));
            double[] sum = new double[2];
            int[] count = new int[2];
            List<double[]> spans = new ArrayList<>();
            for (int i = 0; i < SLICES_PER_BLOCK; i++) {
                spans.add(new double[] {blockStart + i * length, length});
                double outside = outsideOver(blockStart + i * length, length, windows);
                if (Double.isNaN(outside)) {
                    continue;
                }
                int s = own.contains(block.getKey() * SLICES_PER_BLOCK + i) ? 0 : 1;
                sum[s] += outside;
                count[s]++;
            }
            if (count[0] > 0 && count[1] > 0 && Math.abs(sum[0] / count[0] - sum[1] / count[1]) > OTHER_CORES) {
                cut++;
            } else if (flippedAcross(spans, speed, cpus)) {
                flipped++;
            }
        }
        return new int[] {byBlock.size(), cut, flipped};
    }

    /** Whether, in any record's windows, the block's two sides' slices met outside CPU more than OTHER_CORES apart. */
    private static boolean cutByOther(List<SliceResult> slices, Map<Long, Integer> side, List<List<double[]>> windows) {
        for (List<double[]> record : windows) {
            double[] sum = new double[2];
            int[] count = new int[2];
            for (SliceResult slice : slices) {
                double outside = outsideOver(slice.startMillis(), slice.lengthMillis(), record);
                if (Double.isNaN(outside)) {
                    continue;
                }
                int s = side.get(slice.slice());
                sum[s] += outside;
                count[s]++;
            }
            if (count[0] > 0 && count[1] > 0 && Math.abs(sum[0] / count[0] - sum[1] / count[1]) > OTHER_CORES) {
                return true;
            }
        }
        return false;
    }

    /**
     * The cores busy outside duel over [start, start + length) ms: the windows' readings weighted by how much of the
     * span each covers; NaN where no window covers it.
     */
    private static double outsideOver(double startMillis, double lengthMillis, List<double[]> windows) {
        double weighted = 0;
        double covered = 0;
        for (double[] window : windows) {
            double overlap = Math.min(startMillis + lengthMillis, window[1]) - Math.max(startMillis, window[0]);
            if (overlap > 0) {
                weighted += overlap * window[2];
                covered += overlap;
            }
        }
        return covered < EDGE_MILLIS ? Double.NaN : weighted / covered;
    }

    /** A slice covered by windows for less than this, milliseconds, has no reading of its own ({@link #outsideOver}). */
    private static final double EDGE_MILLIS = 100;

    /**
     * A slice's correct responses per second with its first tenth left out, as every slice's is: its first moments
     * follow the other side's (a closed loop refilling, caches and branch history the other JVM left), and served 85-89%
     * of a tenth's share in the first real pairs here (JDK 17 and 25 on the minimal app, 2 s slices), the costs of two
     * JVMs need not be alike, and leaving them out of both sides alike keeps the ratio to what each does once it holds
     * the load. A slice without tenths (a record that did not count them) gives its whole rate.
     */
    static double settledRate(SliceResult slice) {
        List<Long> tenths = slice.okByTenth();
        if (tenths.size() != 10 || slice.lengthMillis() <= 0) {
            return slice.okPerSecond();
        }
        long settled = 0;
        for (int t = SETTLING_TENTHS; t < 10; t++) {
            settled += tenths.get(t);
        }
        return settled * 1_000.0 / (slice.lengthMillis() * (10 - SETTLING_TENTHS) / 10);
    }

    /** Tenths of a slice left out at its start ({@link #settledRate}). */
    public static final int SETTLING_TENTHS = 1;

    /**
     * Whether the host's speed on {@code cpus} differed by more than {@link #FLIP_SHARE} between two slices of a block:
     * each slice's speed the mean over the whole seconds of the load it covers (a slice shorter than a second takes the
     * second it starts in).
     */
    static boolean cutByFlip(List<SliceResult> slices, HostSpeed speed, List<String> cpus) {
        return flippedAcross(
                slices.stream()
                        .map(slice -> new double[] {slice.startMillis(), slice.lengthMillis()})
                        .toList(),
                speed,
                cpus);
    }

    /** As {@link #cutByFlip} over spans of the load's axis, each {start, length}, milliseconds. */
    private static boolean flippedAcross(List<double[]> spans, HostSpeed speed, List<String> cpus) {
        if (speed == null || cpus == null || cpus.isEmpty()) {
            return false;
        }
        for (String cpu : cpus) {
            List<Double> series = speed.of(cpu);
            if (series == null) {
                continue;
            }
            double low = Double.POSITIVE_INFINITY;
            double high = 0;
            for (double[] span : spans) {
                double mean = meanOver(series, span[0], span[1]);
                if (Double.isNaN(mean)) {
                    continue;
                }
                low = Math.min(low, mean);
                high = Math.max(high, mean);
            }
            if (high > 0 && low < Double.POSITIVE_INFINITY && high / low > 1 + FLIP_SHARE) {
                return true;
            }
        }
        return false;
    }

    /** The mean of the series over the whole seconds in [start, start + length) ms, or the second start falls in. */
    private static double meanOver(List<Double> series, double startMillis, double lengthMillis) {
        int first = (int) Math.ceil(startMillis / 1_000 - 1e-9);
        int end = (int) Math.floor((startMillis + lengthMillis) / 1_000 + 1e-9);
        if (end <= first) {
            first = (int) Math.floor(startMillis / 1_000);
            end = first + 1;
        }
        double sum = 0;
        int count = 0;
        for (int second = first; second < end && second < series.size(); second++) {
            Double value = second < 0 ? null : series.get(second);
            if (value != null) {
                sum += value;
                count++;
            }
        }
        return count == 0 ? Double.NaN : sum / count;
    }

    /** The CPUs the two targets were pinned to, each as probed; every probed CPU where a target has no cpuset. */
    private static List<String> targetCpus(RunRecord run, RunRecord partner, HostSpeed speed) {
        if (speed == null) {
            return List.of();
        }
        java.util.Set<String> cpus = new java.util.LinkedHashSet<>();
        for (RunRecord record : List.of(run, partner)) {
            String cpuset = record.targetInfo().cpuset();
            if (cpuset == null) {
                return speed.cpus();
            }
            dev.duel.record.CpuList.parse(cpuset).forEach(cpu -> cpus.add(String.valueOf(cpu)));
        }
        return cpus.stream().filter(speed.cpus()::contains).toList();
    }
}
