/**
 * The engine's run on Netty event loops: closed users, the open model's dispatcher, one connection's requests and
 * responses, backoff, its own CPU and GC watched, and the findings that say when the generator was the limit. Uses
 * the load API, {@code http}, {@code check}, {@code schedule} and {@code record}; Netty and HdrHistogram.
 */
package dev.duel.load.engine;
