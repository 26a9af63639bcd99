/**
 * The gates' decisions, pure where they can be: the quiet gate before a run, the noise windows of each second,
 * a run's verdict (ok, failed, discarded, invalid, with its reason), and the repetitions' stop rule. Uses the suite
 * API, load's results, targets' limits and analysis; starts nothing.
 */
package dev.duel.suite.gate;
