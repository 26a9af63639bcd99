package dev.duel.suite;

import dev.duel.record.HostSpeed;
import dev.duel.targets.HostSpeedProbe;
import java.util.List;
import java.util.Map;

/**
 * Watches the host's speed on the CPUs a suite uses, from before its first run to its end ({@link HostSpeedProbe} on
 * this machine; nothing in tests about something else).
 */
@FunctionalInterface
public interface HostSpeedSource {
    /** Starts watching {@code cpus} ("0", "1"). */
    Watch watch(List<String> cpus);

    /** Watches nothing: every scenario is recorded without the host's speed. */
    HostSpeedSource NONE = cpus -> Watch.NONE;

    /** The samplers on this machine. */
    static HostSpeedSource onThisMachine() {
        return cpus -> {
            HostSpeedProbe probe = HostSpeedProbe.start(cpus);
            return new Watch() {
                @Override
                public HostSpeed between(long fromNanos, long toNanos) {
                    return probe.between(fromNanos, toNanos);
                }

                @Override
                public Map<String, String> problems() {
                    return probe.problems();
                }

                @Override
                public void close() {
                    probe.close();
                }
            };
        };
    }

    /** What is being watched. Thread-safe. */
    interface Watch extends AutoCloseable {
        /**
         * Per second of [{@code fromNanos}, {@code toNanos}) on the monotonic clock ({@code System.nanoTime}), or null
         * when nothing is watched.
         */
        HostSpeed between(long fromNanos, long toNanos);

        /** By CPU, why it is not watched; empty while every one is. */
        Map<String, String> problems();

        @Override
        void close();

        Watch NONE = new Watch() {
            @Override
            public HostSpeed between(long fromNanos, long toNanos) {
                return null;
            }

            @Override
            public Map<String, String> problems() {
                return Map.of();
            }

            @Override
            public void close() {}
        };
    }
}
