package dev.duel.record;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.HdrHistogram.Histogram;

/**
 * What merging agents' per-second histograms costs the coordinator (docs/scale.md): for per-second
 * histograms of the engine's shape ({@link Histograms#newLatencyHistogram()}) holding V latencies each
 * (log-normal, median 300 us, p99 about 1.9 ms, seeded), the median time to encode, decode and add one,
 * its encoded size (Base64 characters, as events and records carry it), and the time to merge N agents' encoded seconds into one summarized second. Run it
 * with {@code bench/histogram-merge.sh}; numbers depend on the machine, compare them within one run.
 */
public final class HistogramMergeBench {
    private static final int BATCHES = 7;

    private HistogramMergeBench() {}

    public static void main(String[] args) {
        double batchSeconds = args.length > 0 ? Double.parseDouble(args[0]) : 0.3;
        Random random = new Random(13);
        System.out.printf(
                Locale.ROOT,
                "one histogram of the engine's shape: %d bytes in memory%n",
                Histograms.newLatencyHistogram().getEstimatedFootprintInBytes());
        System.out.printf(
                Locale.ROOT,
                "%-10s %10s %10s %10s %10s %12s%n",
                "values/s",
                "base64 B",
                "encode us",
                "decode us",
                "add us",
                "summarize us");
        for (int values : new int[] {1_000, 10_000, 100_000, 1_000_000}) {
            Histogram second = latencies(random, values);
            String encoded = Histograms.encode(second);
            Histogram merged = Histograms.newLatencyHistogram();
            double encodeMicros =
                    median(batchSeconds, () -> Histograms.encode(second).length());
            double decodeMicros =
                    median(batchSeconds, () -> Histograms.decode(encoded).getTotalCount());
            double addMicros = median(batchSeconds, () -> {
                merged.add(second);
                return merged.getTotalCount();
            });
            double summarizeMicros =
                    median(batchSeconds, () -> Histograms.summarize(second).count());
            System.out.printf(
                    Locale.ROOT,
                    "%-10d %10d %10.1f %10.1f %10.1f %12.1f%n",
                    values,
                    encoded.length(),
                    encodeMicros,
                    decodeMicros,
                    addMicros,
                    summarizeMicros);
        }
        System.out.println();
        System.out.printf(Locale.ROOT, "%-8s %-10s %16s%n", "agents", "values/s", "merge 1 s, us");
        for (int agents : new int[] {3, 10, 100}) {
            int values = 1_000_000 / agents;
            List<String> seconds = new ArrayList<>();
            for (int a = 0; a < agents; a++) {
                seconds.add(Histograms.encode(latencies(random, values)));
            }
            double micros = median(batchSeconds, () -> {
                Histogram merged = Histograms.newLatencyHistogram();
                for (String encoded : seconds) {
                    merged.add(Histograms.decode(encoded));
                }
                return Histograms.summarize(merged).count();
            });
            System.out.printf(Locale.ROOT, "%-8d %-10d %16.1f%n", agents, values, micros);
        }
    }

    private static Histogram latencies(Random random, int values) {
        Histogram histogram = Histograms.newLatencyHistogram();
        for (int i = 0; i < values; i++) {
            long nanos = (long) (300_000 * Math.exp(0.8 * random.nextGaussian()));
            Histograms.recordNanos(histogram, nanos);
        }
        return histogram;
    }

    private interface Work {
        long run();
    }

    /** Median over batches of the microseconds one call takes; the first batch warms the JIT and is dropped. */
    private static double median(double batchSeconds, Work work) {
        double[] perCall = new double[BATCHES];
        long sink = 0;
        for (int b = -1; b < BATCHES; b++) {
            long calls = 0;
            long start = System.nanoTime();
            long end = start + (long) (batchSeconds * 1e9);
            long now;
            do {
                sink += work.run();
                calls++;
                now = System.nanoTime();
            } while (now < end);
            if (b >= 0) {
                perCall[b] = (now - start) / 1_000.0 / calls;
            }
        }
        if (sink == 42) {
            System.out.print("");
        }
        Arrays.sort(perCall);
        return perCall[BATCHES / 2];
    }
}
