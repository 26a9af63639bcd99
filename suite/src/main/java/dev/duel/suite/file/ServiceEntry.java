package dev.duel.suite.file;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * A service as written: {@code postgres: embedded}, {@code postgres: {url: ...}},
 * {@code postgres: {embedded: true, limits: {...}}}, or any other name with a {@code command}.
 */
public record ServiceEntry(
        Boolean embedded,
        String url,
        List<String> command,
        String port,
        SuiteFile.ReadyEntry ready,
        Map<String, String> env,
        SuiteFile.LimitsEntry limits) {

    @JsonCreator
    public ServiceEntry(
            @JsonProperty("embedded") Boolean embedded,
            @JsonProperty("url") String url,
            @JsonProperty("command") List<String> command,
            @JsonProperty("port") String port,
            @JsonProperty("ready") SuiteFile.ReadyEntry ready,
            @JsonProperty("env") Map<String, String> env,
            @JsonProperty("limits") SuiteFile.LimitsEntry limits) {
        this.embedded = embedded;
        this.url = url;
        this.command = command;
        this.port = port;
        this.ready = ready;
        this.env = env;
        this.limits = limits;
    }

    /** The short form: {@code postgres: embedded}. */
    @JsonCreator
    public static ServiceEntry of(String word) {
        if (!"embedded".equals(word)) {
            throw new IllegalArgumentException(
                    "a service is 'embedded' or an object (url, command, ...), got '" + word + "'");
        }
        return new ServiceEntry(true, null, null, null, null, null, null);
    }
}
