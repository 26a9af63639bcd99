-- duel's history, schema 1. Portable SQL: the same script migrates SQLite and PostgreSQL. A value that is not a number
-- (no value) is stored as NULL; an interval's infinite end as infinity. Times are milliseconds since the epoch, UTC.

CREATE TABLE store_info (
    info_key VARCHAR(64) NOT NULL PRIMARY KEY,
    info_value VARCHAR(256) NOT NULL
);

-- One report's conclusions: one suite's runs in one results folder.
CREATE TABLE history_entry (
    id VARCHAR(32) NOT NULL PRIMARY KEY,
    suite VARCHAR(256) NOT NULL,
    suite_sha256 VARCHAR(64),
    fingerprint VARCHAR(128),
    duel_version VARCHAR(64),
    git_commit VARCHAR(64),
    git_branch VARCHAR(256),
    git_tag VARCHAR(256),
    ci_url VARCHAR(1024),
    label VARCHAR(256),
    recorded_at_millis BIGINT NOT NULL,
    source VARCHAR(1024),
    baseline VARCHAR(256)
);
CREATE INDEX history_entry_by_suite ON history_entry (suite, recorded_at_millis);

-- One target's value of one measure in one scenario.
CREATE TABLE measurement (
    entry_id VARCHAR(32) NOT NULL REFERENCES history_entry (id),
    scenario VARCHAR(256) NOT NULL,
    target VARCHAR(256) NOT NULL,
    measure VARCHAR(128) NOT NULL,
    label VARCHAR(256) NOT NULL,
    unit VARCHAR(32) NOT NULL,
    higher_is_better BOOLEAN NOT NULL,
    central_name VARCHAR(32) NOT NULL,
    central DOUBLE PRECISION,
    median DOUBLE PRECISION,
    minimum DOUBLE PRECISION,
    maximum DOUBLE PRECISION,
    runs INTEGER NOT NULL,
    marked INTEGER NOT NULL,
    PRIMARY KEY (entry_id, scenario, target, measure)
);

-- Each run's value behind a measurement, in run order.
CREATE TABLE run_value (
    entry_id VARCHAR(32) NOT NULL,
    scenario VARCHAR(256) NOT NULL,
    target VARCHAR(256) NOT NULL,
    measure VARCHAR(128) NOT NULL,
    run_index INTEGER NOT NULL,
    measured DOUBLE PRECISION,
    PRIMARY KEY (entry_id, scenario, target, measure, run_index),
    FOREIGN KEY (entry_id, scenario, target, measure) REFERENCES measurement (entry_id, scenario, target, measure)
);

-- One comparison the report made: other against baseline on one measure.
CREATE TABLE comparison (
    entry_id VARCHAR(32) NOT NULL REFERENCES history_entry (id),
    scenario VARCHAR(256) NOT NULL,
    measure VARCHAR(128) NOT NULL,
    baseline VARCHAR(256) NOT NULL,
    other VARCHAR(256) NOT NULL,
    ratio DOUBLE PRECISION,
    low DOUBLE PRECISION,
    high DOUBLE PRECISION,
    verdict VARCHAR(32) NOT NULL,
    same_within DOUBLE PRECISION,
    PRIMARY KEY (entry_id, scenario, measure, baseline, other)
);

INSERT INTO store_info (info_key, info_value) VALUES ('schema', '1');
