package dev.duel.history.capture;

import dev.duel.history.HistoryEntry;
import java.util.Map;

/**
 * Where the code under test came from, as a CI's environment says: GitHub Actions ({@code GITHUB_SHA}, {@code
 * GITHUB_REF_NAME} with {@code GITHUB_REF_TYPE}, {@code GITHUB_HEAD_REF} on a pull request, the run's page from {@code
 * GITHUB_SERVER_URL}, {@code GITHUB_REPOSITORY} and {@code GITHUB_RUN_ID}), GitLab CI ({@code CI_COMMIT_SHA}, {@code
 * CI_COMMIT_BRANCH}, {@code CI_COMMIT_TAG}, {@code CI_JOB_URL},
 * {@code CI_COMMIT_TIMESTAMP}) and Jenkins ({@code GIT_COMMIT}, {@code GIT_BRANCH},
 * {@code BUILD_URL}). What is given on the command line wins over what is found. Stateless.
 */
public final class CiProvenance {
    private CiProvenance() {}

    /**
     * @param given       parts given on the command line (null parts: not given)
     * @param environment the process's environment ({@code System.getenv()})
     */
    public static HistoryEntry.Provenance of(HistoryEntry.Provenance given, Map<String, String> environment) {
        HistoryEntry.Provenance found = found(environment);
        return new HistoryEntry.Provenance(
                first(given.commit(), found.commit()),
                first(given.branch(), found.branch()),
                first(given.tag(), found.tag()),
                first(given.ciUrl(), found.ciUrl()),
                given.label(),
                given.committedAt() != null
                        ? given.committedAt()
                        : given.commit() == null || given.commit().equals(found.commit()) ? found.committedAt() : null);
    }

    /** What the environment says, null parts where it says nothing. */
    static HistoryEntry.Provenance found(Map<String, String> env) {
        if (present(env, "GITHUB_SHA")) {
            boolean tag = "tag".equals(env.get("GITHUB_REF_TYPE"));
            String branch = present(env, "GITHUB_HEAD_REF")
                    ? env.get("GITHUB_HEAD_REF")
                    : tag ? null : value(env, "GITHUB_REF_NAME");
            String url = present(env, "GITHUB_SERVER_URL")
                            && present(env, "GITHUB_REPOSITORY")
                            && present(env, "GITHUB_RUN_ID")
                    ? env.get("GITHUB_SERVER_URL") + "/" + env.get("GITHUB_REPOSITORY") + "/actions/runs/"
                            + env.get("GITHUB_RUN_ID")
                    : null;
            return new HistoryEntry.Provenance(
                    env.get("GITHUB_SHA"), branch, tag ? value(env, "GITHUB_REF_NAME") : null, url, null);
        }
        if (present(env, "CI_COMMIT_SHA")) {
            return new HistoryEntry.Provenance(
                    env.get("CI_COMMIT_SHA"),
                    value(env, "CI_COMMIT_BRANCH"),
                    value(env, "CI_COMMIT_TAG"),
                    value(env, "CI_JOB_URL"),
                    null,
                    CommitTime.parse(value(env, "CI_COMMIT_TIMESTAMP")));
        }
        if (present(env, "GIT_COMMIT")) {
            return new HistoryEntry.Provenance(
                    env.get("GIT_COMMIT"), value(env, "GIT_BRANCH"), null, value(env, "BUILD_URL"), null);
        }
        return HistoryEntry.Provenance.NONE;
    }

    private static boolean present(Map<String, String> env, String name) {
        String value = env.get(name);
        return value != null && !value.isBlank();
    }

    private static String value(Map<String, String> env, String name) {
        return present(env, name) ? env.get(name) : null;
    }

    private static String first(String given, String found) {
        return given != null && !given.isBlank() ? given : found;
    }
}
