/**
 * Looking inside a running JVM target: its threads' CPU from /proc by kind (C1, C2, GC, VM), duel's flight
 * recording settings, reading a recording and cutting it into the thread windows' edges. Uses the targets API and the
 * record module's runtime types; JDK Flight Recorder's reader.
 */
package dev.duel.targets.runtime;
