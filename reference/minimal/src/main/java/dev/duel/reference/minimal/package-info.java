/**
 * The reference API as Javalin routes over the shared logic.
 */
package dev.duel.reference.minimal;
