package dev.duel.load.split;

import dev.duel.load.InvalidSettingException;
import dev.duel.load.LoadModel;
import dev.duel.load.LoadPlan;
import dev.duel.load.PlanSegment;
import dev.duel.load.Setting;
import dev.duel.load.http.VariableSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a plan between load agents so that their segments together are exactly the plan: a closed model's users
 * divided (the first {@code users % agents} segments take one more), an open model's rate divided exactly (each
 * segment {@code rate / agents}; the engine then draws independent Poisson arrivals per segment, or interleaves
 * uniform ones into the whole plan's schedule) and its connections divided (at least one each); everything else
 * (request, variables, checks, timing, seed, threads, transport) is the same in every segment, and the engine
 * partitions {@code seq:}/{@code list:} values and keeps {@code unique} values apart by the segment. Stateless.
 */
public final class PlanSplit {
    private PlanSplit() {}

    /**
     * @param plan   a whole plan ({@link PlanSegment#WHOLE})
     * @param agents how many agents share it, at least 1
     * @return plan {@code i} is segment {@code i} of {@code agents}, in order
     * @throws InvalidSettingException {@link Setting#VIRTUAL_USERS}: fewer users than agents; {@link Setting#VARIABLES}:
     *                                 a {@code seq:} or {@code list:} with fewer values than agents
     */
    public static List<LoadPlan> split(LoadPlan plan, int agents) {
        if (agents < 1) {
            throw new IllegalArgumentException("a plan is split between at least one agent, got " + agents);
        }
        if (!plan.segment().whole()) {
            throw new IllegalArgumentException("only a whole plan is split, not segment " + plan.segment());
        }
        if (plan.model() instanceof LoadModel.Closed closed && closed.virtualUsers() < agents) {
            throw new InvalidSettingException(
                    Setting.VIRTUAL_USERS,
                    closed.virtualUsers() + " users cannot be split between " + agents + " load agents: give at least "
                            + agents + " users (one per agent), or use fewer agents");
        }
        plan.variables().values().forEach(spec -> VariableSpec.requireValuesFor(spec, agents));
        List<LoadPlan> segments = new ArrayList<>(agents);
        for (int i = 0; i < agents; i++) {
            segments.add(new LoadPlan(
                    plan.request(),
                    plan.variables(),
                    plan.checks(),
                    share(plan.model(), i, agents),
                    plan.timing(),
                    plan.timeout(),
                    plan.seed(),
                    plan.threads(),
                    plan.transport(),
                    new PlanSegment(i, agents)));
        }
        return List.copyOf(segments);
    }

    private static LoadModel share(LoadModel model, int index, int agents) {
        if (model instanceof LoadModel.Closed closed) {
            return new LoadModel.Closed(share(closed.virtualUsers(), index, agents));
        }
        LoadModel.Open open = (LoadModel.Open) model;
        return new LoadModel.Open(
                open.rate().dividedBy(agents),
                open.arrival(),
                Math.max(1, share(open.maxConnections(), index, agents)));
    }

    /** Segment {@code index}'s part of {@code total}: as even as integers allow, the first segments one more. */
    static int share(int total, int index, int agents) {
        return total / agents + (index < total % agents ? 1 : 0);
    }
}
