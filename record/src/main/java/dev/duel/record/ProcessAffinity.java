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
public record ProcessAffinity(String role, long pid, String cpusAllowed) {
    /**
     * The CPUs the processes of one role were allowed together (the role and its " child" processes: "target a" and
     * "target a child"), as a set; null when {@code affinity} is null or holds none of that role (records before the
     * affinity was kept, a target on a load agent).
     */
    public static java.util.Set<Integer> cpusOf(java.util.List<ProcessAffinity> affinity, String role) {
        if (affinity == null) {
            return null;
        }
        java.util.Set<Integer> cpus = null;
        for (ProcessAffinity process : affinity) {
            java.util.Set<Integer> allowed = CpuList.parse(process.cpusAllowed());
            if (allowed != null
                    && (process.role().equals(role) || process.role().equals(role + " child"))) {
                cpus = cpus == null ? new java.util.TreeSet<>() : cpus;
                cpus.addAll(allowed);
            }
        }
        return cpus;
    }
}
