package dev.duel.record;

/**
 * The CPUs one process of a run was allowed to run on, as the kernel reported it
 * ({@code Cpus_allowed_list} of {@code /proc/PID/status}) while the run measured. Immutable.
 *
 * @param role        what the process is: "load generator" (duel itself), "target NAME", "service NAME", or one of
 *                    those followed by " child" for a process it started
 * @param pid         its process id
 * @param cpusAllowed the CPU list, e.g. "0-1" or "1"
 */
public record ProcessAffinity(String role, long pid, String cpusAllowed) {}
