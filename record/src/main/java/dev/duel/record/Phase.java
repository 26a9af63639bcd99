package dev.duel.record;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/**
 * Where a moment falls in a load run. Requests start only in {@link #WARMUP} and {@link #MAIN}; a
 * run measured in windows has a warm-up (until the first correct answer) and then main. Written in
 * lower case in records ("warmup", "gap", "main", "ended").
 */
public enum Phase {
    @JsonProperty("warmup")
    WARMUP,
    @JsonProperty("gap")
    GAP,
    @JsonProperty("main")
    MAIN,
    @JsonProperty("ended")
    ENDED;

    public boolean sendsLoad() {
        return this == WARMUP || this == MAIN;
    }

    /** The word records and progress lines use. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
