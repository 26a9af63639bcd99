package dev.duel.suite.file;

import dev.duel.record.ScenarioKind;
import dev.duel.suite.Scenario;
import dev.duel.suite.Suite;
import dev.duel.targets.Limits;
import dev.duel.targets.TargetSpec;
import java.util.List;
import java.util.Objects;

/**
 * What {@code order: duet} and {@code order: interleaved} need of a suite: two targets, both under the same CPU and
 * memory limits (a side with more would be measured as faster; interleaved: on the same CPUs too, since the load moves
 * between them and what is compared is the two on one machine), scenarios with a main phase that the two can share
 * second by second or slice by slice, and duel's own engine sending both loads. Stateless.
 */
final class DuetChecks {
    private DuetChecks() {}

    static void check(Suite.Order order, List<TargetSpec> targets, List<Scenario> scenarios, Suite.Loadgen loadgen) {
        boolean interleaved = order == Suite.Order.INTERLEAVED;
        String key = order.key();
        if (targets.size() != 2) {
            throw new Problem(
                    "order",
                    (interleaved
                                    ? "interleaved keeps two targets alive and hands the load between them"
                                    : "duet measures two targets at once and compares them second by second")
                            + "; the suite has " + targets.size() + ": keep two, or use order: alternate");
        }
        Limits a = targets.get(0).limits();
        Limits b = targets.get(1).limits();
        if (a.cpus() == null
                || a.memoryBytes() == null
                || !Objects.equals(a.cpus(), b.cpus())
                || !Objects.equals(a.memoryBytes(), b.memoryBytes())) {
            throw new Problem(
                    "order",
                    key + " runs both targets side by side, so each needs the same limits.cpus and limits.memory (a"
                            + " side with more CPU would be measured as faster): "
                            + targets.get(0).name() + " has " + a + ", "
                            + targets.get(1).name() + " has " + b
                            + (interleaved
                                    ? "; on 2 cores, e.g. limits: {cpus: 1.0, cpuset: '0', memory: 512m} on both and the"
                                            + " load generator on cpuset '1'"
                                    : "; on 2 cores, e.g. limits: {cpus: 0.5, cpuset: '0', memory: 512m} on both and"
                                            + " the load generator on cpuset '1'"));
        }
        if (interleaved && !Objects.equals(a.cpuset(), b.cpuset())) {
            throw new Problem(
                    "order",
                    "interleaved hands the load between two targets on the same CPUs, so both need the same"
                            + " limits.cpuset: " + targets.get(0).name() + " has " + a.cpuset() + ", "
                            + targets.get(1).name() + " has " + b.cpuset()
                            + " (on 2 cores, e.g. cpuset '0' on both and the load generator on cpuset '1')");
        }
        for (int i = 0; i < scenarios.size(); i++) {
            ScenarioKind kind = scenarios.get(i).kind();
            if (kind == ScenarioKind.STARTUP || kind == ScenarioKind.WARMUP_CURVE) {
                throw new Problem(
                        "scenarios[" + i + "].kind",
                        "a " + kind.label() + " scenario cannot run " + (interleaved ? "interleaved" : "in duet")
                                + ": it has no main phase to share, and two targets starting or warming up side by"
                                + " side would time each other's start (each side's own start is timed all the same);"
                                + " measure it in a suite with order: alternate");
            }
        }
        if (loadgen.distributed()) {
            throw new Problem(
                    "loadgen.agents",
                    key + " sends both loads from duel's own engine, on one time line: remove the load agents, or"
                            + " use order: alternate");
        }
    }
}
