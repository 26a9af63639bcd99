package dev.duel.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.load.check.ResponseChecks;
import dev.duel.load.http.Header;
import dev.duel.load.http.RequestSpec;
import dev.duel.load.http.RequestTemplate;
import dev.duel.load.http.VariableSpec;
import dev.duel.load.schedule.Rate;
import dev.duel.record.load.Arrival;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Wrong settings say which setting is wrong, as an enum, in words that name no flag and no suite key. */
class InvalidSettingExceptionTest {
    private static final Duration SECOND = Duration.ofSeconds(1);

    /** The setting and the problem; the problem names neither a flag ({@code --vus}) nor a key ({@code model.vus}). */
    private static InvalidSettingException assertInvalid(Setting expected, Executable code) {
        InvalidSettingException e = assertThrows(InvalidSettingException.class, code);
        assertEquals(expected, e.setting(), e.getMessage());
        assertFalse(e.problem().matches("(?s).*--[a-z].*"), "names a flag: " + e.problem());
        assertFalse(
                e.problem().matches("(?s).*\\b(model|phases|windows|request|vars)\\.[a-z].*"),
                "names a suite key: " + e.problem());
        assertEquals(
                expected.words() + ": " + e.problem(),
                e.getMessage(),
                "the message without a front end to name the setting");
        return e;
    }

    private static LoadPlan plan(Duration timeout, int threads) {
        return new LoadPlan(
                new RequestSpec("GET", "http://127.0.0.1/", List.of(), null),
                Map.of(),
                List.of(),
                new LoadModel.Closed(1),
                new Timing.Phases(Duration.ZERO, Duration.ZERO, SECOND),
                timeout,
                1,
                threads,
                LoadPlan.Transport.NIO,
                PlanSegment.WHOLE);
    }

    @Test
    void loadModelsNameTheCountThatIsWrong() {
        InvalidSettingException users = assertInvalid(Setting.VIRTUAL_USERS, () -> new LoadModel.Closed(0));
        assertEquals("must be at least 1, got 0", users.problem());
        assertEquals("virtual users: must be at least 1, got 0", users.getMessage());
        assertTrue(
                users instanceof IllegalArgumentException, "callers that catch IllegalArgumentException keep working");
        assertEquals(
                "must be at least 1, got -3",
                assertInvalid(
                                Setting.MAX_CONNECTIONS,
                                () -> new LoadModel.Open(Rate.perSecond(10), Arrival.UNIFORM, -3))
                        .problem());
    }

    @Test
    void timingAndPlanNameTheirSetting() {
        assertInvalid(Setting.WARMUP, () -> new Timing.Phases(Duration.ofSeconds(-1), Duration.ZERO, SECOND));
        assertInvalid(Setting.GAP, () -> new Timing.Phases(Duration.ZERO, Duration.ofSeconds(-1), SECOND));
        assertEquals(
                "must be positive",
                assertInvalid(Setting.DURATION, () -> new Timing.Phases(Duration.ZERO, Duration.ZERO, Duration.ZERO))
                        .problem());
        assertEquals(
                "must be at least 1, got 0",
                assertInvalid(Setting.WINDOWS, () -> new Timing.Windows(0, SECOND, SECOND))
                        .problem());
        assertInvalid(Setting.WINDOW_LENGTH, () -> new Timing.Windows(3, Duration.ZERO, SECOND));
        assertInvalid(Setting.TIMEOUT, () -> plan(Duration.ZERO, 0));
        assertEquals(
                "cannot be negative, got -1",
                assertInvalid(Setting.THREADS, () -> plan(SECOND, -1)).problem());
    }

    @Test
    void anUndeclaredVariableSaysHowToDeclareIt() {
        InvalidSettingException inUrl = assertInvalid(
                Setting.VARIABLES,
                () -> RequestTemplate.compile(new RequestSpec("GET", "http://h/p/${id}", List.of(), null), Map.of()));
        assertEquals(
                "the URL uses ${id}, which is not declared: declare it as seq:1..100, uniform:1..100, list:a,b or unique",
                inUrl.problem());
        assertTrue(assertInvalid(
                        Setting.VARIABLES,
                        () -> RequestTemplate.compile(
                                new RequestSpec("GET", "http://h/", List.of(Header.parse("X-Id: ${id}")), null),
                                Map.of()))
                .problem()
                .startsWith("header X-Id uses ${id}, which is not declared"));
        assertEquals(
                "check 'json:/id == ${nope}': ${nope} is not declared: declare it as seq:1..100, uniform:1..100, list:a,b or unique",
                assertInvalid(
                                Setting.VARIABLES,
                                () -> ResponseChecks.parse(List.of("json:/id == ${nope}"), List.of("id")))
                        .problem());
        // inside a JSON string literal too, not mistaken for a literal that cannot be read
        assertTrue(assertInvalid(
                        Setting.VARIABLES,
                        () -> ResponseChecks.parse(List.of("json:/name == \"Product ${nope}\""), List.of("id")))
                .problem()
                .contains("${nope} is not declared"));
        assertInvalid(Setting.VARIABLES, () -> ResponseChecks.parse(List.of("body contains ${nope}"), List.of()));
        assertInvalid(Setting.VARIABLES, () -> VariableSpec.parse("seq:5..1"));
        assertInvalid(Setting.VARIABLES, () -> VariableSpec.parse("random:1..2"));
        assertInvalid(Setting.VARIABLES, () -> VariableSpec.parse("list:"));
    }

    @Test
    void checksHeadersUrlMethodAndRateNameTheirSetting() {
        assertEquals(
                "check 'latency < 5': a check starts with 'status', 'body contains' or 'json:/pointer'",
                assertInvalid(Setting.CHECKS, () -> ResponseChecks.parse(List.of("latency < 5"), List.of()))
                        .problem());
        assertInvalid(Setting.CHECKS, () -> ResponseChecks.parse(List.of("status == 99"), List.of()));
        assertInvalid(Setting.CHECKS, () -> ResponseChecks.parse(List.of("status == 200", "status in 201"), List.of()));
        assertInvalid(Setting.CHECKS, () -> ResponseChecks.parse(List.of("json:/id == {}"), List.of()));
        assertInvalid(Setting.HEADERS, () -> Header.parse("no colon"));
        assertInvalid(Setting.HEADERS, () -> new Header("Bad Name", "x"));
        assertInvalid(
                Setting.HEADERS,
                () -> RequestTemplate.compile(
                        new RequestSpec("GET", "http://h/", List.of(Header.parse("Content-Length: 5")), null),
                        Map.of()));
        assertTrue(assertInvalid(Setting.URL, () -> RequestSpec.target("https://h/"))
                .problem()
                .startsWith("https is not supported"));
        assertInvalid(Setting.URL, () -> RequestSpec.target("ftp://h/"));
        assertInvalid(
                Setting.URL,
                () -> RequestTemplate.compile(new RequestSpec("GET", "http://h/a b", List.of(), null), Map.of()));
        assertInvalid(Setting.METHOD, () -> new RequestSpec("G T", "http://h/", List.of(), null));
        assertInvalid(Setting.RATE, () -> Rate.parse("fast"));
        assertInvalid(Setting.RATE, () -> new Rate(0, Rate.NANOS_PER_SECOND));
    }
}
