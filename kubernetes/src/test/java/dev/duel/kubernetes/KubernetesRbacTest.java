package dev.duel.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.duel.suite.Suite;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Role in kubernetes/rbac.yaml (and docs/kubernetes.md) grants exactly what a whole session asks of the API
 * server: every request of a session (open, two runs, Ctrl-C clean-up, close) is recorded by the mock server and
 * mapped to its RBAC verb; the set must equal the Role's, neither more nor less.
 */
@EnableKubernetesMockClient(crud = true)
class KubernetesRbacTest {
    private static final String USER_AGENT = "duel-session-under-rbac-test";
    private static final Path RBAC = Path.of("rbac.yaml");
    private static final Path DOCS = Path.of("../docs/kubernetes.md");

    KubernetesMockServer server;
    KubernetesClient client;

    @TempDir
    Path temp;

    @Test
    void theRoleGrantsExactlyWhatASessionUses() throws Exception {
        Suite suite = Fixtures.suite(temp);
        KubernetesClient duel = new KubernetesClientBuilder()
                .withConfig(new ConfigBuilder(client.getConfiguration())
                        .withUserAgent(USER_AGENT)
                        .build())
                .build();
        FakeCluster cluster = new FakeCluster(client, KubernetesSessionTest.NAMESPACE);
        try {
            KubernetesSessionTest.RecordingHooks hooks = new KubernetesSessionTest.RecordingHooks();
            KubernetesSession session = KubernetesSession.open(
                    duel,
                    suite,
                    new KubernetesSession.Settings(
                            KubernetesSessionTest.NAMESPACE, Map.of(), new SecureRandom(), Clock.systemUTC(), hooks));
            session.startTarget(suite.target("jdk17"));
            session.startTarget(suite.target("Native_App"));
            session.nodeNames();
            hooks.registered.get(0).run();
            session.close();
        } finally {
            cluster.close();
            duel.close();
        }
        assertEquals(granted(), used());
    }

    @Test
    void theDocsShowTheFileAsItIs() throws Exception {
        assertTrue(
                Files.readString(DOCS).contains(Files.readString(RBAC)),
                "docs/kubernetes.md shows kubernetes/rbac.yaml verbatim");
    }

    /** {@code group/resource verb} of every rule of the Role. */
    private Set<String> granted() throws Exception {
        Set<String> granted = new TreeSet<>();
        try (InputStream in = Files.newInputStream(RBAC)) {
            for (HasMetadata object : client.load(in).items()) {
                if (object instanceof Role role) {
                    for (PolicyRule rule : role.getRules()) {
                        for (String group : rule.getApiGroups()) {
                            for (String resource : rule.getResources()) {
                                rule.getVerbs().forEach(verb -> granted.add(group + "/" + resource + " " + verb));
                            }
                        }
                    }
                }
            }
        }
        return granted;
    }

    private static final Pattern PATH =
            Pattern.compile("/(?:api/v1|apis/([a-z0-9.]+)/v1)/namespaces/[^/]+/([a-z]+)(/[^/?]+)?(/[a-z]+)?(\\?.*)?");

    /** {@code group/resource verb} of every request the session's client made. */
    private Set<String> used() throws InterruptedException {
        Set<String> used = new TreeSet<>();
        RecordedRequest request;
        while ((request = server.takeRequest(100, TimeUnit.MILLISECONDS)) != null) {
            if (!USER_AGENT.equals(request.getHeader("User-Agent"))) {
                continue;
            }
            Matcher path = PATH.matcher(request.getPath());
            assertTrue(path.matches(), request.getPath());
            String group = path.group(1) == null ? "" : path.group(1);
            String resource = path.group(2) + (path.group(4) == null ? "" : path.group(4));
            boolean named = path.group(3) != null;
            boolean watch = path.group(5) != null && path.group(5).contains("watch=true");
            String verb = switch (request.getMethod()) {
                case "POST" -> "create";
                case "DELETE" -> named ? "delete" : "deletecollection";
                case "PUT" -> "update";
                case "PATCH" -> "patch";
                default -> watch ? "watch" : named ? "get" : "list";
            };
            used.add(group + "/" + resource + " " + verb);
        }
        return used;
    }
}
