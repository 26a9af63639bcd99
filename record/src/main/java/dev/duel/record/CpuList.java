package dev.duel.record;

import java.util.Set;
import java.util.TreeSet;

/**
 * The kernel's CPU list format ("0-2,4", as in {@code cpuset.cpus} and {@code Cpus_allowed_list}) read as a set
 * of CPU numbers. Stateless; thread-safe.
 */
public final class CpuList {
    private CpuList() {}

    /** "0-2,4" as {0, 1, 2, 4} in order; null for null; blank parts are skipped. */
    public static Set<Integer> parse(String list) {
        if (list == null) {
            return null;
        }
        Set<Integer> cpus = new TreeSet<>();
        for (String part : list.trim().split(",")) {
            if (part.isBlank()) {
                continue;
            }
            int dash = part.indexOf('-');
            int from = Integer.parseInt(
                    part.substring(0, dash < 0 ? part.length() : dash).trim());
            int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1).trim());
            for (int cpu = from; cpu <= to; cpu++) {
                cpus.add(cpu);
            }
        }
        return cpus;
    }

    /** {0, 1, 2, 4} as "0-2,4": runs of consecutive CPUs as ranges, in ascending order; "" for an empty set. */
    public static String format(Set<Integer> cpus) {
        StringBuilder text = new StringBuilder();
        Integer from = null;
        Integer previous = null;
        for (int cpu : new TreeSet<>(cpus)) {
            if (from != null && cpu != previous + 1) {
                text.append(text.length() > 0 ? "," : "").append(from.equals(previous) ? from : from + "-" + previous);
                from = null;
            }
            if (from == null) {
                from = cpu;
            }
            previous = cpu;
        }
        if (from != null) {
            text.append(text.length() > 0 ? "," : "").append(from.equals(previous) ? from : from + "-" + previous);
        }
        return text.toString();
    }
}
