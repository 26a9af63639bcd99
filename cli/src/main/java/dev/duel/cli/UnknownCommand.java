package dev.duel.cli;

import dev.duel.report.model.Spelling;
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
    private UnknownCommand() {}

    /**
     * @param args    the command line
     * @param known   the commands' names, hidden ones too (they are accepted, never offered)
     * @param visible the commands' names the help lists: the ones suggested and listed
     * @return the message naming the unknown command and the nearest known one, or empty when the
     *         command is known or there is none
     */
    static Optional<String> check(List<String> args, Collection<String> known, Collection<String> visible) {
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
            String nearest = nearest(arg, visible);
            String suggestion = nearest == null ? "" : "; did you mean '" + nearest + "'?";
            return Optional.of("unknown command '" + arg + "'" + suggestion + " (the commands are "
                    + String.join(", ", visible) + "; 'duel --help' says what each does)");
        }
        return Optional.empty();
    }

    /** The known name fewest edits away, if within {@link Spelling#MAX_EDITS}; the first such on ties. */
    static String nearest(String word, Collection<String> known) {
        return Spelling.nearest(word, known);
    }

    /** Levenshtein distance ({@link Spelling#editDistance}). */
    static int editDistance(String a, String b) {
        return Spelling.editDistance(a, b);
    }
}
