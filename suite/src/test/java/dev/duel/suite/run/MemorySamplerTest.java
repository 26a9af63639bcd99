package dev.duel.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.duel.targets.ResourceReading;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** What a memory sampler keeps when it is closed while a reading is under way. */
class MemorySamplerTest {
    @Test
    void aReadingThatEndsAfterTheCloseIsDropped() {
        AtomicReference<Runnable> tick = new AtomicReference<>();
        AtomicReference<MemorySampler> sampler = new AtomicReference<>();
        AtomicBoolean closeWhileReading = new AtomicBoolean();
        long[] anon = {100};
        MemorySampler started = MemorySampler.start(
                () -> {
                    if (closeWhileReading.get()) {
                        // the scenario ends (another thread, in real use) while this reading is under way
                        sampler.get().close();
                    }
                    return new ResourceReading(-1, -1, -1, -1, anon[0], -1, anon[0]++, null);
                },
                task -> {
                    tick.set(task);
                    return () -> {};
                });
        sampler.set(started);
        tick.get().run();
        closeWhileReading.set(true);
        tick.get().run();
        tick.get().run();
        assertEquals(List.of(100L, 101L), started.anonBytes(), "the sample read across the close is not kept");
        assertEquals(101, started.peakAnonBytes());
    }
}
