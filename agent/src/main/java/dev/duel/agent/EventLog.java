package dev.duel.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * One run's events in order, numbered from 1 ({@code seq}), kept until the run is forgotten so that a controller that
 * lost a poll can ask again from its last seen number. Long polls wait on it. Thread-safe (one lock).
 */
final class EventLog {
    /** Events after {@code seq}; {@code done}: the run has ended and nothing follows these. */
    record Batch(List<ObjectNode> events, boolean done) {}

    private final List<ObjectNode> events = new ArrayList<>();
    private boolean finished;

    synchronized void append(ObjectNode event) {
        if (finished) {
            throw new IllegalStateException("the run's events have ended");
        }
        event.put("seq", events.size() + 1L);
        events.add(event);
        notifyAll();
    }

    /** No event follows. */
    synchronized void finish() {
        finished = true;
        notifyAll();
    }

    synchronized boolean finished() {
        return finished;
    }

    /** The events numbered above {@code after}, waiting up to {@code waitMillis} for one when there is none yet. */
    synchronized Batch after(long after, long waitMillis) throws InterruptedException {
        long deadline = System.nanoTime() + waitMillis * 1_000_000L;
        while (events.size() <= after && !finished) {
            long leftNanos = deadline - System.nanoTime();
            if (leftNanos <= 0) {
                break;
            }
            wait(Math.max(1, leftNanos / 1_000_000L));
        }
        int from = (int) Math.min(Math.max(after, 0), events.size());
        return new Batch(List.copyOf(events.subList(from, events.size())), finished);
    }
}
