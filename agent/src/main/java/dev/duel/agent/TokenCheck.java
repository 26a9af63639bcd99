package dev.duel.agent;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The shared-token check every API call passes first: {@code Authorization: Bearer <token>}, compared in constant
 * time so that the time of a refusal says nothing about how much of a guess was right. Immutable and thread-safe.
 */
final class TokenCheck {
    /** Why a call was refused; the words go into the refusal's log line. */
    enum Refusal {
        NO_TOKEN("no token"),
        WRONG_TOKEN("wrong token");

        final String words;

        Refusal(String words) {
            this.words = words;
        }
    }

    private static final String BEARER = "Bearer ";
    private final byte[] token;

    /** @throws IllegalArgumentException the token is empty */
    TokenCheck(String token) {
        if (token == null || token.isBlank()) {
            throw new IllegalArgumentException("the agent token is empty");
        }
        this.token = token.strip().getBytes(StandardCharsets.UTF_8);
    }

    /** Null when {@code authorization} (the header, or null) carries the token; else why not. */
    Refusal check(String authorization) {
        if (authorization == null || !authorization.startsWith(BEARER) || authorization.length() == BEARER.length()) {
            return Refusal.NO_TOKEN;
        }
        byte[] given = authorization.substring(BEARER.length()).strip().getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(given, token) ? null : Refusal.WRONG_TOKEN;
    }
}
