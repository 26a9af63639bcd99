package dev.duel.record;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** duel's version as built, stamped into every record. Stateless. */
public final class DuelVersion {
    private static final String VERSION = read();

    private DuelVersion() {}

    /** "0.1.0-SNAPSHOT", or "unknown" when the build did not stamp it. */
    public static String current() {
        return VERSION;
    }

    private static String read() {
        try (InputStream in = DuelVersion.class.getResourceAsStream("version.properties")) {
            Properties properties = new Properties();
            if (in != null) {
                properties.load(in);
            }
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
