package dev.duel.cli;

import dev.duel.load.Durations;
import dev.duel.load.InvalidSettingException;
import dev.duel.load.schedule.Rate;
import java.time.Duration;
import picocli.CommandLine;

/** Parsers for the values people type: durations, rates, fractions. */
final class Converters {
    private Converters() {}

    static Duration duration(String text) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }

    static Rate rate(String text) {
        try {
            return Rate.parse(text);
        } catch (IllegalArgumentException e) {
            // picocli names the option: only the problem, not the setting's words again
            throw new CommandLine.TypeConversionException(
                    e instanceof InvalidSettingException invalid ? invalid.problem() : e.getMessage());
        }
    }

    /** {@code 0.01} or {@code 1%}, between 0 and 1. */
    static double fraction(String text) {
        String trimmed = text.trim();
        try {
            double value = trimmed.endsWith("%")
                    ? Double.parseDouble(trimmed.substring(0, trimmed.length() - 1)) / 100
                    : Double.parseDouble(trimmed);
            if (value < 0 || value > 1) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException(
                    "'" + text + "' is not a rate between 0 and 1 (or 0% and 100%)");
        }
    }

    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            return duration(value);
        }
    }

    /** {@code --warmup}: a duration, or {@code auto} (until steady). */
    static final class WarmupConverter implements CommandLine.ITypeConverter<WarmupFlag> {
        @Override
        public WarmupFlag convert(String value) {
            return value.trim().equalsIgnoreCase("auto") ? WarmupFlag.AUTO : new WarmupFlag(duration(value));
        }
    }

    /** A warm-up as typed: {@code fixed} is its length, or null for {@code auto}. */
    record WarmupFlag(Duration fixed) {
        static final WarmupFlag AUTO = new WarmupFlag(null);

        boolean auto() {
            return fixed == null;
        }

        boolean none() {
            return fixed != null && fixed.isZero();
        }
    }

    static final class RateConverter implements CommandLine.ITypeConverter<Rate> {
        @Override
        public Rate convert(String value) {
            return rate(value);
        }
    }

    static final class FractionConverter implements CommandLine.ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            return fraction(value);
        }
    }
}
