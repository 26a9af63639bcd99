package dev.duel.load.engine;

/** Who drives a connection: a closed-model virtual user or the open-model dispatcher. Called on the connection's loop. */
interface ConnectionOwner {
    void onOpened(HttpConnection connection);

    void onOpenFailed();

    /** The connection's request ended at {@code nowNanos} and it can take the next one. */
    void onIdle(HttpConnection connection, long nowNanos);

    /** The connection closed; any request on it has already been accounted for. */
    void onClosed(HttpConnection connection);
}
