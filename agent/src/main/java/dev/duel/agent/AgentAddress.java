package dev.duel.agent;

/**
 * Where a load agent listens, as users write it: {@code host:port} (plain HTTP), or {@code host:port#sha256:<64 hex
 * digits>} for an agent that serves TLS ({@code duel agent --tls}), the fingerprint it printed pinning its certificate
 * ({@link AgentTls}); an IPv6 address in brackets, {@code [v6]:port}. Immutable.
 *
 * @param host a host name or an IP address (an IPv6 address without its brackets)
 * @param port 1 to 65535
 * @param pin  the SHA-256 fingerprint of the agent's certificate ({@code sha256:} and 64 lowercase hex digits): the
 *             API is spoken over TLS and trusts that certificate only; null for plain HTTP
 */
public record AgentAddress(String host, int port, String pin) {
    /** How to write one, for messages. */
    public static final String FORM = "host:port, e.g. 10.0.0.2:9400, or host:port#sha256:<fingerprint> for an agent"
            + " with --tls, as it prints it";

    public AgentAddress {
        if (host == null || host.isBlank() || port < 1 || port > 65_535) {
            throw new IllegalArgumentException("'" + host + ":" + port + "' is not host:port: write " + FORM);
        }
        if (pin != null && !AgentTls.isFingerprint(pin)) {
            throw new IllegalArgumentException("'" + pin + "' is not a certificate fingerprint: write sha256: and 64"
                    + " hex digits after the #, as the agent prints it");
        }
    }

    /** @throws IllegalArgumentException the text is not {@code host:port[#sha256:...]}; the message names the form */
    public static AgentAddress parse(String text) {
        String trimmed = text == null ? "" : text.trim();
        String pin = null;
        int hash = trimmed.indexOf('#');
        if (hash >= 0) {
            pin = trimmed.substring(hash + 1).toLowerCase(java.util.Locale.ROOT);
            trimmed = trimmed.substring(0, hash);
            if (!AgentTls.isFingerprint(pin)) {
                throw new IllegalArgumentException("'" + text.trim() + "' pins no certificate fingerprint: write"
                        + " host:port#sha256: and the 64 hex digits the agent printed");
            }
        }
        int colon = trimmed.lastIndexOf(':');
        String host = colon <= 0 ? "" : trimmed.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        } else if (host.contains(":")) {
            host = ""; // an IPv6 address needs its brackets, or its last group would read as the port
        }
        int port;
        try {
            port = Integer.parseInt(trimmed.substring(colon + 1));
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            port = -1;
        }
        if (host.isBlank() || port < 1 || port > 65_535) {
            throw new IllegalArgumentException("'" + text.trim() + "' is not host:port: write " + FORM);
        }
        return new AgentAddress(host, port, pin);
    }

    /**
     * What a controller says before it sends the token to this address in clear: null over TLS or to a loopback
     * address (this machine only); otherwise one warning line.
     */
    public String plainWarning() {
        if (tls()) {
            return null;
        }
        try {
            if (java.net.InetAddress.getByName(host).isLoopbackAddress()) {
                return null;
            }
        } catch (java.net.UnknownHostException e) {
            // not resolvable here: it is no loopback address either; the call will say it cannot be reached
        }
        return "the agent at " + hostPort() + " is spoken to over plain HTTP: the token and every plan cross the"
                + " network in clear; start it with --tls and give its address as host:port#sha256:<fingerprint>";
    }

    /** Whether the API is spoken over TLS (the address pins a certificate). */
    public boolean tls() {
        return pin != null;
    }

    /** "host:port", with an IPv6 address in brackets: where it listens, without the pin (names, messages). */
    public String hostPort() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    /** As written: {@link #hostPort()}, then {@code #} and the pin for a TLS agent; {@link #parse} reads it back. */
    @Override
    public String toString() {
        return hostPort() + (pin == null ? "" : "#" + pin);
    }
}
