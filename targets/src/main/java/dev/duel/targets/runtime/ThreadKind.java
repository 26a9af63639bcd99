package dev.duel.targets.runtime;

import java.util.List;

/**
 * What a JVM thread does, told from its name as the kernel keeps it ({@code /proc/PID/task/TID/comm}: the
 * first 15 characters of the Java name). The names were checked on JDK 17 and 25 with Serial, Parallel,
 * G1 and Z ({@code ls /proc/PID/task/*}/comm): C1 and C2 compiler threads are {@code C1 CompilerThre} and
 * {@code C2 CompilerThre}; Parallel and G1 work in {@code GC Thread#N}, G1 also in {@code G1 Conc#N},
 * {@code G1 Refine#N}, {@code G1 Main Marker}, {@code G1 Service}; Z in {@code ZDirector}, {@code
 * ZDriver*}, {@code ZStat}, {@code ZUncommitter*}, {@code ZUnmapper}, {@code ZWorker*} and {@code
 * RuntimeWorker#N}; Shenandoah's threads start with {@code Shenandoah}; Serial has no thread of its own
 * (it collects in the {@code VM Thread}).
 */
public enum ThreadKind {
    C1,
    C2,
    GC,
    VM_THREAD,
    OTHER;

    private static final List<String> GC_PREFIXES = List.of(
            "GC Thread#",
            "GC ",
            "G1 ",
            "ZDirector",
            "ZDriver",
            "ZStat",
            "ZUncommitter",
            "ZUnmapper",
            "ZWorker",
            "RuntimeWorker#",
            "Shenandoah");

    /** The kind of the thread named {@code comm}. */
    public static ThreadKind of(String comm) {
        if (comm.startsWith("C1 CompilerThre")) {
            return C1;
        }
        if (comm.startsWith("C2 CompilerThre")) {
            return C2;
        }
        if (comm.equals("VM Thread")) {
            return VM_THREAD;
        }
        for (String prefix : GC_PREFIXES) {
            if (comm.startsWith(prefix)) {
                return GC;
            }
        }
        return OTHER;
    }
}
