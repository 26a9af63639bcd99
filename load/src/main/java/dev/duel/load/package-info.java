/**
 * duel's HTTP/1.1 load engine: {@link dev.duel.load.LoadEngine} takes a {@link dev.duel.load.LoadPlan} and a
 * clock and returns a {@code LoadResult} of the record module. The API a suite or the command line uses: plans, models,
 * timing, rates, settings and their errors. Knows nothing of targets, suites or command-line flags; may use the record
 * and analysis modules (the warm-up's judge) and its own subpackages.
 */
package dev.duel.load;
