package dev.duel.kubernetes;

import dev.duel.agent.AgentTls;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * A session's Secret: the token every agent demands (mounted as a file for {@code duel agent --token-file}), the
 * agents' TLS certificate and key (mounted for {@code --tls-cert} and {@code --tls-key}: the coordinator pins the
 * certificate, so the token and the plans never cross the cluster's network in clear) and the password of the
 * session's PostgreSQL (given to its Pod and to the target's as environment from the Secret, never written into a
 * Pod's spec). Immutable.
 *
 * @param agentToken       the agents' bearer token
 * @param postgresPassword the {@code postgres} user's password
 * @param agentTls         the key and certificate every agent of the session serves its API with
 */
public record SessionSecret(String agentToken, String postgresPassword, AgentTls.ServerKey agentTls) {
    public static final String TOKEN_KEY = "agent-token";
    public static final String POSTGRES_PASSWORD_KEY = "postgres-password";
    /** The agents' certificate, PEM. */
    public static final String TLS_CERT_KEY = "agent-tls.crt";
    /** The agents' private key, PKCS#8 PEM. */
    public static final String TLS_KEY_KEY = "agent-tls.key";

    @Override
    public String toString() {
        return "SessionSecret[hidden]";
    }

    /**
     * 32 random bytes each, in hexadecimal, and a fresh key and certificate for the agents ({@link AgentTls#generate},
     * with this JVM's keytool).
     */
    public static SessionSecret random(SecureRandom random) {
        return new SessionSecret(
                hex(random), hex(random), AgentTls.generate(java.nio.file.Path.of(System.getProperty("java.home"))));
    }

    private static String hex(SecureRandom random) {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    Secret manifest(ObjectMetas metas) {
        return new SecretBuilder()
                .withMetadata(metas.of(metas.names().secret(), Role.SECRET))
                .withType("Opaque")
                .withStringData(new TreeMap<>(Map.of(
                        TOKEN_KEY,
                        agentToken,
                        POSTGRES_PASSWORD_KEY,
                        postgresPassword,
                        TLS_CERT_KEY,
                        agentTls.certificatePem(),
                        TLS_KEY_KEY,
                        agentTls.keyPem())))
                .build();
    }

    /** The environment variable {@code name} with {@code key} of the session's Secret. */
    static EnvVar fromSecret(SessionNames names, String name, String key) {
        return new EnvVarBuilder()
                .withName(name)
                .withNewValueFrom()
                .withNewSecretKeyRef()
                .withName(names.secret())
                .withKey(key)
                .endSecretKeyRef()
                .endValueFrom()
                .build();
    }
}
