package dev.duel.targets.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The flight recording duel starts a target with ({@code profile: jfr}): only the events {@link JfrRecording}
 * reads ({@code duel-runtime.jfc}), dumped when the target exits. Stateless.
 */
public final class JfrSettings {
    /** The settings file's name, written once into the folder of the recordings. */
    public static final String FILE_NAME = "duel-runtime.jfc";

    private JfrSettings() {}

    /**
     * Writes the settings next to {@code recording} and returns the JVM option that records into it. The
     * recording is written when the JVM exits (SIGTERM included, which is how a target is stopped); a JVM killed
     * with SIGKILL leaves none.
     */
    public static String startFlag(Path recording) throws IOException {
        Path settings = recording.toAbsolutePath().resolveSibling(FILE_NAME);
        Files.createDirectories(settings.getParent());
        try (InputStream jfc = JfrSettings.class.getResourceAsStream(FILE_NAME)) {
            if (jfc == null) {
                throw new IOException("duel's " + FILE_NAME + " is missing from its jar");
            }
            Path partial = Files.createTempFile(settings.getParent(), "." + FILE_NAME, ".tmp");
            Files.copy(jfc, partial, StandardCopyOption.REPLACE_EXISTING);
            Files.move(partial, settings, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        return "-XX:StartFlightRecording=filename=" + recording.toAbsolutePath() + ",settings=" + settings
                + ",dumponexit=true";
    }
}
