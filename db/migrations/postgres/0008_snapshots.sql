-- A match's state every few events and at its end, so that a restart or a
-- state that left the cache replays only the events after the latest one.
-- Derived data: a snapshot is read only when written by the server's own
-- rules (version), and `motamed check` compares each with a full replay.
CREATE TABLE match_snapshots (
    match_id TEXT NOT NULL REFERENCES matches(id),
    seq      BIGINT NOT NULL,
    version  TEXT NOT NULL,
    state    BYTEA NOT NULL,
    PRIMARY KEY (match_id, seq)
);
