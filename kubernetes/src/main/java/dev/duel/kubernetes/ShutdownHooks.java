package dev.duel.kubernetes;

/** Where a session registers the clean-up that runs when the JVM is stopped (Ctrl-C, SIGTERM); a fake in tests. */
public interface ShutdownHooks {
    void add(Thread hook);

    /** Whether the hook was registered and is now removed; false while the JVM is already shutting down. */
    boolean remove(Thread hook);

    /** The JVM's own. */
    ShutdownHooks RUNTIME = new ShutdownHooks() {
        @Override
        public void add(Thread hook) {
            Runtime.getRuntime().addShutdownHook(hook);
        }

        @Override
        public boolean remove(Thread hook) {
            try {
                return Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                return false;
            }
        }
    };
}
