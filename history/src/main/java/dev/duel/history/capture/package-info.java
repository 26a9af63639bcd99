/**
 * What goes into the history from one results folder: the report's conclusions ({@link ReportConclusions}), where the
 * code under test came from as a CI tells it ({@link CiProvenance}), and the entry's id from its runs ({@link
 * EntryId}). Pure functions of their inputs.
 */
package dev.duel.history.capture;
