package dev.duel.targets;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Starts a target fresh and returns it ready and identity-checked. {@link TargetLauncher} starts
 * real processes inside their limits; tests give fakes. Implementations are thread-safe.
 */
@FunctionalInterface
public interface TargetStarter {
    /**
     * @param extraEnv environment from services (such as DATABASE_URL), added to the target's own
     * @param log      where its stdout and stderr go
     * @param spawned  told the process id as soon as the process exists, before it is ready
     * @throws TargetFailedException     it exited, or was not ready in time (it is stopped)
     * @throws IdentityMismatchException it is not the target the spec names (it is stopped)
     * @throws IOException               it could not be started at all (bad command, port in use)
     */
    TargetProcess start(TargetSpec spec, Map<String, String> extraEnv, Path log, Spawned spawned)
            throws IOException, TargetFailedException, IdentityMismatchException, InterruptedException;
}
