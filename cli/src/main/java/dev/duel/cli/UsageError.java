package dev.duel.cli;

import java.util.List;
import java.util.Locale;
import picocli.CommandLine;

/**
 * What a bad command line prints: one line that starts with {@code duel:}, says what was wrong and names the fix (the
 * nearest option for a misspelt one, and the command's --help), with no usage dump after it: the help is one
 * {@code --help} away, and 112 lines of it bury the one that matters. Stateless.
 */
final class UsageError {
    private UsageError() {}

    /** The line for {@code exception}, whichever command's options it came from. */
    static String line(CommandLine.ParameterException exception) {
        CommandLine line = exception.getCommandLine();
        String command = line == null ? "duel" : line.getCommandSpec().qualifiedName(" ");
        return "duel: " + what(exception) + " (see '" + command + " --help')";
    }

    private static String what(CommandLine.ParameterException exception) {
        if (exception instanceof CommandLine.UnmatchedArgumentException unmatched) {
            List<String> words = unmatched.getUnmatched();
            String option =
                    words.stream().filter(w -> w.startsWith("-")).findFirst().orElse(null);
            if (option != null) {
                List<String> suggestions = unmatched.getSuggestions();
                return "unknown option '" + option + "'"
                        + (suggestions.isEmpty() ? "" : "; did you mean '" + suggestions.get(0) + "'?");
            }
            if (!words.isEmpty()) {
                return "unexpected argument '" + words.get(0) + "'";
            }
        }
        String message = exception.getMessage() == null ? "bad command line" : exception.getMessage();
        String oneLine = message.strip().replaceAll("\\s*\\R\\s*", "; ");
        // picocli's own messages start with a capital ("Invalid value for option ..."); duel's lines do not.
        return oneLine.isEmpty() ? oneLine : oneLine.substring(0, 1).toLowerCase(Locale.ROOT) + oneLine.substring(1);
    }
}
