package dev.duel.cli.compare;

import dev.duel.analysis.SteadyState;
import dev.duel.report.model.Report;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The one command a {@code duel compare} without an answer ends on: the same command line with the settings that stood
 * in the way raised, each to what the runs showed it needs. Pure: a function of the command line, the settings it ran
 * with and what each path's requests/s row concluded. Stateless; thread-safe.
 *
 * <ul>
 *   <li>a side that never reached steady state ran its warm-up to the cap: {@code --max-warmup} doubled (the cap is
 *       the only thing that ends an automatic warm-up without a steady answer). Also for a path answered on such runs
 *       alone, every run of it never steady: its answer compares two sides still warming, which a longer warm-up
 *       settles (PetClinic's /owners/1 was "18% more requests/s" from six such runs, and the command the compare ended on
 *       left its cap as it was while its words said the cap was doubled);
 *   <li>"cannot tell": more pairs narrow the interval as the square root of their number, so the budget grows by the
 *       square of how far the detectable change is from the margin the answer is asked within (at least double, at
 *       most an hour);
 *   <li>no verdict for runs counted with a mark (too few clean repetitions): the budget doubled, so pairs beyond the
 *       marked ones can be clean.
 * </ul>
 */
public final class SettleCommand {
    /** Beyond an hour, a bigger budget is no longer the answer: fewer paths, or a quieter machine, are. */
    static final Duration MOST_BUDGET = Duration.ofHours(1);

    private SettleCommand() {}

    /**
     * What one path's requests/s row concluded.
     *
     * @param path        the path, as given with --path
     * @param verdict     the requests/s comparison's verdict
     * @param detectable  for "cannot tell": the smallest rise these runs could detect (0.08 = +8%); NaN otherwise
     * @param sameWithin  the margin "the same" is asked within (0.05)
     * @param neverSteady runs of the path that never reached steady state
     * @param runs        runs of the path in all
     */
    public record PathAnswer(
            String path, Report.Verdict verdict, double detectable, double sameWithin, int neverSteady, int runs) {
        /** Answered, and not on runs that all still warmed up. */
        boolean settled() {
            return answered() && (runs == 0 || neverSteady < runs);
        }

        boolean answered() {
            return switch (verdict) {
                case BETTER, WORSE, DIFFERENT, SAME -> true;
                case CANNOT_TELL, TOO_FEW_RUNS, NOT_COMPARABLE, REFUSED -> false;
            };
        }
    }

    /**
     * Each load scenario's requests/s answer in {@code report}, named by its path (scenarios in the order the paths
     * were given, as the compare suite writes them).
     */
    public static List<PathAnswer> answers(Report report, List<String> paths) {
        List<PathAnswer> answers = new ArrayList<>();
        List<Report.ScenarioReport> loads =
                report.scenarios().stream().filter(s -> s.row("rps") != null).toList();
        for (int i = 0; i < loads.size(); i++) {
            Report.ScenarioReport scenario = loads.get(i);
            Report.Comparison rps = scenario.comparisons().stream()
                    .filter(c -> c.measure().equals("rps"))
                    .findFirst()
                    .orElse(null);
            int never = scenario.warmup() == null
                    ? 0
                    : (int) scenario.warmup().runs().stream()
                            .filter(r -> r.classification() == SteadyState.Classification.NO_STEADY_STATE)
                            .count();
            answers.add(new PathAnswer(
                    i < paths.size() ? paths.get(i) : scenario.name(),
                    rps == null ? Report.Verdict.NOT_COMPARABLE : rps.verdict(),
                    rps == null ? Double.NaN : rps.detectable(),
                    rps == null || Double.isNaN(rps.sameWithin())
                            ? dev.duel.analysis.RatioVerdict.DEFAULT_SAME_WITHIN
                            : rps.sameWithin(),
                    never,
                    scenario.warmup() == null ? 0 : scenario.warmup().runs().size()));
        }
        return answers;
    }

    /**
     * The command that settles the rest, and what it changed in words ("the warm-up cap doubled where a side never
     * settled, the budget raised to the pairs the intervals need").
     */
    public record Settle(String command, String changed) {}

    /**
     * The command that would settle the paths without an answer, or empty when every path has one (or nothing the
     * command can set stood in the way: a refused comparison).
     *
     * @param words     the command line as run, "duel" first, each word as a shell would take it
     * @param maxWarmup the warm-up cap it ran with
     * @param budget    the budget it ran with
     */
    public static Optional<Settle> of(
            List<String> words, Duration maxWarmup, Duration budget, List<PathAnswer> answers) {
        List<PathAnswer> open = answers.stream().filter(a -> !a.settled()).toList();
        if (open.isEmpty() || open.stream().allMatch(a -> a.verdict() == Report.Verdict.REFUSED)) {
            return Optional.empty();
        }
        Duration warmup = maxWarmup;
        if (open.stream().anyMatch(a -> a.neverSteady() > 0)) {
            warmup = maxWarmup.multipliedBy(2);
        }
        double factor = 2;
        for (PathAnswer a : open) {
            if (a.verdict() == Report.Verdict.CANNOT_TELL && a.detectable() > 0 && a.sameWithin() > 0) {
                factor = Math.max(factor, Math.pow(a.detectable() / a.sameWithin(), 2));
            }
        }
        long minutes = (long) Math.ceil(budget.toSeconds() * factor / 60.0);
        Duration raised = Duration.ofMinutes(Math.min(minutes, MOST_BUDGET.toMinutes()));
        List<String> command = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            String option = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
            boolean valued = !word.contains("=");
            switch (option) {
                case "--max-warmup", "--budget", "--results" -> i += valued ? 1 : 0; // set again below, or dropped
                case "--dry-run" -> {}
                default -> command.add(word);
            }
        }
        if (!warmup.equals(maxWarmup)) {
            command.add("--max-warmup");
            command.add(seconds(warmup));
        }
        command.add("--budget");
        command.add(raised.toMinutes() + "m");
        return Optional.of(new Settle(
                String.join(" ", command),
                (warmup.equals(maxWarmup) ? "" : "the warm-up cap doubled where a side never settled, ")
                        + "the budget raised to the pairs the intervals need"));
    }

    private static String seconds(Duration duration) {
        return String.format(Locale.ROOT, "%ds", duration.toSeconds());
    }
}
