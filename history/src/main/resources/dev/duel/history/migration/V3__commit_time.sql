-- duel's history, schema 3: when the code under test was committed, so that a series follows the commits' order
-- (a rebuilt or re-run older commit falls in its place, not at the end). NULL when nobody said; such entries keep the
-- order of when their runs ended.

ALTER TABLE history_entry ADD COLUMN committed_at_millis BIGINT;

UPDATE store_info SET info_value = '3' WHERE info_key = 'schema';
