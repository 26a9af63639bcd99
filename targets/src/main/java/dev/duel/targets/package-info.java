/**
 * Targets as processes: each started fresh on a chosen JDK inside cgroup CPU and memory limits (or loudly
 * unenforced), ready at its first correct answer, its identity checked, its CPU, memory and throttling read; companion
 * services (PostgreSQL); JDKs found; the host drift probe. Uses the record module; knows nothing of suites or load.
 */
package dev.duel.targets;
