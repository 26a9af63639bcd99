package dev.duel.suite.file;

import java.util.regex.Pattern;

/**
 * A scenario's {@code micro:}: the JMH benchmark whose in-process result the report puts beside the scenario's HTTP
 * result. Stateless, so thread-safe.
 */
final class MicroSection {
    private MicroSection() {}

    private static final Pattern MICRO = Pattern.compile("[\\w$.]+\\.\\w+( [\\w$]+=\\S+)*");

    /** {@code micro: HttpBenchmark.postQuote [app=minimal ...]}: a JMH benchmark (class.method), then parameters. */
    static String micro(String at, String micro) {
        if (micro != null && !MICRO.matcher(micro.trim()).matches()) {
            throw new Problem(
                    at,
                    "'" + micro + "' is not a JMH benchmark like HttpBenchmark.postQuote, optionally"
                            + " followed by parameters like app=minimal");
        }
        return micro == null ? null : micro.trim();
    }
}
