/**
 * The results folder: one atomic JSON record per run, logs, the environment, inputs (jars' and duel's code's
 * digests) and what a resume may cross. Uses the suite API, targets' specs and the record module.
 */
package dev.duel.suite.store;
