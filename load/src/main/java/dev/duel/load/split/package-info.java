/**
 * Splitting one plan between load agents: each agent's segment of the users or the rate, so that the segments
 * together make the whole plan. Uses the load API and {@code http}'s variables.
 */
package dev.duel.load.split;
