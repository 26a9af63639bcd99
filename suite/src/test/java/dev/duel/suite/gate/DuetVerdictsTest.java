package dev.duel.suite.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.duel.record.Status;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A duet's pair is one measurement: a discard takes the partner along, a failure names the side that failed. */
class DuetVerdictsTest {
    private static final List<String> STEMS = List.of("003-jdk17", "004-jdk25");
    private static final RunVerdict NOISY = new RunVerdict(Status.DISCARDED, "noisy in 4 of 20 s of main");

    @Test
    void aSideDiscardedForNoiseDiscardsItsOkPartnerWithTheReason() {
        for (int discarded = 0; discarded < 2; discarded++) {
            List<RunVerdict> own = discarded == 0 ? List.of(NOISY, RunVerdict.OK) : List.of(RunVerdict.OK, NOISY);
            List<RunVerdict> paired = DuetVerdicts.paired(own, STEMS);
            assertEquals(NOISY, paired.get(discarded));
            RunVerdict partner = paired.get(1 - discarded);
            assertEquals(Status.DISCARDED, partner.status());
            assertEquals(
                    "its duet partner " + STEMS.get(discarded)
                            + " was discarded (noisy in 4 of 20 s of main): the pair is measured again",
                    partner.reason());
        }
    }

    @Test
    void aFailedOrInvalidPartnerIsNotDiscardedAndTwoOkSidesStand() {
        RunVerdict failed = RunVerdict.failed("the target exited with 1");
        RunVerdict invalid = new RunVerdict(Status.INVALID, "the load generator was the limit");
        assertEquals(List.of(NOISY, failed), DuetVerdicts.paired(List.of(NOISY, failed), STEMS));
        assertEquals(List.of(invalid, NOISY), DuetVerdicts.paired(List.of(invalid, NOISY), STEMS));
        assertEquals(List.of(NOISY, NOISY), DuetVerdicts.paired(List.of(NOISY, NOISY), STEMS));
        assertEquals(
                List.of(RunVerdict.OK, RunVerdict.OK),
                DuetVerdicts.paired(List.of(RunVerdict.OK, RunVerdict.OK), STEMS));
        // An ok side beside a failed one keeps its measurement: only noise makes the pair measured again.
        assertEquals(List.of(RunVerdict.OK, failed), DuetVerdicts.paired(List.of(RunVerdict.OK, failed), STEMS));
    }

    @Test
    void aSideThatFailedToStartFailsBothNamingItInThePartner() {
        List<RunVerdict> verdicts = DuetVerdicts.failed(1, "the target could not be started: no java", STEMS);
        assertEquals(RunVerdict.failed("the target could not be started: no java"), verdicts.get(1));
        assertEquals(
                RunVerdict.failed("its duet partner 004-jdk25 failed: the target could not be started: no java"),
                verdicts.get(0));
    }
}
