/**
 * read: results folders (run records, env.json, the suite copy, micro forks) into the records' own types, read once
 * and never written. Uses the record module and the model's Format; knows nothing of building or rendering.
 */
package dev.duel.report.read;
