/**
 * {@code duel micro}: JMH forks of a benchmarks jar on each JDK, its file, the forks' records and each JDK's JIT
 * facts; and the microbenchmarks a suite runs beside its HTTP runs. Uses the suite API, {@code file}'s YAML errors,
 * {@code store} and the record module.
 */
package dev.duel.suite.micro;
