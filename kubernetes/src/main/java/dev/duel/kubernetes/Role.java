package dev.duel.kubernetes;

/** What a session's object is for; its value is the {@code duel.dev/role} label. */
public enum Role {
    /** The target measured in a run: one fresh Pod per run. */
    TARGET("target"),
    /** A service shared by every run (PostgreSQL), and its Service. */
    SERVICE("service"),
    /** A load agent: the Indexed Job's Pods and their headless Service. */
    AGENT("agent"),
    /** The Secret with the agents' token and PostgreSQL's password. */
    SECRET("secret");

    private final String label;

    Role(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
