/**
 * A load run's result as recorded: phases, per-second results, latency summaries with their histograms, the
 * engine's own usage, warm-up ends, failures. Data only; uses the record root and Jackson.
 */
package dev.duel.record.load;
