package dev.duel.cli;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Finds a command word that names no command, before picocli sees it: picocli treats an unknown
 * word as an unmatched argument of the top level, which {@code --help} then hides (exit 0 with the
 * top-level help). Only the first word that is not an option is the command; duel's top-level
 * options take no values, so every other word starting with '-' is one of them. Stateless.
 */
final class UnknownCommand {
    /** A suggestion further away than this many edits is no longer "the one you meant". */
    private static final int MAX_SUGGESTION_EDITS = 2;

    private UnknownCommand() {}

    /**
     * @param args  the command line
     * @param known the commands' names
     * @return the message naming the unknown command and the nearest known one, or empty when the
     *         command is known or there is none
     */
    static Optional<String> check(List<String> args, Collection<String> known) {
        for (String arg : args) {
            if (arg.equals("--")) {
                return Optional.empty();
            }
            if (arg.startsWith("-")) {
                continue;
            }
            if (known.contains(arg)) {
                return Optional.empty();
            }
            String nearest = nearest(arg, known);
            String suggestion = nearest == null ? "" : "; did you mean '" + nearest + "'?";
            return Optional.of("unknown command '" + arg + "'" + suggestion + "\nThe commands are "
                    + String.join(", ", known) + "; run 'duel --help' for what each does.");
        }
        return Optional.empty();
    }

    /** The known name fewest edits away, if within {@link #MAX_SUGGESTION_EDITS}; the first such on ties. */
    static String nearest(String word, Collection<String> known) {
        String best = null;
        int bestDistance = MAX_SUGGESTION_EDITS + 1;
        for (String candidate : known) {
            int distance = editDistance(word, candidate);
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        return best;
    }

    /** Levenshtein distance: insertions, deletions and substitutions of one character each. */
    static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
