package dev.duel.targets;

import dev.duel.record.runtime.Profile;
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
 * @param profile what duel watches inside the JVM ({@code profile:}), or null when the suite leaves it to the run
 *                (see the suite's profile rule); {@link Profile#JFR} makes the launcher start a flight recording
 * @param listen  the IP address the target listens on and duel connects to ({@code listen:}), passed as
 *                {@code ${host}} to arguments and environment; {@link #LOOPBACK} unless load agents on other
 *                machines or network namespaces must reach it
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
        Limits limits,
        Profile profile,
        String listen) {
    /** Where a target listens unless told otherwise: only this machine can reach it. */
    public static final String LOOPBACK = "127.0.0.1";

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
        listen = listen == null ? LOOPBACK : listen;
        if (!isIpLiteral(listen)) {
            throw new IllegalArgumentException("target " + name + ": listen is an IP address such as 10.0.0.5, got '"
                    + listen + "' (a host name would need a lookup that could answer differently later)");
        }
        if ((jar == null) == command.isEmpty()) {
            throw new IllegalArgumentException("target " + name + ": give either a jar or a command");
        }
        if (jar != null && java == null) {
            throw new IllegalArgumentException("target " + name + ": a jar target needs java (17, 25 or a JDK path)");
        }
        if (jar == null && profile == Profile.JFR) {
            throw new IllegalArgumentException(
                    "target " + name
                            + ": profile: jfr needs a jar target (duel starts the JVM with the recording); use threads or none");
        }
    }

    /** The same target with {@code profile}. */
    public TargetSpec withProfile(Profile profile) {
        return new TargetSpec(name, java, jar, command, jvmArgs, env, port, ready, identity, limits, profile, listen);
    }

    /** This target under other limits. */
    public TargetSpec withLimits(Limits other) {
        return new TargetSpec(name, java, jar, command, jvmArgs, env, port, ready, identity, other, profile, listen);
    }

    /** This target with {@code extra} JVM arguments after its own (an AOT cache's flags, say). */
    public TargetSpec withExtraJvmArgs(List<String> extra) {
        List<String> all = new java.util.ArrayList<>(jvmArgs);
        all.addAll(extra);
        return new TargetSpec(name, java, jar, command, all, env, port, ready, identity, limits, profile, listen);
    }

    /** An IPv4 dotted quad or an IPv6 literal, without a lookup. */
    public static boolean isIpLiteral(String text) {
        if (text.matches("(\\d{1,3})(\\.\\d{1,3}){3}")) {
            for (String part : text.split("\\.")) {
                if (Integer.parseInt(part) > 255) {
                    return false;
                }
            }
            return true;
        }
        return text.contains(":") && text.matches("[0-9A-Fa-f:.]+");
    }
}
