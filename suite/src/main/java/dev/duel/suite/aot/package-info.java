/**
 * AOT caches (JEP 483, 514, 515) trained once per target before the first measured run, reused while their
 * digest holds. Uses {@code run}'s context and services, {@code store}, {@code gate}, load and targets.
 */
package dev.duel.suite.aot;
