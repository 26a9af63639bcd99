package dev.duel.cli;

import dev.duel.load.schedule.Rate;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** Parsers for the values people type: durations, rates, fractions. */
final class Converters {
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(ns|us|ms|s|m|h)?");

    private Converters() {
    }

    /** {@code 10s}, {@code 500ms}, {@code 1.5s}, {@code 2m}, {@code 1h}; a bare number is seconds. */
    static Duration duration(String text) {
        Matcher m = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new CommandLine.TypeConversionException(
                    "'" + text + "' is not a duration: write e.g. 500ms, 10s, 2m or 1h");
        }
        double amount = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double nanos = amount * switch (unit) {
            case "ns" -> 1;
            case "us" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            case "m" -> 60e9;
            default -> 3600e9;
        };
        return Duration.ofNanos(Math.round(nanos));
    }

    /** {@code 1000} or {@code 1000/s}: per second; {@code 30/1m}, {@code 5/100ms}: per period. */
    static Rate rate(String text) {
        String trimmed = text.trim();
        int slash = trimmed.indexOf('/');
        String count = slash < 0 ? trimmed : trimmed.substring(0, slash);
        String period = slash < 0 ? "1s" : trimmed.substring(slash + 1);
        if (!period.isEmpty() && !Character.isDigit(period.charAt(0))) {
            period = "1" + period;
        }
        try {
            long requests = Long.parseLong(count.trim());
            Duration length = duration(period);
            if (requests <= 0 || length.isZero()) {
                throw new NumberFormatException();
            }
            return new Rate(requests, length.toNanos());
        } catch (RuntimeException e) {
            throw new CommandLine.TypeConversionException(
                    "'" + text + "' is not a rate: write requests per second (1000) or per period (30/1m, 5/100ms)");
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
            throw new CommandLine.TypeConversionException("'" + text + "' is not a rate between 0 and 1 (or 0% and 100%)");
        }
    }

    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            return duration(value);
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
