package dev.duel.kubernetes;

import dev.duel.targets.ServiceSpec;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The suite's embedded PostgreSQL as a Pod of the official image with a Service in front, and the environment a target
 * needs to reach it ({@code DATABASE_URL}, as on duel's machine, with the password from the session's Secret). The
 * image's user (999) runs it; its data and sockets live in scratch folders, the root file system stays read-only.
 * Stateless.
 */
final class PostgresManifests {
    static final int PORT = 5432;
    /** The postgres user of the official (Debian-based) image. */
    static final long POSTGRES_USER_ID = 999;

    static final String SERVICE_LABEL = "duel.dev/service";

    private PostgresManifests() {}

    static Pod pod(ObjectMetas metas, ServiceSpec.EmbeddedPostgres postgres, String image) {
        String name = metas.names().service(postgres.name());
        ResourceRequirements resources =
                postgres.limits().any() ? PodParts.guaranteed("services." + postgres.name(), postgres.limits()) : null;
        return new PodBuilder()
                .withMetadata(metas.of(name, Role.SERVICE, Map.of(SERVICE_LABEL, postgres.name())))
                .withNewSpec()
                .withRestartPolicy("Never")
                .withAutomountServiceAccountToken(false)
                .withEnableServiceLinks(false)
                .withSecurityContext(PodParts.podSecurity(POSTGRES_USER_ID))
                .addNewContainer()
                .withName("postgres")
                .withImage(image)
                .withEnv(
                        SessionSecret.fromSecret(
                                metas.names(), "POSTGRES_PASSWORD", SessionSecret.POSTGRES_PASSWORD_KEY),
                        new EnvVarBuilder()
                                .withName("PGDATA")
                                .withValue("/var/lib/postgresql/data/pgdata")
                                .build())
                .addNewPort()
                .withName("postgres")
                .withContainerPort(PORT)
                .endPort()
                .withNewReadinessProbe()
                .withNewExec()
                .withCommand("pg_isready", "-U", "postgres", "-h", "127.0.0.1")
                .endExec()
                .withPeriodSeconds(1)
                .withTimeoutSeconds(1)
                .endReadinessProbe()
                .withResources(resources)
                .withSecurityContext(PodParts.containerSecurity())
                .withVolumeMounts(
                        PodParts.mount("data", "/var/lib/postgresql/data"),
                        PodParts.mount("run", "/var/run/postgresql"),
                        PodParts.mount(PodParts.TMP_VOLUME, "/tmp"))
                .endContainer()
                .withVolumes(
                        PodParts.emptyDir("data"), PodParts.emptyDir("run"), PodParts.emptyDir(PodParts.TMP_VOLUME))
                .endSpec()
                .build();
    }

    static Service service(ObjectMetas metas, ServiceSpec.EmbeddedPostgres postgres) {
        String name = metas.names().service(postgres.name());
        Map<String, String> selector = metas.labels(Role.SERVICE, Map.of(SERVICE_LABEL, postgres.name()));
        return new ServiceBuilder()
                .withMetadata(metas.of(name, Role.SERVICE, Map.of(SERVICE_LABEL, postgres.name())))
                .withNewSpec()
                .withSelector(selector)
                .addNewPort()
                .withName("postgres")
                .withPort(PORT)
                .withNewTargetPort(PORT)
                .endPort()
                .endSpec()
                .build();
    }

    /**
     * What a target receives from the suite's services: {@code DATABASE_PASSWORD} from the Secret, then
     * {@code DATABASE_URL} naming the Service, with the password by reference (Kubernetes expands {@code $(NAME)} of a
     * variable defined before); an external PostgreSQL's URL as written.
     */
    static List<EnvVar> targetEnv(ObjectMetas metas, List<ServiceSpec> services) {
        List<EnvVar> env = new ArrayList<>();
        for (ServiceSpec service : services) {
            if (service instanceof ServiceSpec.EmbeddedPostgres postgres) {
                String host = metas.names().service(postgres.name()) + "." + metas.namespace() + ".svc";
                env.add(SessionSecret.fromSecret(
                        metas.names(), "DATABASE_PASSWORD", SessionSecret.POSTGRES_PASSWORD_KEY));
                env.add(variable(
                        "DATABASE_URL",
                        "jdbc:postgresql://" + host + ":" + PORT
                                + "/postgres?user=postgres&password=$(DATABASE_PASSWORD)"));
            } else if (service instanceof ServiceSpec.ExternalPostgres external) {
                env.add(variable("DATABASE_URL", external.url()));
            } else {
                throw new IllegalArgumentException("service " + service.name()
                        + " cannot run on Kubernetes (no image): use 'postgres: embedded' or a url");
            }
        }
        return env;
    }

    static EnvVar variable(String name, String value) {
        return new EnvVarBuilder().withName(name).withValue(value).build();
    }
}
