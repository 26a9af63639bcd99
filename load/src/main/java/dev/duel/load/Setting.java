package dev.duel.load;

/**
 * A setting of a load run that a user gives, named apart from how it is given: a command-line
 * flag and a suite file key are two spellings of one setting, and each front end maps these
 * constants to its own spelling (an exhaustive {@code switch}, so a new constant cannot be
 * forgotten there). See {@link InvalidSettingException}.
 */
public enum Setting {
    /** Closed model: how many virtual users, each with its own connection. */
    VIRTUAL_USERS("virtual users"),
    /** Open model: the most connections opened. */
    MAX_CONNECTIONS("maximum connections"),
    /** Open model: requests per period. */
    RATE("rate"),
    /** Open model: the spacing of arrivals, uniform or Poisson. */
    ARRIVAL("arrival"),
    /** Per-request timeout. */
    TIMEOUT("timeout"),
    /** Event-loop threads of the load engine. */
    THREADS("threads"),
    /** Warm-up phase length. */
    WARMUP("warm-up"),
    /** Cap of a warm-up that runs until steady. */
    MAX_WARMUP("maximum warm-up"),
    /** Floor of a warm-up that runs until steady: a steady verdict before it is not acted on. */
    MIN_WARMUP("minimum warm-up"),
    /** Pause with no load between warm-up and main. */
    GAP("gap"),
    /** Main phase length. */
    DURATION("duration"),
    /** Number of windows of a warm-up curve. */
    WINDOWS("windows"),
    /** Length of each window of a warm-up curve. */
    WINDOW_LENGTH("window length"),
    /** Request variables: their declarations, and every {@code ${name}} that needs one. */
    VARIABLES("variables"),
    /** Checks every response must pass. */
    CHECKS("checks"),
    /** Request headers. */
    HEADERS("headers"),
    /** The target URL, or the path part of it. */
    URL("URL"),
    /** The HTTP method. */
    METHOD("method"),
    /** The socket transport (epoll or NIO). */
    TRANSPORT("transport");

    private final String words;

    Setting(String words) {
        this.words = words;
    }

    /** The setting in plain words, naming no flag and no key: for messages with no front end to map it. */
    public String words() {
        return words;
    }
}
