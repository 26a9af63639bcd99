package dev.duel.history.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.duel.history.HistoryEntry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where the code came from, as each CI's environment says it, and what the command line gives over it. */
class CiProvenanceTest {
    private static final HistoryEntry.Provenance NOTHING_GIVEN = HistoryEntry.Provenance.NONE;

    @Test
    void gitHubActionsPushToABranch() {
        assertEquals(
                new HistoryEntry.Provenance(
                        "9f8e7d6", "main", null, "https://github.com/acme/shop/actions/runs/4711", null),
                CiProvenance.of(
                        NOTHING_GIVEN,
                        Map.of(
                                "GITHUB_SHA", "9f8e7d6",
                                "GITHUB_REF_NAME", "main",
                                "GITHUB_REF_TYPE", "branch",
                                "GITHUB_HEAD_REF", "",
                                "GITHUB_SERVER_URL", "https://github.com",
                                "GITHUB_REPOSITORY", "acme/shop",
                                "GITHUB_RUN_ID", "4711")));
    }

    @Test
    void gitHubActionsPullRequestNamesItsHeadBranchAndATagIsATag() {
        HistoryEntry.Provenance pullRequest = CiProvenance.of(
                NOTHING_GIVEN,
                Map.of("GITHUB_SHA", "abc", "GITHUB_REF_NAME", "42/merge", "GITHUB_HEAD_REF", "feature/pool"));
        assertEquals("feature/pool", pullRequest.branch());
        HistoryEntry.Provenance tag = CiProvenance.of(
                NOTHING_GIVEN, Map.of("GITHUB_SHA", "abc", "GITHUB_REF_NAME", "v1.4.0", "GITHUB_REF_TYPE", "tag"));
        assertEquals("v1.4.0", tag.tag());
        assertEquals(null, tag.branch());
    }

    @Test
    void gitLabAndJenkins() {
        assertEquals(
                new HistoryEntry.Provenance("c1", "dev", null, "https://gitlab.example/jobs/9", null),
                CiProvenance.of(
                        NOTHING_GIVEN,
                        Map.of(
                                "CI_COMMIT_SHA", "c1",
                                "CI_COMMIT_BRANCH", "dev",
                                "CI_JOB_URL", "https://gitlab.example/jobs/9")));
        assertEquals(
                new HistoryEntry.Provenance("j1", "origin/main", null, "https://jenkins.example/job/7/", null),
                CiProvenance.of(
                        NOTHING_GIVEN,
                        Map.of(
                                "GIT_COMMIT", "j1",
                                "GIT_BRANCH", "origin/main",
                                "BUILD_URL", "https://jenkins.example/job/7/")));
    }

    @Test
    void whatIsGivenWinsAndNoCiSaysNothing() {
        HistoryEntry.Provenance given = new HistoryEntry.Provenance("given", null, "v2", null, "nightly");
        assertEquals(
                new HistoryEntry.Provenance("given", "main", "v2", null, "nightly"),
                CiProvenance.of(given, Map.of("GITHUB_SHA", "found", "GITHUB_REF_NAME", "main")));
        assertEquals(NOTHING_GIVEN, CiProvenance.of(NOTHING_GIVEN, Map.of("HOME", "/root")));
    }

    @Test
    void anEntrysIdDependsOnItsRunsNotTheirOrder() {
        String id = EntryId.of("demo", List.of("jdk17#1.1@2026-12-01T10:00:00Z", "jdk25#2.1@2026-12-01T10:02:00Z"));
        assertEquals(
                id, EntryId.of("demo", List.of("jdk25#2.1@2026-12-01T10:02:00Z", "jdk17#1.1@2026-12-01T10:00:00Z")));
        assertNotEquals(id, EntryId.of("demo", List.of("jdk17#1.1@2026-12-01T10:00:00Z")), "a run less");
        assertNotEquals(
                id,
                EntryId.of("other", List.of("jdk17#1.1@2026-12-01T10:00:00Z", "jdk25#2.1@2026-12-01T10:02:00Z")),
                "another suite");
        assertEquals(14, id.length());
    }
}
