package dev.duel.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.duel.load.http.VariableSpec;
import dev.duel.load.schedule.Rate;
import dev.duel.record.load.Arrival;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** The rules between load settings as a front end gives them, each value null where left out. */
class LoadSettingsTest {
    private static final Rate TEN = Rate.perSecond(10);
    private static final Duration S = Duration.ofSeconds(1);
    private static final Timing.Phases DEFAULTS =
            new Timing.Phases(Duration.ofSeconds(10), Duration.ofSeconds(2), Duration.ofSeconds(20));

    /** The problem of {@code expected}, in words that name no flag and no suite key. */
    private static String problem(Setting expected, Executable code) {
        InvalidSettingException e = assertThrows(InvalidSettingException.class, code);
        assertEquals(expected, e.setting(), e.getMessage());
        assertFalse(e.problem().matches("(?s).*(--[a-z]|[a-z]Warmup|phases\\.|model\\.|vars\\.).*"), e.problem());
        return e.problem();
    }

    private static LoadSettings.GivenPhases given(
            boolean auto, Duration warmup, Duration min, Duration max, Duration gap, Duration duration) {
        return new LoadSettings.GivenPhases(auto, warmup, min, max, gap, duration);
    }

    @Test
    void usersMakeAClosedModelARateAnOpenOneAndBothAreRefusedAtTheRate() {
        assertEquals(new LoadModel.Closed(7), LoadSettings.model(null, null, null, null, 7), "the front end's users");
        assertEquals(new LoadModel.Closed(3), LoadSettings.model(3, null, "bursty", 1, 7), "open-model keys unread");
        assertEquals(
                new LoadModel.Open(TEN, Arrival.UNIFORM, LoadSettings.DEFAULT_MAX_CONNECTIONS),
                LoadSettings.model(null, TEN, null, null, 7));
        assertEquals(64, LoadSettings.DEFAULT_MAX_CONNECTIONS);
        assertEquals(new LoadModel.Open(TEN, Arrival.POISSON, 8), LoadSettings.model(null, TEN, "Poisson", 8, 7));
        assertEquals(
                "is the open model, and virtual users are the closed one: give a rate or virtual users, not both",
                problem(Setting.RATE, () -> LoadSettings.model(2, TEN, null, null, 7)));
        assertEquals(
                "must be at least 1, got 0",
                problem(Setting.MAX_CONNECTIONS, () -> LoadSettings.model(null, TEN, null, 0, 7)));
    }

    @Test
    void arrivalsAreUniformOrPoissonInAnyCase() {
        assertEquals(Arrival.UNIFORM, LoadSettings.arrival(null));
        assertEquals(Arrival.UNIFORM, LoadSettings.arrival("UNIFORM"));
        assertEquals(Arrival.POISSON, LoadSettings.arrival("poisson"));
        assertEquals(
                "is uniform or poisson, got 'bursty'",
                problem(Setting.ARRIVAL, () -> LoadSettings.model(null, TEN, "bursty", null, 7)));
    }

    @Test
    void phasesLeftOutAreTheFrontEndsAndAnAutoWarmUpRunsFromNothingToTwoMinutes() {
        assertEquals(DEFAULTS, LoadSettings.phases(LoadSettings.GivenPhases.NONE, DEFAULTS));
        assertEquals(
                new Timing.Phases(new Timing.Warmup.Fixed(S), Duration.ofSeconds(2), Duration.ofSeconds(5)),
                LoadSettings.phases(given(false, S, null, null, null, Duration.ofSeconds(5)), DEFAULTS));
        assertEquals(
                new Timing.Warmup.UntilSteady(Duration.ZERO, Duration.ofSeconds(120)),
                LoadSettings.phases(given(true, null, null, null, null, null), DEFAULTS)
                        .warmup());
        assertEquals(
                new Timing.Warmup.UntilSteady(Duration.ofSeconds(36), Duration.ofSeconds(46)),
                LoadSettings.phases(
                                given(true, null, Duration.ofSeconds(36), Duration.ofSeconds(46), S, null), DEFAULTS)
                        .warmup());
    }

    @Test
    void aMinimumOrMaximumWarmUpGoesWithAnAutoWarmUpOnly() {
        assertEquals(
                "caps an auto warm-up: set the warm-up to auto, or leave this out for a fixed one",
                problem(
                        Setting.MAX_WARMUP,
                        () -> LoadSettings.phases(
                                given(false, S, null, Duration.ofSeconds(60), null, null), DEFAULTS)));
        assertEquals(
                "is a floor under an auto warm-up: set the warm-up to auto, or leave this out for a fixed one",
                problem(
                        Setting.MIN_WARMUP,
                        () -> LoadSettings.phases(given(false, null, S, null, null, null), DEFAULTS)));
        assertEquals(
                "must be at least 2 s, the time of a first check",
                problem(
                        Setting.MAX_WARMUP,
                        () -> LoadSettings.phases(given(true, null, null, S, null, null), DEFAULTS)),
                "the warm-up's own checks still apply");
    }

    @Test
    void windowsReplaceThePhasesAndTheFirstPhaseSettingGivenIsRefused() {
        assertEquals(
                new Timing.Windows(3, S, Duration.ofSeconds(60)),
                LoadSettings.windows(3, S, Duration.ofSeconds(60), LoadSettings.GivenPhases.NONE));
        String problem = "is a phase setting, and a run with windows has no phases: leave out the warm-up, gap and"
                + " duration";
        assertEquals(
                problem,
                problem(Setting.WARMUP, () -> LoadSettings.windows(3, S, S, given(true, null, null, S, S, S))),
                "an auto warm-up is given too");
        // Each phase setting given, with those after it: the first is the one named.
        Setting[] order = {Setting.WARMUP, Setting.MIN_WARMUP, Setting.MAX_WARMUP, Setting.GAP, Setting.DURATION};
        for (int first = 0; first < order.length; first++) {
            Duration[] value = new Duration[order.length];
            java.util.Arrays.fill(value, first, order.length, S);
            LoadSettings.GivenPhases phases = given(false, value[0], value[1], value[2], value[3], value[4]);
            assertEquals(
                    problem, problem(order[first], () -> LoadSettings.windows(3, S, S, phases)), order[first].words());
        }
        assertEquals(
                "must be at least 1, got 0",
                problem(Setting.WINDOWS, () -> LoadSettings.windows(0, S, S, LoadSettings.GivenPhases.NONE)));
    }

    @Test
    void aVariableIsNamedWithLettersDigitsAndUnderscoresThenReadFromItsSpec() {
        assertEquals(VariableSpec.parse("seq:1..10"), LoadSettings.variable("_id2", "seq:1..10"));
        for (String name : new String[] {"my-id", "2id", "", "a b"}) {
            assertEquals(
                    "name '" + name + "' must be letters, digits and _, not starting with a digit",
                    problem(Setting.VARIABLES, () -> LoadSettings.variable(name, "seq:1..10")),
                    name);
        }
        assertEquals(
                "'seq:10..1': write seq:FIRST..LAST with integers, FIRST <= LAST",
                problem(Setting.VARIABLES, () -> LoadSettings.variable("id", "seq:10..1")));
    }
}
