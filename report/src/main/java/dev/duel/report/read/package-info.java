/**
 * read: results folders (run records, env.json, the suite copy, micro forks) into the records' own types, read once
 * and never written; each run once, by its identity ({@link dev.duel.report.read.RunIdentity}), however many folders
 * hold it; what became of every run that planned a scenario ({@link dev.duel.report.read.PlannedRuns}) and why a run
 * lacks a value ({@link dev.duel.report.read.RunData.ScenarioData#missing}). Uses the record module and the model's
 * Format and Metric; knows nothing of building or rendering.
 */
package dev.duel.report.read;
