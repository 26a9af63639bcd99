package dev.duel.targets;

import java.util.Locale;

/**
 * The resources a target may use, like {@code docker run --cpus 1 --cpuset-cpus 1 --memory 512m}.
 * Any part may be absent. Immutable.
 *
 * @param cpus        CPU quota in cores (1.0 = one core's worth of time each period), or null
 * @param cpuset      the CPUs it may run on, e.g. "1" or "0-1", or null
 * @param memoryBytes the memory limit in bytes, or null
 */
public record Limits(Double cpus, String cpuset, Long memoryBytes) {
    public static final Limits NONE = new Limits(null, null, null);

    public Limits {
        if (cpus != null && !(cpus > 0 && cpus <= 1024)) { // NaN fails both comparisons: refused too
            throw new IllegalArgumentException(
                    "limits.cpus must be above 0 and at most 1024 (e.g. 1.0 or 0.5), got " + cpus);
        }
        if (cpuset != null && !validCpuList(cpuset)) {
            throw new IllegalArgumentException("limits.cpuset is a CPU list like \"1\", \"0-1\" or \"0,2\" (ranges"
                    + " from low to high, CPUs below 4096), got \"" + cpuset + "\"");
        }
        if (memoryBytes != null && memoryBytes < 16L << 20) {
            throw new IllegalArgumentException(
                    "limits.memory below 16 MiB cannot start a JVM, got " + memoryBytes + " bytes");
        }
    }

    /** The most memory a limit may name: far above any machine, far below where a long of bytes overflows. */
    static final long MAX_MEMORY_BYTES = 1L << 50;

    /** The kernel's CPU list format with each range from low to high and every CPU below 4096. */
    private static boolean validCpuList(String list) {
        if (!list.matches("\\d+(-\\d+)?(,\\d+(-\\d+)?)*")) {
            return false;
        }
        for (String part : list.split(",")) {
            String[] range = part.split("-");
            if (range[0].length() > 4 || range[range.length - 1].length() > 4) {
                return false;
            }
            int from = Integer.parseInt(range[0]);
            int to = Integer.parseInt(range[range.length - 1]);
            if (from > to || to >= 4096) {
                return false;
            }
        }
        return true;
    }

    public boolean any() {
        return cpus != null || cpuset != null || memoryBytes != null;
    }

    /** {@code 512m}, {@code 1g}, {@code 1.5g}, {@code 256k} or plain bytes. */
    public static long parseMemory(String text) {
        String value = text.trim().toLowerCase(Locale.ROOT).replace("ib", "").replace("b", "");
        long multiplier = 1;
        char unit = value.isEmpty() ? ' ' : value.charAt(value.length() - 1);
        switch (unit) {
            case 'k' -> multiplier = 1L << 10;
            case 'm' -> multiplier = 1L << 20;
            case 'g' -> multiplier = 1L << 30;
            default -> {}
        }
        String number = multiplier == 1 ? value : value.substring(0, value.length() - 1);
        try {
            double bytes = Double.parseDouble(number) * multiplier;
            if (!Double.isFinite(bytes) || bytes > MAX_MEMORY_BYTES) { // "Infinity", "1e30g": no machine has it
                throw new IllegalArgumentException(
                        "limits.memory is at most " + (MAX_MEMORY_BYTES >> 40) + " TiB, got \"" + text + "\"");
            }
            return Math.round(bytes);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "limits.memory is like 512m, 1g or a number of bytes, got \"" + text + "\"");
        }
    }

    /** How many processors a JVM under these limits should believe it has (0: no opinion). */
    public int processors() {
        int fromCpus = cpus == null ? Integer.MAX_VALUE : (int) Math.ceil(cpus);
        int fromSet = cpuset == null ? Integer.MAX_VALUE : countCpus(cpuset);
        int processors = Math.min(fromCpus, fromSet);
        return processors == Integer.MAX_VALUE ? 0 : processors;
    }

    static int countCpus(String list) {
        int count = 0;
        for (String part : list.split(",")) {
            String[] range = part.split("-");
            count += range.length == 1 ? 1 : Integer.parseInt(range[1]) - Integer.parseInt(range[0]) + 1;
        }
        return count;
    }

    @Override
    public String toString() {
        if (!any()) {
            return "none";
        }
        StringBuilder text = new StringBuilder();
        if (cpus != null) {
            text.append("cpus ").append(cpus);
        }
        if (cpuset != null) {
            text.append(text.length() > 0 ? ", " : "").append("cpuset ").append(cpuset);
        }
        if (memoryBytes != null) {
            text.append(text.length() > 0 ? ", " : "")
                    .append("memory ")
                    .append(memoryBytes >> 20)
                    .append(" MiB");
        }
        return text.toString();
    }
}
