package dev.duel.kubernetes;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The names and labels of one session's objects. Every object carries {@link #SESSION_LABEL}{@code =<id>}, by which a
 * session is found and deleted whole; names start with {@code duel-<id>-}. Immutable.
 *
 * @param id 8 lower-case hexadecimal digits: short enough that every name stays a DNS label (63 characters)
 */
public record SessionNames(String id) {
    public static final String SESSION_LABEL = "duel.dev/session";
    public static final String ROLE_LABEL = "duel.dev/role";
    /** The target's name as a label value (lower case, other characters as '-'). */
    public static final String TARGET_LABEL = "duel.dev/target";
    /** The target's name exactly as the suite writes it. */
    public static final String TARGET_ANNOTATION = "duel.dev/target";

    /** The agents' port, in every agent's Pod and in the headless Service. */
    public static final int AGENT_PORT = 9400;

    public SessionNames {
        if (id == null || !id.matches("[0-9a-f]{8}")) {
            throw new IllegalArgumentException("a session id is 8 lower-case hexadecimal digits, got " + id);
        }
    }

    public static SessionNames random(SecureRandom random) {
        byte[] bytes = new byte[4];
        random.nextBytes(bytes);
        return new SessionNames(HexFormat.of().formatHex(bytes));
    }

    public String prefix() {
        return "duel-" + id;
    }

    public String secret() {
        return prefix() + "-secret";
    }

    /** The session's NetworkPolicy about {@code what} ("targets", "services", "agents"). */
    public String networkPolicy(String what) {
        return prefix() + "-allow-" + what;
    }

    public String agentsJob() {
        return prefix() + "-agents";
    }

    /** The headless Service, also the agents' Pods' subdomain. */
    public String agentsService() {
        return prefix() + "-agents";
    }

    /** The Pod of a service, and its Service. */
    public String service(String serviceName) {
        return prefix() + "-" + dnsLabel(serviceName);
    }

    /** The target's Pod for run {@code run} (1-based): a new name each run, so a fresh Pod never waits for an old name. */
    public String targetPod(String targetName, int run) {
        String suffix = "-" + run;
        String name = prefix() + "-t-" + dnsLabel(targetName);
        int room = 63 - suffix.length();
        return trimDashes(name.length() > room ? name.substring(0, room) : name) + suffix;
    }

    /**
     * The DNS name of agent {@code index}: an Indexed Job's Pod has the host name {@code <job>-<index>} and, with the
     * headless Service as its subdomain, this name in the cluster's DNS.
     */
    public String agentHost(int index, String namespace) {
        return agentsJob() + "-" + index + "." + agentsService() + "." + namespace + ".svc";
    }

    /** The labels of every object of {@code role}. */
    public Map<String, String> labels(Role role) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(SESSION_LABEL, id);
        labels.put(ROLE_LABEL, role.label());
        return labels;
    }

    /** {@code name} as a DNS label part: lower case, anything but letters, digits and '-' as '-'. */
    static String dnsLabel(String name) {
        String label = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-");
        return trimDashes(label.length() > 40 ? label.substring(0, 40) : label);
    }

    private static String trimDashes(String text) {
        return text.replaceAll("^-+|-+$", "");
    }
}
