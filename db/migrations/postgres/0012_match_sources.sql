-- Where a match came from when it was not recorded here: a play imported
-- from BG Stats keeps its ID there, its date as written, how long it took,
-- who started (a seat, so merging players keeps it) and its comments, so
-- an export writes it back as it came.
CREATE TABLE match_sources (
    match_id     TEXT PRIMARY KEY REFERENCES matches(id),
    source       TEXT NOT NULL,
    source_id    TEXT NOT NULL,
    play_date    TEXT NOT NULL,
    duration_min INTEGER NOT NULL DEFAULT 0,
    start_seat   INTEGER,
    comments     TEXT NOT NULL DEFAULT ''
);
