package dev.duel.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Issue 24, item 10: the open-file limit was never checked, so a load past it failed its connects with "too many open
 * files" and counted them against the target. Now the connections planned are checked against it first.
 */
class FileLimitTest {
    @Test
    void connectionsThatFitUnderTheLimitPass() {
        assertNull(FileLimit.problem(256, new FileLimit.Reading(40, 1024)));
        assertNull(FileLimit.problem(1024 - 40 - FileLimit.MARGIN, new FileLimit.Reading(40, 1024)), "exactly");
        assertNull(FileLimit.problem(100_000, null), "unknown: no opinion");
    }

    @Test
    void connectionsPastTheLimitAreRefusedNamingUlimit() {
        String problem = FileLimit.problem(1000, new FileLimit.Reading(40, 1024));
        assertEquals(
                "1000 connection(s) need about 1104 open files (40 open now, 64 kept free) and this process may open"
                        + " 1024: raise the limit in the shell that starts duel (ulimit -n 2048), or use fewer"
                        + " connections",
                problem);
        assertTrue(FileLimit.problem(1024 - 40 - FileLimit.MARGIN + 1, new FileLimit.Reading(40, 1024)) != null);
    }

    @Test
    void thisProcessHasAReadingOnLinux() {
        FileLimit.Reading reading = FileLimit.current();
        assertTrue(reading != null && reading.open() > 0 && reading.max() >= reading.open(), String.valueOf(reading));
    }
}
