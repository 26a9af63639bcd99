package dev.duel.report.model;

import java.util.List;

/**
 * The microbenchmarks a suite ran beside its HTTP runs ({@code micro/} of its results folder): the micro report, and
 * per scenario that names a benchmark ({@code micro: HttpBenchmark.postQuote}) one line per JDK putting the
 * in-process result beside the HTTP one, e.g. "json: in-process (JMH HttpBenchmark.getJson [app=minimal]): jdk25 18%
 * faster (...) | over HTTP under limits: jdk25 5% fewer requests/s (...)". Immutable.
 *
 * @param report the micro report, or null when {@code micro/} could not be read (the chain's one line says why)
 */
public record MicroSection(List<String> chain, MicroReport report) {
    public MicroSection {
        chain = List.copyOf(chain);
    }
}
