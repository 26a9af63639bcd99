/**
 * build: turns records read by {@code read} into the {@code model}: rows, comparability, verdicts, sections,
 * thresholds, the headline, the warm-up, runtime and micro answers. Uses read, model and the analysis module; never
 * renders, never runs anything.
 */
package dev.duel.report.build;
