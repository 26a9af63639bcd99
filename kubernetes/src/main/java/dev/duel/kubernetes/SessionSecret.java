package dev.duel.kubernetes;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * A session's Secret: the token every agent demands (mounted as a file for {@code duel agent --token-file}) and the
 * password of the session's PostgreSQL (given to its Pod and to the target's as environment from the Secret, never
 * written into a Pod's spec). Immutable.
 *
 * @param agentToken       the agents' bearer token
 * @param postgresPassword the {@code postgres} user's password
 */
public record SessionSecret(String agentToken, String postgresPassword) {
    public static final String TOKEN_KEY = "agent-token";
    public static final String POSTGRES_PASSWORD_KEY = "postgres-password";

    @Override
    public String toString() {
        return "SessionSecret[hidden]";
    }

    /** 32 random bytes each, in hexadecimal. */
    public static SessionSecret random(SecureRandom random) {
        return new SessionSecret(hex(random), hex(random));
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
                .withStringData(new TreeMap<>(Map.of(TOKEN_KEY, agentToken, POSTGRES_PASSWORD_KEY, postgresPassword)))
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
