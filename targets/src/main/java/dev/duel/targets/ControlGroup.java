package dev.duel.targets;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What cgroup v1 and v2 groups have in common: the join-then-exec wrapper and how they describe themselves. */
abstract class ControlGroup implements LimitedGroup {
    private final String version;
    private final boolean limited;
    private final String cpus;

    /** @param cpus the CPUs its processes are started on (its cpuset), or null for every online CPU */
    ControlGroup(String version, boolean limited, String cpus) {
        this.version = version;
        this.limited = limited;
        this.cpus = cpus;
    }

    /** The {@code cgroup.procs} files the process must join, one per hierarchy. */
    abstract List<Path> procsFiles();

    @Override
    public List<Long> members() {
        List<Long> members = new ArrayList<>();
        try {
            // Every hierarchy of a v1 group holds the same processes: the first one tells.
            for (String line : java.nio.file.Files.readAllLines(procsFiles().get(0))) {
                if (!line.isBlank()) {
                    members.add(Long.parseLong(line.trim()));
                }
            }
        } catch (java.io.IOException | NumberFormatException e) {
            return List.of();
        }
        return members;
    }

    @Override
    public String mechanism() {
        return mechanism(version, limited);
    }

    /** "cgroup v2", or "cgroup v2 (accounting only: no limits asked)" for a group made only to count. */
    static String mechanism(String version, boolean limited) {
        return limited ? version : version + " (accounting only: no limits asked)";
    }

    @Override
    public boolean enforced() {
        return limited;
    }

    /**
     * A tiny shell writes its own PID into each group, then execs the command through {@code taskset}
     * with an explicit mask: it starts inside, on its own CPUs rather than those duel pinned itself to.
     */
    @Override
    public List<String> wrap(List<String> command) {
        List<String> wrapped = new ArrayList<>(List.of(
                "/bin/sh",
                "-c",
                "while [ \"$1\" != -- ]; do echo $$ > \"$1\" || exit 97; shift; done; shift; exec \"$@\"",
                "duel-join"));
        procsFiles().forEach(file -> wrapped.add(file.toString()));
        wrapped.add("--");
        wrapped.addAll(Affinity.pinned(cpus, command));
        return wrapped;
    }

    @Override
    public List<String> extraJvmArguments() {
        return List.of();
    }
}
