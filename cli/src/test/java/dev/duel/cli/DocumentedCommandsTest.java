package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every {@code duel ...} command line the README, docs/*.md and each command's --help show parses with the real
 * command line and survives a shell as written: a reader pastes them. A command line is a line of a fenced code block
 * that starts with {@code duel} or {@code ./duel} (with its {@code \} continuations), or an inline code span that
 * does; a span that names a command and an option without all its required values ("`duel run`", "`duel report
 * --threshold`") is a mention, not a command line, and is only checked for the shell. A shell mangles an unquoted
 * {@code $}, {@code *}, {@code ?}, {@code [}, {@code <}, {@code >}, {@code |}, {@code &}, {@code ;}, {@code (} or a
 * backtick: {@code duel load http://host/products/${id}} sends every request to {@code /products/}.
 */
class DocumentedCommandsTest {
    private static final Pattern INLINE = Pattern.compile("`((?:\\./)?duel [^`]+)`");

    /** A command line as the docs give it, and where. */
    record Shown(String where, String line) {}

    @Test
    void everyCommandLineInTheDocsAndTheHelpParsesAndSurvivesAShell() throws IOException {
        List<Shown> shown = new ArrayList<>();
        Path root = repositoryRoot();
        List<Path> files = new ArrayList<>();
        files.add(root.resolve("README.md"));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        for (Path file : files) {
            shown.addAll(commandLines(root.relativize(file).toString(), Files.readAllLines(file)));
        }
        for (String command : List.of("load", "run", "report", "micro", "smoke", "env", "demo", "agent", "history")) {
            String help = Captured.duel(command, "--help").out();
            shown.addAll(commandLines("duel " + command + " --help", fenced(help)));
        }
        assertTrue(shown.size() >= 40, "the docs show command lines: " + shown.size());
        List<String> problems = new ArrayList<>();
        for (Shown s : shown) {
            String problem = problem(s.line());
            if (problem != null) {
                problems.add(s.where() + ": " + s.line() + "\n    " + problem);
            }
        }
        assertEquals(List.of(), problems, String.join("\n", problems));
    }

    @Test
    void yesterdaysLoadHelpExampleIsCaught() {
        String old = "duel load http://127.0.0.1:8080/products/${id} --var id=seq:1..10000 --check 'json:/id == ${id}'"
                + " --rate 2000";
        String problem = problem(old);
        assertTrue(problem != null && problem.contains("unquoted '$'"), String.valueOf(problem));
        assertEquals(
                null,
                problem(old.replace("http://127.0.0.1:8080/products/${id}", "'http://127.0.0.1:8080/products/${id}'")));
        assertTrue(String.valueOf(problem("duel run <suite>")).contains("unquoted '<'"));
        assertTrue(String.valueOf(problem("duel load http://127.0.0.1:8080/ --duraton 30s"))
                .contains("--duraton"));
        assertEquals(null, problem("duel run"), "a mention of a command");
    }

    /** Why the line would not work as pasted, or null when it would. */
    static String problem(String line) {
        List<String> words = new ArrayList<>();
        String shell = shellWords(line, words);
        if (shell != null) {
            return shell;
        }
        int start = words.get(0).equals("./duel") || words.get(0).equals("duel") ? 1 : -1;
        if (start < 0) {
            return "not a duel command line";
        }
        CommandLine commandLine = new CommandLine(new Duel());
        try {
            commandLine.parseArgs(words.subList(start, words.size()).toArray(String[]::new));
        } catch (CommandLine.MissingParameterException mention) {
            return null; // names a command and options, as prose does: not a command line to paste
        } catch (CommandLine.ParameterException e) {
            return "does not parse: " + e.getMessage();
        }
        return null;
    }

    /**
     * Splits {@code line} as a POSIX shell would (single and double quotes, backslashes; a {@code #} comment after a
     * space), into {@code words}; returns why a shell would change it, or null.
     */
    static String shellWords(String line, List<String> words) {
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    word.append(c);
                }
                continue;
            }
            if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else if (c == '$' || c == '`') {
                    return "'" + c + "' inside double quotes: the shell expands it";
                } else {
                    word.append(c);
                }
                continue;
            }
            if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '\\' && i + 1 < line.length()) {
                word.append(line.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else if (c == '#' && !inWord) {
                break;
            } else if ("$*?[<>|&;()`".indexOf(c) >= 0) {
                return "unquoted '" + c + "': the shell would change or cut the command here; quote the word";
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            return "a quote is never closed";
        }
        if (inWord) {
            words.add(word.toString());
        }
        return null;
    }

    /** The command lines of a Markdown file (or of help text given as one fenced block). */
    static List<Shown> commandLines(String where, List<String> lines) {
        List<Shown> found = new ArrayList<>();
        boolean fenced = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                String command = line.strip();
                if (command.startsWith("duel ") || command.startsWith("./duel ")) {
                    StringBuilder joined = new StringBuilder(command);
                    while (joined.toString().endsWith("\\") && i + 1 < lines.size()) {
                        joined.setLength(joined.length() - 1);
                        joined.append(' ').append(lines.get(++i).strip());
                    }
                    found.add(new Shown(where + ":" + (i + 1), joined.toString()));
                }
                continue;
            }
            Matcher inline = INLINE.matcher(line);
            while (inline.find()) {
                String span = inline.group(1);
                // "`duel agent gen-b listening on ...`" quotes output, "`duel load ... --vus 32`" elides, and
                // "`duel run SUITE [--namespace N]`" is a synopsis: prose, not a line to paste.
                if (span.contains("...") || span.contains("[") || span.contains(" listening on ")) {
                    continue;
                }
                found.add(new Shown(where + ":" + (i + 1), span));
            }
        }
        return found;
    }

    /** Help text's indented example lines as one fenced block. */
    private static List<String> fenced(String help) {
        List<String> lines = new ArrayList<>();
        lines.add("```");
        help.lines().map(String::strip).forEach(lines::add);
        lines.add("```");
        return lines;
    }

    private static Path repositoryRoot() {
        Path here = Path.of("").toAbsolutePath();
        while (here != null && !Files.exists(here.resolve("README.md"))) {
            here = here.getParent();
        }
        if (here == null) {
            throw new IllegalStateException("no README.md above " + Path.of("").toAbsolutePath());
        }
        return here;
    }
}
