package dev.duel.targets;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * How to start one target: a jar on a JDK (with JVM arguments) or any command; its environment;
 * its port ({@code null} = a free one, passed as {@code ${port}} to arguments and environment);
 * when it is ready; what it must say about itself; its limits. Immutable.
 *
 * @param java    a JDK home, a path to java, or a feature version ("17", "25"); for jar targets
 * @param jar     the jar to run with {@code java -jar}, or null for a command target
 * @param command the command of a command target, or empty
 */
public record TargetSpec(
        String name,
        String java,
        Path jar,
        List<String> command,
        List<String> jvmArgs,
        Map<String, String> env,
        Integer port,
        ReadySpec ready,
        List<IdentityCheck> identity,
        Limits limits) {

    public TargetSpec {
        if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9_.-]*")) {
            throw new IllegalArgumentException(
                    "a target's name is letters, digits, '.', '_' or '-', got '" + name + "'");
        }
        command = List.copyOf(command == null ? List.of() : command);
        jvmArgs = List.copyOf(jvmArgs == null ? List.of() : jvmArgs);
        env = Map.copyOf(env == null ? Map.of() : env);
        identity = List.copyOf(identity == null ? List.of() : identity);
        ready = ready == null ? ReadySpec.DEFAULT : ready;
        limits = limits == null ? Limits.NONE : limits;
        if ((jar == null) == command.isEmpty()) {
            throw new IllegalArgumentException("target " + name + ": give either a jar or a command");
        }
        if (jar != null && java == null) {
            throw new IllegalArgumentException("target " + name + ": a jar target needs java (17, 25 or a JDK path)");
        }
    }

    /** This target under other limits. */
    public TargetSpec withLimits(Limits other) {
        return new TargetSpec(name, java, jar, command, jvmArgs, env, port, ready, identity, other);
    }

    /** This target with {@code extra} JVM arguments after its own (an AOT cache's flags, say). */
    public TargetSpec withExtraJvmArgs(List<String> extra) {
        List<String> all = new java.util.ArrayList<>(jvmArgs);
        all.addAll(extra);
        return new TargetSpec(name, java, jar, command, all, env, port, ready, identity, limits);
    }
}
