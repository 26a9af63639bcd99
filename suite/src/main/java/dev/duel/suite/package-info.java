/**
 * Suites: YAML targets x scenarios x repetitions run in alternation, gated and recorded. The API: the model
 * ({@link dev.duel.suite.Suite}, {@link dev.duel.suite.Scenario}, {@link dev.duel.suite.RunPlan}), the runner and
 * what it tells ({@link dev.duel.suite.SuiteRunner}, {@link dev.duel.suite.SuiteListener},
 * {@link dev.duel.suite.SuiteOutcome}), and the ports it drives ({@link dev.duel.suite.RunnerParts},
 * {@link dev.duel.suite.LoadDriver}, {@link dev.duel.suite.CpuMeter}, {@link dev.duel.suite.EnvironmentSource},
 * {@link dev.duel.suite.RuntimeReaders}). Uses load, targets, agent and the record module; its subpackages do the work.
 */
package dev.duel.suite;
