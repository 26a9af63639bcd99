/**
 * A JVM target's runtime timeline as recorded: per-window thread CPU (JIT, GC, VM) and flight-recording windows
 * (compilations, pauses, allocation). Data only; uses Jackson.
 */
package dev.duel.record.runtime;
