package dev.duel.agent;

/**
 * Where a load agent listens, as users write it: {@code host:port}, or {@code [v6]:port}. Immutable.
 *
 * @param host a host name or an IP address (an IPv6 address without its brackets)
 * @param port 1 to 65535
 */
public record AgentAddress(String host, int port) {
    /** How to write one, for messages. */
    public static final String FORM = "host:port, e.g. 10.0.0.2:9400";

    public AgentAddress {
        if (host == null || host.isBlank() || port < 1 || port > 65_535) {
            throw new IllegalArgumentException("'" + host + ":" + port + "' is not host:port: write " + FORM);
        }
    }

    /** @throws IllegalArgumentException the text is not {@code host:port}; the message names the form wanted */
    public static AgentAddress parse(String text) {
        String trimmed = text == null ? "" : text.trim();
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
            throw new IllegalArgumentException("'" + trimmed + "' is not host:port: write " + FORM);
        }
        return new AgentAddress(host, port);
    }

    /** "host:port", with an IPv6 address in brackets. */
    @Override
    public String toString() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
