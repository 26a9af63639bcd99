/**
 * Response checks ({@code status == 200}, {@code json:/id == ${id}}, {@code body contains}): parsed once, applied
 * to every response. Uses the load API, {@code http}'s values, and Jackson for JSON pointers.
 */
package dev.duel.load.check;
