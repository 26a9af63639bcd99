package dev.duel.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.duel.record.runtime.Profile;
import dev.duel.targets.IdentityCheck;
import dev.duel.targets.Limits;
import dev.duel.targets.ReadySpec;
import dev.duel.targets.TargetSpec;
import dev.duel.targets.fixtures.TargetSpecs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TargetWireTest {
    @Test
    void aJarTargetWithLimitsIdentityAndProfileSurvivesTheWire() {
        TargetSpec spec = new TargetSpec(
                "jdk25",
                "25",
                Path.of("/opt/apps/minimal.jar"),
                List.of(),
                List.of("-Xmx256m", "-Dserver.port=${port}"),
                Map.of("MODE", "fast"),
                8080,
                new ReadySpec("/health", 204, Duration.ofSeconds(45)),
                List.of(IdentityCheck.parse("/app == \"minimal\""), IdentityCheck.parse("/runtime contains 25.")),
                new Limits(1.5, "1", 512L << 20),
                Profile.JFR,
                "10.213.0.1");
        assertEquals(spec, roundTrip(spec));
    }

    @Test
    void aCommandTargetWithNothingOptionalSurvivesTheWire() {
        TargetSpec spec = TargetSpecs.command("cmd", List.of("./server", "--port", "${port}"));
        assertEquals(spec, roundTrip(spec));
    }

    private static TargetSpec roundTrip(TargetSpec spec) {
        return TargetWire.fromJson(AgentJson.parse(AgentJson.bytes(TargetWire.toJson(spec))));
    }
}
