package dev.duel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.duel.load.schedule.Rate;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ConvertersTest {
    @Test
    void durations() {
        assertEquals(Duration.ofSeconds(10), Converters.duration("10s"));
        assertEquals(Duration.ofSeconds(10), Converters.duration("10"));
        assertEquals(Duration.ofMillis(1500), Converters.duration("1.5s"));
        assertEquals(Duration.ofMillis(250), Converters.duration("250ms"));
        assertEquals(Duration.ofMinutes(2), Converters.duration("2m"));
        assertEquals(Duration.ofHours(1), Converters.duration("1h"));
        assertThrows(CommandLine.TypeConversionException.class, () -> Converters.duration("ten"));
        assertThrows(CommandLine.TypeConversionException.class, () -> Converters.duration("-1s"));
    }

    @Test
    void rates() {
        assertEquals(Rate.perSecond(1000), Converters.rate("1000"));
        assertEquals(Rate.perSecond(1000), Converters.rate("1000/s"));
        assertEquals(new Rate(30, 60_000_000_000L), Converters.rate("30/1m"));
        assertEquals(new Rate(30, 60_000_000_000L), Converters.rate("30/m"));
        assertEquals(new Rate(5, 100_000_000L), Converters.rate("5/100ms"));
        assertThrows(CommandLine.TypeConversionException.class, () -> Converters.rate("0"));
        assertThrows(CommandLine.TypeConversionException.class, () -> Converters.rate("1.5"));
    }

    @Test
    void fractions() {
        assertEquals(0.01, Converters.fraction("1%"), 1e-12);
        assertEquals(0.05, Converters.fraction("0.05"), 1e-12);
        assertThrows(CommandLine.TypeConversionException.class, () -> Converters.fraction("2"));
    }
}
