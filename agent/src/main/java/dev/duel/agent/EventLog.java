package dev.duel.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * One run's events in order, numbered from 1 ({@code seq}). A poll for the events after {@code seq} N says the
 * controller has the first N, so those are let go then: what is kept is what no poll has passed yet, so that a
 * controller that lost a poll's answer can ask again from its last seen number and get the rest. Kept whole until the
 * run was forgotten, an hour's run of per-second events with their histograms (about 190 KiB each) held hundreds of
 * MiB. Long polls wait on it. Thread-safe (one lock).
 */
final class EventLog {
    /** Events after {@code seq}; {@code done}: the run has ended and nothing follows these. */
    record Batch(List<ObjectNode> events, boolean done) {}

    private final List<ObjectNode> events = new ArrayList<>();
    /** How many events from the first have been let go: {@code events.get(0)} is number {@code released + 1}. */
    private long released;

    private boolean finished;

    synchronized void append(ObjectNode event) {
        if (finished) {
            throw new IllegalStateException("the run's events have ended");
        }
        event.put("seq", released + events.size() + 1L);
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
        int seen = (int) Math.min(events.size(), Math.max(0, after - released));
        events.subList(0, seen).clear(); // the controller has them
        released += seen;
        long deadline = System.nanoTime() + waitMillis * 1_000_000L;
        while (released + events.size() <= after && !finished) {
            long leftNanos = deadline - System.nanoTime();
            if (leftNanos <= 0) {
                break;
            }
            wait(Math.max(1, leftNanos / 1_000_000L));
        }
        int from = (int) Math.min(Math.max(after - released, 0), events.size());
        return new Batch(List.copyOf(events.subList(from, events.size())), finished);
    }

    /** How many events are held now (those no poll has passed). */
    synchronized int kept() {
        return events.size();
    }
}
