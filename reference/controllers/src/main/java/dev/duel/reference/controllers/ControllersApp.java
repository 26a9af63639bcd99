package dev.duel.reference.controllers;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duel.reference.logic.AppConfig;
import dev.duel.reference.logic.Json;
import dev.duel.reference.logic.ReferenceApp;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.web.servlet.error.ErrorMvcAutoConfiguration;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.context.event.EventListener;
import org.springframework.context.support.GenericApplicationContext;

/**
 * The reference API as annotated Spring MVC controllers on Tomcat (Spring Boot 3.5). Configured by
 * environment (see {@link AppConfig}); prints {@code listening on <port>} once it accepts
 * connections. Exit codes: 2 bad configuration, 3 database unusable, 4 Spring could not start
 * (the port in use, most often).
 */
@SpringBootApplication(exclude = ErrorMvcAutoConfiguration.class)
public class ControllersApp {
    public static final String NAME = "controllers";

    public static void main(String[] args) {
        Instant startedAt = Instant.now();
        AppConfig config;
        try {
            config = AppConfig.fromEnvironment(System.getenv());
        } catch (IllegalArgumentException e) {
            fail(2, e.getMessage());
            return;
        }
        ReferenceApp app;
        try {
            app = ReferenceApp.start(NAME, config, startedAt);
        } catch (SQLException e) {
            fail(3, "the database is not usable: " + e.getMessage());
            return;
        }
        try {
            application(app, config.host(), config.port()).run(args);
        } catch (RuntimeException e) {
            app.close();
            fail(
                    4,
                    "Spring could not start (" + rootMessage(e) + "): if the port " + config.port()
                            + " is in use, set PORT to another port, or 0 for any free one");
        }
    }

    /** Starts the app in this JVM on 127.0.0.1 (benchmarks, tests); close the returned application to stop it. */
    public static SpringApplication application(ReferenceApp app, int port) {
        return application(app, "127.0.0.1", port);
    }

    /** The app listening on {@code host} (an IP address) at {@code port}. */
    public static SpringApplication application(ReferenceApp app, String host, int port) {
        SpringApplication spring = new SpringApplication(ControllersApp.class);
        spring.setBannerMode(Banner.Mode.OFF);
        spring.setLogStartupInfo(false);
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("server.port", port);
        properties.put("server.address", host);
        properties.put("spring.jmx.enabled", false);
        properties.put("spring.main.register-shutdown-hook", true);
        properties.put("logging.level.root", "WARN");
        properties.put("spring.mvc.problemdetails.enabled", false);
        // Tomcat closes a keep-alive connection after 100 requests by default; Jetty never does.
        // Unlimited here, so that a comparison measures request handling, not reconnects.
        properties.put("server.tomcat.max-keep-alive-requests", -1);
        spring.setDefaultProperties(properties);
        // Spring closes the app (and its pool) when the context closes.
        spring.addInitializers(context -> ((GenericApplicationContext) context)
                .registerBean(
                        "referenceApp",
                        ReferenceApp.class,
                        () -> app,
                        definition -> definition.setDestroyMethodName("close")));
        return spring;
    }

    /** Spring's JSON is duel's JSON: same library, same settings as the minimal app. */
    @Bean
    @Primary
    ObjectMapper objectMapper() {
        return Json.configure(new ObjectMapper());
    }

    @EventListener
    void announce(ApplicationReadyEvent ready) {
        if (ready.getApplicationContext() instanceof WebServerApplicationContext web) {
            ReferenceApp.announce(web.getWebServer().getPort());
        }
    }

    private static void fail(int code, String message) {
        System.err.println(NAME + ": " + message);
        System.exit(code);
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage();
    }
}
