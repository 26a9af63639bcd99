/**
 * One run of a suite: an attempt (quiet machine, host probe, fresh target, each scenario measured with its
 * samplers, verdict, record), the run's shared context, services, the process ledger and leftovers, preflight and the
 * load generator's preparation. Uses the suite API, {@code gate}, {@code store}, {@code aot}, load and targets.
 */
package dev.duel.suite.run;
