package dev.duel.targets;

import java.util.List;

/**
 * Where one target's processes run and how their limits are enforced: a control group (v2 or v1)
 * that the process joins before its first instruction, or, where no cgroup is writable, CPU
 * affinity only. Every group says which mechanism it is, so a record can never claim limits that
 * were not enforced. Thread-safe for readings; close it once, after the process has stopped.
 */
public interface LimitedGroup extends AutoCloseable {
    /** "cgroup v2", "cgroup v1", "not enforced (why)" or "none". */
    String mechanism();

    /** True if CPU and memory limits are enforced by the kernel. */
    boolean enforced();

    /** The command to run instead of {@code command}, so that the process starts inside the group. */
    List<String> wrap(List<String> command);

    /** JVM options that make the JVM see its limits where the kernel does not enforce them. */
    List<String> extraJvmArguments();

    /** Usage so far of the group, or of the process tree rooted at {@code rootPid} where there is no group. */
    ResourceReading read(long rootPid);

    /**
     * The processes in the group now (its {@code cgroup.procs}), including those that left their
     * parent (a database's daemonized server processes); empty without a control group.
     */
    default List<Long> members() {
        return List.of();
    }

    /**
     * Lets the group's processes run on {@code cpus} ("1", "0-1") from now on: its cpuset where it has one (the kernel
     * moves every thread of the group's processes there); nothing without a group. The threads' own affinity, which
     * their start through taskset set, is {@link Affinity#pinThreads}'s to change.
     *
     * @throws java.io.IOException the cpuset could not be written; the message says why
     */
    default void moveTo(String cpus) throws java.io.IOException {}

    /** Removes the group (stopping any process of ours still in it). Never throws. */
    @Override
    void close();

    /** No limits asked for: nothing enforced, nothing claimed. */
    static LimitedGroup none() {
        return new Unenforced("none", Limits.NONE);
    }
}
