package dev.duel.record;

/**
 * What a running JVM said about itself (through jcmd): version and vendor, the collector in use,
 * the maximum heap, and the processors it believes it has (which limits change). Immutable;
 * fields are "unknown" or -1 where it could not tell.
 */
public record JvmFacts(String version, String vendor, String gc, long maxHeapBytes, int activeProcessors) {
    public static final JvmFacts UNKNOWN = new JvmFacts("unknown", "unknown", "unknown", -1, -1);
}
