/**
 * Statistics on recorded numbers: steady-state detection (changepoints, classification), intervals of ratios and
 * shifts, steady values, what limited a run (its bottleneck); the one judge that the engine's warm-up stop and the
 * report's classification share. Arithmetic only: uses the record module and Commons Statistics, nothing that runs.
 */
package dev.duel.analysis;
