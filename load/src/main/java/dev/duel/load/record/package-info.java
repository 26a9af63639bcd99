/**
 * Recording as the engine runs: per event loop, latency histograms and counts per phase and per second, rolled
 * into the record module's results without locks on the request path. Uses {@code schedule}, the record module and
 * HdrHistogram.
 */
package dev.duel.load.record;
