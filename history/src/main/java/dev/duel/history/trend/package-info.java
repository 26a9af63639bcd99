/** The trend page: a history's measures over commits, with intervals, changes and a reference's band, in one file. */
package dev.duel.history.trend;
