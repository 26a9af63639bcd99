/**
 * A suite's load agents: their load as the suite's load driver, and targets hosted on an agent's machine under
 * its lease. Uses the suite API, the agent and load modules and targets.
 */
package dev.duel.suite.agents;
