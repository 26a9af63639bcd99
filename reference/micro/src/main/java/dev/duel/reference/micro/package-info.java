/**
 * JMH microbenchmarks of the reference API: each app's time and allocation per request in one JVM over a keep-alive
 * socket, and the steps of {@code /process} alone; run on each JDK beside the HTTP results ({@code duel micro}).
 */
package dev.duel.reference.micro;
