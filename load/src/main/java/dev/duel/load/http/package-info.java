/**
 * Requests as bytes: specs and templates with {@code ${variables}}, their values per segment, headers, and the
 * response parser. Uses the load API and Netty's buffers only.
 */
package dev.duel.load.http;
