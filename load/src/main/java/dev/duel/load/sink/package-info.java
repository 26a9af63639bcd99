/**
 * An in-process HTTP server that answers at once, for warming the engine's own JIT before it measures a target.
 * Uses Netty only.
 */
package dev.duel.load.sink;
