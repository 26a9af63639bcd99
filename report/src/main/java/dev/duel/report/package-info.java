/**
 * Reports of run records, never running anything: {@link dev.duel.report.ReportBuilder} turns what
 * {@link dev.duel.report.read} read into a {@link dev.duel.report.model.Report} through {@link dev.duel.report.build},
 * and {@link dev.duel.report.render} lays it out. The root holds only that entry point, its options and its exception.
 */
package dev.duel.report;
