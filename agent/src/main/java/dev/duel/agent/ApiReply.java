package dev.duel.agent;

import com.fasterxml.jackson.databind.JsonNode;

/** The answer to one API call: HTTP status and JSON body. Immutable. */
record ApiReply(int status, JsonNode body) {
    static ApiReply ok(JsonNode body) {
        return new ApiReply(200, body);
    }

    static ApiReply error(int status, String message) {
        return new ApiReply(status, AgentJson.error(message));
    }
}
