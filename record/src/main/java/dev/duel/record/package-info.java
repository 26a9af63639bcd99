/**
 * The run record, typed and versioned: what a suite writes for each run and every reader reads
 * ({@link dev.duel.record.RunRecord}, {@link dev.duel.record.RecordJson} with its schema upgrades), the environment,
 * host probe and JVM facts. The one module writer and readers share; uses Jackson and HdrHistogram, no other duel
 * module.
 */
package dev.duel.record;
