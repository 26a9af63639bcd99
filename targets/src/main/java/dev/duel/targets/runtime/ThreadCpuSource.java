package dev.duel.targets.runtime;

import java.io.IOException;

/** Reads the threads of one JVM; {@link ProcThreads} is the real one. Implementations are thread-safe. */
public interface ThreadCpuSource {
    /** Reads every living thread now. @throws IOException the JVM's threads could not be read (it ended) */
    ThreadCpuSample read() throws IOException;

    /** Clock ticks per second of the readings ({@code getconf CLK_TCK}, 100 on Linux). */
    long ticksPerSecond();
}
