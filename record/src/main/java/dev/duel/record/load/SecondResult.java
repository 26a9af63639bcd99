package dev.duel.record.load;

import dev.duel.record.Phase;

/**
 * One second of the run, counting every response by the second it ended in (whatever phase it
 * started in), so the series shows what the target did over time.
 *
 * @param second      seconds since the run started (0-based)
 * @param phase       phase at the start of that second
 * @param ok          correct responses that ended in the second
 * @param failures    failures that ended in the second
 * @param p50Micros   median latency of those correct responses, from their intended start
 * @param p99Micros   99th percentile of the same
 * @param maxMicros   the slowest of the same
 */
public record SecondResult(
        int second, Phase phase, long ok, long failures, double p50Micros, double p99Micros, double maxMicros) {}
