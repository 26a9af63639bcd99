package dev.duel.record;

import dev.duel.record.load.LatencySummary;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * One place for the histogram shape every latency is recorded in, and its codec: records keep each
 * histogram compressed and Base64-encoded (as HdrHistogram's log format does), and readers decode them
 * here to merge runs (percentiles are never averaged). Values are nanoseconds. Stateless.
 */
public final class Histograms {
    /** Values are nanoseconds; nothing under a microsecond is told apart. */
    public static final long LOWEST_DISCERNIBLE_NANOS = 1_000L;
    /** One hour: anything slower is clamped to it (and a 10 s timeout fires long before). */
    public static final long HIGHEST_TRACKABLE_NANOS = 3_600_000_000_000L;

    public static final int SIGNIFICANT_DIGITS = 3;

    private Histograms() {}

    public static Histogram newLatencyHistogram() {
        return new Histogram(LOWEST_DISCERNIBLE_NANOS, HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
    }

    /** Records a latency, clamping to the trackable range instead of throwing on the hot path. */
    public static void recordNanos(Histogram histogram, long nanos) {
        histogram.recordValue(Math.min(Math.max(nanos, 0L), HIGHEST_TRACKABLE_NANOS));
    }

    public static LatencySummary summarize(Histogram histogram) {
        long count = histogram.getTotalCount();
        if (count == 0) {
            return LatencySummary.EMPTY;
        }
        return new LatencySummary(
                count,
                micros(histogram.getMinValue()),
                histogram.getMean() / 1_000.0,
                histogram.getStdDeviation() / 1_000.0,
                micros(histogram.getValueAtPercentile(50)),
                micros(histogram.getValueAtPercentile(90)),
                micros(histogram.getValueAtPercentile(95)),
                micros(histogram.getValueAtPercentile(99)),
                micros(histogram.getValueAtPercentile(99.9)),
                micros(histogram.getValueAtPercentile(99.99)),
                micros(histogram.getMaxValue()),
                encode(histogram));
    }

    public static double micros(long nanos) {
        return nanos / 1_000.0;
    }

    public static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    /**
     * The histogram {@link #encode} wrote; an empty one for null or "".
     *
     * @throws IllegalArgumentException the text is not a whole encoded histogram (damaged, truncated)
     */
    public static Histogram decode(String base64) {
        if (base64 == null || base64.isEmpty()) {
            return newLatencyHistogram();
        }
        try {
            ByteBuffer buffer = ByteBuffer.wrap(Base64.getDecoder().decode(base64));
            return Histogram.decodeFromCompressedByteBuffer(buffer, LOWEST_DISCERNIBLE_NANOS);
        } catch (DataFormatException | RuntimeException e) {
            // A truncated or damaged encoding fails in many ways inside HdrHistogram (a buffer underflow, an index out
            // of bounds, a negative array size): each is one thing to a reader, a histogram that cannot be had.
            throw new IllegalArgumentException("not an encoded HdrHistogram: " + e, e);
        }
    }
}
