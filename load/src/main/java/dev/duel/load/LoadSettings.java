package dev.duel.load;

import dev.duel.load.http.VariableSpec;
import dev.duel.load.schedule.Rate;
import dev.duel.record.load.Arrival;
import java.time.Duration;
import java.util.regex.Pattern;

/**
 * The rules between a run's settings as a front end was given them, each value null where it was left out: the load
 * model (closed or open, not both; the arrivals), the timing (phases, or windows instead; a minimum and a maximum
 * warm-up only with a warm-up until steady), the variables' names, and the defaults every front end shares (64
 * connections, uniform arrivals, a warm-up until steady from 0 s to at most 120 s); each front end passes its own
 * (its users, its phases). The one place of these rules, so that every front end says the same of the same wrong
 * value, each naming the setting its own way ({@link InvalidSettingException}). Stateless, so thread-safe.
 */
public final class LoadSettings {
    /** The most connections an open model opens where none is given. */
    public static final int DEFAULT_MAX_CONNECTIONS = 64;

    private static final Pattern VARIABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private LoadSettings() {}

    /**
     * Closed with {@code virtualUsers}, or open at {@code rate}: not both.
     *
     * @param arrival        with a rate: uniform (also when null) or poisson, in any case
     * @param maxConnections with a rate: the most connections, or null for {@link #DEFAULT_MAX_CONNECTIONS}
     * @param defaultUsers   the front end's users when neither is given
     */
    public static LoadModel model(
            Integer virtualUsers, Rate rate, String arrival, Integer maxConnections, int defaultUsers) {
        if (rate == null) {
            return new LoadModel.Closed(virtualUsers == null ? defaultUsers : virtualUsers);
        }
        if (virtualUsers != null) {
            throw new InvalidSettingException(
                    Setting.RATE,
                    "is the open model, and virtual users are the closed one: give a rate or virtual users, not both");
        }
        return new LoadModel.Open(
                rate, arrival(arrival), maxConnections == null ? DEFAULT_MAX_CONNECTIONS : maxConnections);
    }

    /** Uniform (also when null) or Poisson, written in any case. */
    public static Arrival arrival(String text) {
        if (text == null || text.equalsIgnoreCase("uniform")) {
            return Arrival.UNIFORM;
        }
        if (text.equalsIgnoreCase("poisson")) {
            return Arrival.POISSON;
        }
        throw new InvalidSettingException(Setting.ARRIVAL, "is uniform or poisson, got '" + text + "'");
    }

    /**
     * A phased run's settings as given, each null where left out.
     *
     * @param autoWarmup the warm-up runs until steady ({@code warmup} is then null), at least {@code minWarmup} and at
     *                   most {@code maxWarmup}, which go with it only
     */
    public record GivenPhases(
            boolean autoWarmup,
            Duration warmup,
            Duration minWarmup,
            Duration maxWarmup,
            Duration gap,
            Duration duration) {
        /** No phase setting given. */
        public static final GivenPhases NONE = new GivenPhases(false, null, null, null, null, null);

        /** The first phase setting given, in the order warm-up, minimum, maximum, gap, duration; null for none. */
        Setting first() {
            return autoWarmup || warmup != null
                    ? Setting.WARMUP
                    : minWarmup != null
                            ? Setting.MIN_WARMUP
                            : maxWarmup != null
                                    ? Setting.MAX_WARMUP
                                    : gap != null ? Setting.GAP : duration != null ? Setting.DURATION : null;
        }
    }

    /**
     * Warm-up, gap and main, each left out taken from {@code defaults} (a fixed warm-up); a warm-up until steady from
     * 0 s to at most {@link Timing.Warmup.UntilSteady#DEFAULT_MAX} where its minimum or maximum is left out.
     */
    public static Timing.Phases phases(GivenPhases given, Timing.Phases defaults) {
        Timing.Warmup warmup;
        if (given.autoWarmup()) {
            warmup = new Timing.Warmup.UntilSteady(
                    given.minWarmup() == null ? Duration.ZERO : given.minWarmup(),
                    given.maxWarmup() == null ? Timing.Warmup.UntilSteady.DEFAULT_MAX : given.maxWarmup());
        } else if (given.maxWarmup() != null) {
            throw new InvalidSettingException(
                    Setting.MAX_WARMUP,
                    "caps an auto warm-up: set the warm-up to auto, or leave this out for a fixed one");
        } else if (given.minWarmup() != null) {
            throw new InvalidSettingException(
                    Setting.MIN_WARMUP,
                    "is a floor under an auto warm-up: set the warm-up to auto, or leave this out for a fixed one");
        } else {
            warmup = given.warmup() == null ? defaults.warmup() : new Timing.Warmup.Fixed(given.warmup());
        }
        return new Timing.Phases(
                warmup,
                given.gap() == null ? defaults.gap() : given.gap(),
                given.duration() == null ? defaults.main() : given.duration());
    }

    /**
     * {@code count} windows of {@code length} from the first correct response, given up after {@code awaitFirst}.
     * Windows replace the phases: a phase setting given with them ({@code phases}) is refused.
     */
    public static Timing.Windows windows(int count, Duration length, Duration awaitFirst, GivenPhases phases) {
        Setting phase = phases.first();
        if (phase != null) {
            throw new InvalidSettingException(
                    phase,
                    "is a phase setting, and a run with windows has no phases: leave out the warm-up, gap and"
                            + " duration");
        }
        return new Timing.Windows(count, length, awaitFirst);
    }

    /** The variable {@code name} takes its values as {@code spec} says: a name of letters, digits and _. */
    public static VariableSpec variable(String name, String spec) {
        if (!VARIABLE_NAME.matcher(name).matches()) {
            throw new InvalidSettingException(
                    Setting.VARIABLES, "name '" + name + "' must be letters, digits and _, not starting with a digit");
        }
        return VariableSpec.parse(spec);
    }
}
