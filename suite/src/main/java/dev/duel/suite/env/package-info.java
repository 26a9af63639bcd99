/**
 * The machine as a suite sees it: the environment captured once per suite, and the CPU of the machine, each
 * CPU and duel's own processes that the gates read. Uses the suite API's ports, targets and the record module.
 */
package dev.duel.suite.env;
