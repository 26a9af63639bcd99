/**
 * {@code duel agent}: a load agent serving its engine over HTTP to a controller (token, leases, clock sync), the
 * controller's side that splits a plan, starts the agents at one instant and merges their results, and targets hosted
 * on an agent. Uses load (engine, split, merge), targets and the record module; Netty for its API.
 */
package dev.duel.agent;
