package dev.duel.suite.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.suite.Suite;
import dev.duel.suite.SuiteException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code targets[i].host}: a target started by one of the suite's load agents, each error at its key. */
class TargetHostLoadingTest {
    @TempDir
    Path temp;

    private final SuiteLoader loader = new SuiteLoader(Path.of("/opt/duel"));

    private static final String SUITE = """
            name: hosted
            targets:
              - name: a
                java: 17
                jar: app.jar
                host: gen-a
                listen: 10.213.1.2
              - name: b
                java: 25
                jar: app.jar
                listen: 10.213.0.1
            scenarios:
              - name: json
                request: {path: /json}
            loadgen:
              tokenFile: token
              agents: [{name: gen-a, address: '10.213.1.2:9400'}, {name: gen-b, address: '10.213.2.2:9400'}]
            """;

    @Test
    void aTargetNamesTheAgentThatStartsItAndOthersStayOnThisMachine() throws Exception {
        Suite suite = loader.load(write(SUITE));
        assertEquals(Map.of("a", "gen-a"), suite.loadgen().targetHosts());
        assertEquals(new Suite.Agent("gen-a", "10.213.1.2", 9400, null), suite.hostOf("a"));
        assertNull(suite.hostOf("b"));
        assertEquals("10.213.1.2", suite.target("a").listen());
    }

    @Test
    void aPlanIsSplitBetweenTheMostAgentsAnyRunHasAtItsKey() throws Exception {
        String oneUser = SUITE.replace("request: {path: /json}", "request: {path: /json}\n    model: {vus: 1}");
        // Target b runs on duel's machine: its runs split one user between both agents.
        assertTrue(failure(oneUser).contains("(split between the 2 load agents of loadgen.agents)"), failure(oneUser));
        // Each target on an agent: every run has one generator, which takes the one user.
        String bothHosted = oneUser.replace("listen: 10.213.0.1\n", "listen: 10.213.2.2\n    host: gen-b\n");
        assertEquals(
                Map.of("a", "gen-a", "b", "gen-b"),
                loader.load(write(bothHosted)).loadgen().targetHosts());
    }

    @Test
    void anUnknownAgentIsAnErrorAtTheHostKeyWithLineAndColumn() throws IOException {
        String yaml = SUITE.replace("host: gen-a", "host: gen-x");
        assertEquals(
                at(yaml, "host: gen-x") + "targets[0] (a).host: no load agent is named 'gen-x'; loadgen.agents are"
                        + " [gen-a, gen-b]",
                failure(yaml));
    }

    @Test
    void aHostWithoutAgentsIsAnError() throws IOException {
        String yaml = SUITE.substring(0, SUITE.indexOf("loadgen:"));
        assertTrue(
                failure(yaml).contains("targets[0] (a).host: names agent 'gen-a' but loadgen.agents names none"),
                failure(yaml));
    }

    @Test
    void theOnlyAgentCannotHostTheTargetItWouldLeaveNoGenerator() throws IOException {
        String yaml = SUITE.replace(", {name: gen-b, address: '10.213.2.2:9400'}", "");
        assertTrue(
                failure(yaml)
                        .contains("targets[0] (a).host: 'gen-a' is the only load agent: an agent that hosts a target"
                                + " sends no load in its runs"),
                failure(yaml));
    }

    @Test
    void aHostedTargetMustListenOnAnAddressTheOtherAgentsReach() throws IOException {
        String missing = SUITE.replace("    listen: 10.213.1.2\n", "");
        assertEquals(
                at(missing, "host: gen-a") + "targets[0] (a).host: a target on agent 'gen-a' must listen on an address"
                        + " of that agent's machine that the other agents reach (listen: 10.0.0.5, say); 127.0.0.1"
                        + " reaches only that machine",
                failure(missing));
        String loopback = SUITE.replace("listen: 10.213.1.2", "listen: 127.0.0.2");
        assertTrue(failure(loopback).startsWith(at(loopback, "listen: 127.0.0.2")), failure(loopback));
    }

    @Test
    void whatDuelReadsOnlyOnItsOwnMachineIsRefusedForAHostedTarget() throws IOException {
        String profile = SUITE.replace("host: gen-a", "host: gen-a\n    profile: threads");
        assertTrue(
                failure(profile)
                        .contains("targets[0] (a).profile: 'threads' reads the target's JVM on duel's machine, and this"
                                + " target runs on agent 'gen-a'"),
                failure(profile));
        String aot = SUITE.replace("host: gen-a", "host: gen-a\n    java: 25\n    aotCache: {train: json, for: 5s}")
                .replace("    java: 17\n", "");
        assertTrue(failure(aot).contains("targets[0] (a).aotCache: cannot go with host"), failure(aot));
    }

    private Path write(String yaml) throws IOException {
        return Files.writeString(temp.resolve("suite.yaml"), yaml);
    }

    private String failure(String yaml) throws IOException {
        Path file = write(yaml);
        return assertThrows(SuiteException.class, () -> loader.load(file)).getMessage();
    }

    /** "file:line:column: " of the first key of {@code text}. */
    private String at(String yaml, String text) {
        int keyAt = yaml.indexOf(text);
        assertTrue(keyAt >= 0, "the suite has no " + text);
        int lineStart = yaml.lastIndexOf('\n', keyAt) + 1;
        long line = yaml.substring(0, keyAt).chars().filter(c -> c == '\n').count() + 1;
        return temp.resolve("suite.yaml") + ":" + line + ":" + (keyAt - lineStart + 1) + ": ";
    }
}
