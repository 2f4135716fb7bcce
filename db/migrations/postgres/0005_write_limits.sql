-- The write limits of all instances, counted in one place: one row per
-- limited key (a token or a client address) holding the bucket's
-- theoretical arrival time in microseconds (GCRA). Losing it in a crash
-- only refills the buckets, so it is not written to the WAL.
CREATE UNLOGGED TABLE write_limits (
    key TEXT PRIMARY KEY,
    tat BIGINT NOT NULL
);
