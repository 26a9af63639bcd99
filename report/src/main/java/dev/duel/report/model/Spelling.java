package dev.duel.report.model;

import java.util.Collection;

/**
 * The nearest of a few known words to a misspelt one, for "did you mean" in an error: a command, an option, a measure.
 * Stateless.
 */
public final class Spelling {
    /** A word further away than this many edits is no longer "the one you meant". */
    public static final int MAX_EDITS = 2;

    private Spelling() {}

    /** The known word fewest edits away, if within {@link #MAX_EDITS}; the first such on ties; null when none is. */
    public static String nearest(String word, Collection<String> known) {
        java.util.List<String> all = nearestAll(word, known);
        return all.isEmpty() ? null : all.get(0);
    }

    /** Every known word at the fewest edits from {@code word}, if within {@link #MAX_EDITS}, in {@code known}'s order. */
    public static java.util.List<String> nearestAll(String word, Collection<String> known) {
        java.util.List<String> best = new java.util.ArrayList<>();
        int bestDistance = MAX_EDITS + 1;
        for (String candidate : known) {
            int distance = editDistance(word, candidate);
            if (distance < bestDistance) {
                best.clear();
                bestDistance = distance;
            }
            if (distance == bestDistance && distance <= MAX_EDITS) {
                best.add(candidate);
            }
        }
        return best;
    }

    /**
     * Edits between two words: insertions, deletions and substitutions of one character, and swaps of two neighbours,
     * each one edit (the optimal string alignment distance): "rsp" is one edit from "rps", as a typist sees it.
     */
    public static int editDistance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(d[i - 1][j - 1] + cost, Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1));
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
