-- Plays brought into a league from another score app (a BG Stats
-- export), by their ID there: importing the same file again adds nothing.
CREATE TABLE imported_plays (
    league_id  TEXT NOT NULL REFERENCES leagues(id),
    source_id  TEXT NOT NULL,
    match_id   TEXT NOT NULL REFERENCES matches(id),
    created_at TEXT NOT NULL,
    PRIMARY KEY (league_id, source_id)
);
