package dev.duel.record.micro;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;

/**
 * What the JIT of one JDK may use on this machine, from {@code java -XX:+PrintFlagsFinal -version}: the
 * instruction sets decide which intrinsics and vector code C2 emits, so two JDKs compared on two machines with
 * different sets are not the same comparison. Immutable.
 *
 * @param x86Level the machine's x86-64 micro-architecture level (v1 to v4, "" on other CPUs), as in
 *                 {@code env.json}
 * @param useAvx   the JVM's {@code UseAVX} flag (0 to 3: the highest AVX level its JIT emits); null when the
 *                 JVM has no such flag (not x86) or did not print it
 * @param vendor   the JDK's vendor ({@code java.vendor}, e.g. "Eclipse Adoptium")
 * @param build    the runtime's build as {@code -version} prints it ("17.0.15+6-Debian-1deb12u1")
 */
public record JitFacts(
        String x86Level, @JsonSetter(nulls = Nulls.SET) Integer useAvx, String vendor, String build) {}
