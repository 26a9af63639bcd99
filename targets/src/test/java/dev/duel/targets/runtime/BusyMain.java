package dev.duel.targets.runtime;

/** A small JVM for {@link RealJvmRuntimeTest}: allocates and compiles for a while, then waits to be stopped. */
public final class BusyMain {
    private BusyMain() {}

    public static void main(String[] args) throws InterruptedException {
        long until = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000L;
        byte[][] kept = new byte[256][];
        long sum = 0;
        int i = 0;
        while (System.nanoTime() < until) {
            kept[i++ & 255] = new byte[512 + (i & 1023)];
            sum += kept[(i * 7) & 255] == null ? 0 : kept[(i * 7) & 255].length;
        }
        System.out.println("ready " + sum);
        Thread.sleep(60_000);
    }
}
