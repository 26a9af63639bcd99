package dev.duel.agent;

import java.util.Map;

/**
 * One authenticated call to the agent API, as the transport received it. Immutable.
 *
 * @param method  HTTP method, upper case
 * @param path    the path without the query
 * @param query   query parameters (the first value of each)
 * @param leaseId the {@code Duel-Lease} header, or null
 * @param body    the request body (empty for none)
 */
record ApiRequest(String method, String path, Map<String, String> query, String leaseId, byte[] body) {
    ApiRequest {
        query = Map.copyOf(query);
    }
}
