package dev.duel.suite.micro;

import dev.duel.record.micro.JitFacts;
import dev.duel.targets.Jdk;
import java.io.IOException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads a JDK's JIT facts from {@code java -XX:+PrintFlagsFinal -version}. Stateless. */
public final class JitProbe {
    private static final Pattern USE_AVX = Pattern.compile("(?m)^\\s*intx?\\s+UseAVX\\s+=\\s+(\\d+)");
    private static final Pattern BUILD = Pattern.compile("Runtime Environment.*\\(build ([^)]+)\\)");

    private JitProbe() {}

    public static JitFacts of(Jdk jdk, String x86Level, MicroProcesses processes)
            throws IOException, InterruptedException {
        return parse(
                processes.output(List.of(jdk.java().toString(), "-XX:+PrintFlagsFinal", "-version")),
                x86Level,
                jdk.vendor());
    }

    /** The facts in {@code output} of {@code -XX:+PrintFlagsFinal -version}; "unknown" build, null UseAVX when absent. */
    static JitFacts parse(String output, String x86Level, String vendor) {
        Matcher avx = USE_AVX.matcher(output);
        Matcher build = BUILD.matcher(output);
        return new JitFacts(
                x86Level,
                avx.find() ? Integer.valueOf(avx.group(1)) : null,
                vendor,
                build.find() ? build.group(1) : "unknown");
    }
}
