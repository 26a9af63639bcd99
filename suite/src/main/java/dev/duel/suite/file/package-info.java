/**
 * Suite files to the model: strict YAML (unknown keys, wrong types and wrong values at {@code file:line:column}
 * with their key path), each section's checks, load settings placed at their keys. Uses the suite API, load's plan
 * types and rules, targets' specs and Jackson; runs nothing.
 */
package dev.duel.suite.file;
