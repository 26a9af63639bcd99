package dev.duel.load.engine;

import java.util.NoSuchElementException;

/** A growable FIFO ring of primitive longs, so queued arrival times cost no boxing. Not thread-safe. */
final class LongQueue {
    private long[] ring = new long[64];
    private int head;
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    void add(long value) {
        if (size == ring.length) {
            long[] bigger = new long[ring.length * 2];
            for (int i = 0; i < size; i++) {
                bigger[i] = ring[(head + i) & (ring.length - 1)];
            }
            ring = bigger;
            head = 0;
        }
        ring[(head + size) & (ring.length - 1)] = value;
        size++;
    }

    long peek() {
        if (size == 0) {
            throw new NoSuchElementException();
        }
        return ring[head];
    }

    long poll() {
        long value = peek();
        head = (head + 1) & (ring.length - 1);
        size--;
        return value;
    }
}
