package dev.duel.load;

/**
 * Segment {@code index} of {@code count}: which share of a plan split between load agents this is. Immutable.
 *
 * @param index 0-based, below {@code count}
 * @param count how many segments make the whole plan, at least 1
 */
public record PlanSegment(int index, int count) {
    /** The whole plan, run by one engine. */
    public static final PlanSegment WHOLE = new PlanSegment(0, 1);

    public PlanSegment {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("segment " + index + " of " + count + " does not exist");
        }
    }

    public boolean whole() {
        return count == 1;
    }
}
