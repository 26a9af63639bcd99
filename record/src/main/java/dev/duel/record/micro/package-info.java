/**
 * A microbenchmark fork's record ({@code duel micro}) and the JIT facts of its JDK. Data only; uses the record root
 * and Jackson.
 */
package dev.duel.record.micro;
