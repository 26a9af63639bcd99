/**
 * When requests are due: rates, uniform and Poisson arrivals as pure functions of time, the run's time line and the
 * auto warm-up's controller. No I/O, no clock of its own: tested on a manual clock. Uses the load API and the record
 * module's types.
 */
package dev.duel.load.schedule;
