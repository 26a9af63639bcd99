/**
 * Starts an embedded PostgreSQL (zonky) for the reference apps and the demo: a companion service of a suite.
 */
package dev.duel.reference.pg;
