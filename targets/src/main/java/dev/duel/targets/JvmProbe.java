package dev.duel.targets;

import dev.duel.record.JvmFacts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Asks a running JVM about itself through {@code jcmd}: version and vendor, the collector in use,
 * the maximum heap, and the processors it believes it has (which limits change). Stateless.
 */
public final class JvmProbe {
    private static final Pattern GC = Pattern.compile("-XX:\\+Use(\\w+)GC\\b");
    private static final Pattern MAX_HEAP = Pattern.compile("-XX:MaxHeapSize=(\\d+)");
    private static final Pattern ACTIVE = Pattern.compile("CPU: total \\d+ \\(initial active (\\d+)\\)");

    private JvmProbe() {}

    /**
     * Asks the JVM with process id {@code pid}, using {@code jcmd} from {@code jdkHome} (or from
     * the running JVM's JDK when null). Takes a few hundred milliseconds; never throws.
     */
    public static JvmFacts of(long pid, Path jdkHome) {
        Path jcmd = (jdkHome != null ? jdkHome : Path.of(System.getProperty("java.home"))).resolve("bin/jcmd");
        if (!Files.isExecutable(jcmd)) {
            return JvmFacts.UNKNOWN;
        }
        String properties = run(jcmd, pid, "VM.system_properties");
        String flags = run(jcmd, pid, "VM.flags");
        String info = run(jcmd, pid, "VM.info");
        Matcher gc = GC.matcher(flags);
        Matcher heap = MAX_HEAP.matcher(flags);
        Matcher active = ACTIVE.matcher(info);
        return new JvmFacts(
                property(properties, "java.runtime.version"),
                property(properties, "java.vendor"),
                gc.find() ? gc.group(1) : "unknown",
                heap.find() ? Long.parseLong(heap.group(1)) : -1,
                active.find() ? Integer.parseInt(active.group(1)) : -1);
    }

    private static String property(String properties, String name) {
        for (String line : properties.split("\n")) {
            if (line.startsWith(name + "=")) {
                return line.substring(name.length() + 1).trim().replace("\\:", ":");
            }
        }
        return "unknown";
    }

    private static String run(Path jcmd, long pid, String command) {
        try {
            Process process = new ProcessBuilder(jcmd.toString(), String.valueOf(pid), command)
                    .redirectErrorStream(true)
                    .start();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return "";
            }
            return new String(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
