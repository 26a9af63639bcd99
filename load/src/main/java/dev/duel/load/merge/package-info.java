/**
 * Merging load results: the agents' results of one distributed run into one, second by second, histograms merged
 * (percentiles never averaged). Uses the load API, {@code engine}'s findings, the record module and HdrHistogram.
 */
package dev.duel.load.merge;
