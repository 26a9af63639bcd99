/**
 * Where a series of results over commits moved to another level: {@link ChangePoints}, a rank CUSUM whose
 * significance comes from permutations, applied by binary segmentation.
 */
package dev.duel.history.changes;
