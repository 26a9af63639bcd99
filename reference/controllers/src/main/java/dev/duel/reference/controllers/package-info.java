/**
 * The reference API as Spring Boot annotated controllers over the shared logic.
 */
package dev.duel.reference.controllers;
