package dev.duel.reference.micro;

import dev.duel.reference.controllers.ControllersApp;
import dev.duel.reference.logic.AppConfig;
import dev.duel.reference.logic.ReferenceApp;
import dev.duel.reference.minimal.MinimalApp;
import io.javalin.Javalin;
import java.io.IOException;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Time (and, with {@code -prof gc}, allocation) per request of each app, started in this JVM without
 * a database, called over one keep-alive socket: {@code GET /json} and {@code POST /quote?quantity=3}
 * with a JSON body. Client and server share the JVM, so allocation includes the (small, equal)
 * client's; the difference between the apps is the framework's.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 2,
        jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class HttpBenchmark {
    private static final byte[] GET_JSON = KeepAliveClient.request("GET", "/json", null);
    private static final byte[] POST_QUOTE = KeepAliveClient.request(
            "POST", "/quote?quantity=3", "{\"sku\":\"LAMP-1\",\"name\":\"Desk lamp\",\"priceCents\":1250}");

    @Param({"controllers", "minimal"})
    String app;

    /** Records in the app's dataset; these calls never touch it. */
    @Param({"1000"})
    int size;

    private ReferenceApp reference;
    private ConfigurableApplicationContext spring;
    private Javalin javalin;
    private KeepAliveClient client;

    @Setup
    public void start() throws Exception {
        AppConfig config = AppConfig.fromEnvironment(Map.of("PORT", "0", "DATASET_SIZE", String.valueOf(size)));
        reference = ReferenceApp.start(app, config, Instant.now());
        int port;
        if (app.equals(ControllersApp.NAME)) {
            spring = ControllersApp.application(reference, 0).run();
            port = ((WebServerApplicationContext) spring).getWebServer().getPort();
        } else if (app.equals(MinimalApp.NAME)) {
            javalin = MinimalApp.startInProcess(reference, 0);
            port = javalin.port();
        } else {
            throw new IllegalArgumentException("app is controllers or minimal, got " + app);
        }
        client = new KeepAliveClient(port);
        expect(200, client.exchange(GET_JSON), "GET /json");
        expect(200, client.exchange(POST_QUOTE), "POST /quote");
    }

    private static void expect(int wanted, int got, String what) {
        if (wanted != got) {
            throw new IllegalStateException(
                    what + " answered " + got + ", not " + wanted + ": the benchmark would measure an error");
        }
    }

    @Benchmark
    public int getJson() throws IOException {
        return client.exchange(GET_JSON);
    }

    @Benchmark
    public int postQuote() throws IOException {
        return client.exchange(POST_QUOTE);
    }

    @TearDown
    public void stop() throws IOException {
        client.close();
        if (spring != null) {
            spring.close();
        }
        if (javalin != null) {
            javalin.stop();
        }
        reference.close();
    }
}
