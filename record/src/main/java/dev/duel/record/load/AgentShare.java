package dev.duel.record.load;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;

/**
 * One load agent's part of a run that several agents drove together ({@code duel load --agents}, a suite's
 * {@code loadgen: {agents: [...]}}): who it was, how its clock related to the coordinator's, and its own result for
 * the segment of the plan it ran. The merged {@link LoadResult} that holds these adds the agents' histograms per
 * phase and per second (never averaging percentiles) and sums their counters. Immutable.
 *
 * @param name                   the agent as the user named it: a suite's agent name, or the address given on the
 *                               command line ({@code "10.0.0.2:9400"})
 * @param address                the {@code host:port} the coordinator reached it at
 * @param host                   the agent machine's host name, as the agent reported it (a Kubernetes Pod's node
 *                               name where the agent knows it); "" when it never answered
 * @param index                  its segment of the plan, 0-based (of {@code count})
 * @param count                  how many agents shared the plan
 * @param clockOffsetMillis      the agent's wall clock minus the coordinator's, milliseconds, from the round trip
 *                               with the smallest round-trip time before the run; null when it could not be measured
 * @param clockUncertaintyMillis half that round trip, milliseconds: the offset is known to plus or minus this, and
 *                               so is the alignment of this agent's seconds with the others'; null with the offset
 * @param startLateMillis        how long after the agreed start instant the agent's engine began its run, on the
 *                               agent's clock, milliseconds (its engine resolves the target, opens a test connection and
 *                               starts its event loops once the instant has come): its seconds are shifted by this
 *                               beside the others'; null when it sent no result
 * @param lost                   why the agent was lost during the run (it stopped answering, or its connection broke):
 *                               the run is then invalid and names it; null when it delivered its whole result
 * @param result                 the agent's own result for its segment (its segment's settings, its phases with their
 *                               histograms, its per-second series and its engine's use of its machine); null when it
 *                               was lost before it sent one
 */
public record AgentShare(
        String name,
        String address,
        String host,
        int index,
        int count,
        @JsonSetter(nulls = Nulls.SET) Double clockOffsetMillis,
        @JsonSetter(nulls = Nulls.SET) Double clockUncertaintyMillis,
        @JsonSetter(nulls = Nulls.SET) Double startLateMillis,
        @JsonSetter(nulls = Nulls.SET) String lost,
        @JsonSetter(nulls = Nulls.SET) LoadResult result) {}
