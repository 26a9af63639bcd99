/** A history in the formats other tools read ({@link Exports}): Otava's CSV, Bencher's BMF, github-action-benchmark's. */
package dev.duel.history.export;
