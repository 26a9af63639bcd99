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
     */
    public record Pair(
            double logRatio,
            double logStandardError,
            int blocks,
            int blocksCutByFlip,
            int blocksIncomplete,
            double sliceMillis,
            double firstTenthShare,
            List<Double> blockStartSeconds,
            List<Double> blockRatios,
            boolean cutBlocksUsed) {
        public Pair {
            blockStartSeconds = List.copyOf(blockStartSeconds);
            blockRatios = List.copyOf(blockRatios);
        }

        /** B / A in this pair: exp of the mean block log ratio. */
        public double ratio() {
            return Math.exp(logRatio);
        }

        /** "B/A 1.043 over 12 blocks of 4 x 2 s (2 cut by a flip of the host left out)". */
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
            if (blocksIncomplete > 0) {
                out.add(blocksIncomplete + " incomplete");
            }
            return String.format(
                    Locale.ROOT,
                    "B/A %.3f over %d blocks of 4 x %s s%s",
                    ratio(),
                    blocks,
                    seconds(sliceMillis),
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
        return of(otherLoad.slices(), ownLoad.slices(), speed, cpus);
    }

    /**
     * One pair from A's and B's slices (each side's own, on the shared axis of slice indices) and, where known, the
     * host's speed per second of the load on {@code cpus} (the targets' CPUs; null or empty: no block is judged cut).
     */
    public static Pair of(List<SliceResult> a, List<SliceResult> b, HostSpeed speed, List<String> cpus) {
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
        List<Double> logRatios = new ArrayList<>();
        List<Double> starts = new ArrayList<>();
        List<Double> cutLogRatios = new ArrayList<>();
        List<Double> cutStarts = new ArrayList<>();
        int cut = 0;
        int incomplete = 0;
        long firstTenths = 0;
        long allOk = 0;
        for (long block = 0; block * SLICES_PER_BLOCK <= lastSlice; block++) {
            double[] sum = new double[2];
            int[] count = new int[2];
            boolean whole = true;
            List<SliceResult> slices = new ArrayList<>();
            for (int i = 0; i < SLICES_PER_BLOCK; i++) {
                long index = block * SLICES_PER_BLOCK + i;
                SliceResult slice = bySlice.get(index);
                if (slice == null || slice.lengthMillis() < sliceMillis || slice.ok() == 0) {
                    whole = false;
                    break;
                }
                slices.add(slice);
                int s = side.get(index);
                sum[s] += settledRate(slice);
                count[s]++;
            }
            if (!whole || count[0] != 2 || count[1] != 2) {
                incomplete++;
                continue;
            }
            double logRatio = Math.log(sum[1] / count[1]) - Math.log(sum[0] / count[0]);
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
        if (n == 0) {
            return new Pair(
                    Double.NaN, Double.NaN, 0, cut, incomplete, sliceMillis, firstTenthShare, starts, ratios, false);
        }
        double mean = logRatios.stream().mapToDouble(Double::doubleValue).sum() / n;
        double standardError = Double.NaN;
        if (n >= MIN_BLOCKS) {
            double squares = 0;
            for (double r : logRatios) {
                squares += (r - mean) * (r - mean);
            }
            double se = Math.sqrt(squares / (n - 1) / n);
            standardError = se > 0 ? se : Double.NaN;
        }
        return new Pair(mean, standardError, n, cut, incomplete, sliceMillis, firstTenthShare, starts, ratios, cutUsed);
    }

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
            for (SliceResult slice : slices) {
                double mean = meanOver(series, slice.startMillis(), slice.lengthMillis());
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
