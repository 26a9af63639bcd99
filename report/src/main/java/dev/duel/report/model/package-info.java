/**
 * model: what a report says, computed once (the Report and its rows, cells and comparisons, metrics and measures,
 * summaries, the micro report) and how its values read (Format). Immutable data; uses only the record and analysis
 * modules, nothing of read, build or render.
 */
package dev.duel.report.model;
