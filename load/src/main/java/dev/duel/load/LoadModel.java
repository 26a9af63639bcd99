package dev.duel.load;

import dev.duel.load.schedule.Rate;
import dev.duel.record.load.Arrival;

/** How load is offered. Immutable; a wrong count is an {@link InvalidSettingException}. */
public sealed interface LoadModel {
    /** Closed model: {@code virtualUsers} each own one keep-alive connection and loop request, response, request. */
    record Closed(int virtualUsers) implements LoadModel {
        public Closed {
            if (virtualUsers <= 0) {
                throw new InvalidSettingException(Setting.VIRTUAL_USERS, "must be at least 1, got " + virtualUsers);
            }
        }
    }

    /**
     * Open model: requests arrive at {@code rate} whatever the target does, on at most
     * {@code maxConnections} connections; latency counts from each request's intended start.
     */
    record Open(Rate rate, Arrival arrival, int maxConnections) implements LoadModel {
        public Open {
            if (maxConnections <= 0) {
                throw new InvalidSettingException(Setting.MAX_CONNECTIONS, "must be at least 1, got " + maxConnections);
            }
        }
    }

    /** How many connections may be in use at once. */
    default int maxConnections() {
        return this instanceof Closed closed ? closed.virtualUsers() : ((Open) this).maxConnections();
    }
}
