-- duel's history, schema 2: changes someone has looked at and explained, so that they are not raised again.
-- A series without a fingerprint is stored with '' (a key column cannot be NULL).

CREATE TABLE acknowledged_change (
    suite VARCHAR(256) NOT NULL,
    scenario VARCHAR(256) NOT NULL,
    target VARCHAR(256) NOT NULL,
    measure VARCHAR(128) NOT NULL,
    fingerprint VARCHAR(128) NOT NULL,
    entry_id VARCHAR(32) NOT NULL REFERENCES history_entry (id),
    reason VARCHAR(1024) NOT NULL,
    acknowledged_at_millis BIGINT NOT NULL,
    PRIMARY KEY (suite, scenario, target, measure, fingerprint, entry_id)
);

UPDATE store_info SET info_value = '2' WHERE info_key = 'schema';
