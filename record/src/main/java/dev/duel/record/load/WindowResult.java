package dev.duel.record.load;

/**
 * One window of a warm-up curve: responses that ended in [start, start + length) after the first
 * correct response.
 *
 * @param index        0-based window number
 * @param startMillis  window start, in milliseconds after the first correct response
 * @param lengthMillis window length in milliseconds
 * @param ok           correct responses that ended in the window
 * @param failures     failures that ended in the window
 * @param okPerSecond  ok / window length
 * @param latency      latency of the correct responses, from their intended start
 */
public record WindowResult(
        int index,
        double startMillis,
        double lengthMillis,
        long ok,
        long failures,
        double okPerSecond,
        LatencySummary latency) {}
