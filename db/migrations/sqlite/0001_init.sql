-- Players, leagues, matches with their seats and options, the append-only
-- event log, idempotency keys and match results.

CREATE TABLE players (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    created_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE leagues (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    game       TEXT NOT NULL,
    options    TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE matches (
    id         TEXT PRIMARY KEY,
    game       TEXT NOT NULL,
    league_id  TEXT REFERENCES leagues(id),
    options    TEXT NOT NULL,
    -- The match's version is its log's last seq and its updated_at that
    -- event's time: both are read from events, so an append writes the
    -- match row only when the status changes.
    status     TEXT NOT NULL CHECK (status IN ('in_progress', 'finished')),
    -- finish_seq orders matches by when they first finished (1, 2, 3 ...
    -- across the database); set once, kept through corrections, so a
    -- league's match order never changes after the fact.
    finish_seq INTEGER UNIQUE,
    created_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE INDEX matches_league ON matches(league_id, finish_seq) WHERE league_id IS NOT NULL;

CREATE TABLE match_players (
    match_id  TEXT NOT NULL REFERENCES matches(id),
    seat      INTEGER NOT NULL,
    player_id TEXT NOT NULL REFERENCES players(id),
    PRIMARY KEY (match_id, seat),
    UNIQUE (match_id, player_id)
) WITHOUT ROWID;

CREATE INDEX match_players_player ON match_players(player_id);

-- The log. seq runs 1, 2, 3 ... per match with no gaps: an append writes
-- seq = the version it was checked against + 1, so the primary key refuses
-- a second append checked against the same version.
CREATE TABLE events (
    match_id   TEXT NOT NULL REFERENCES matches(id),
    seq        INTEGER NOT NULL CHECK (seq > 0),
    type       TEXT NOT NULL,
    data       TEXT NOT NULL,
    notes      TEXT,
    created_at TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;

CREATE TABLE idempotency_keys (
    match_id     TEXT NOT NULL REFERENCES matches(id),
    key          TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    seq          INTEGER NOT NULL,
    created_at   TEXT NOT NULL,
    PRIMARY KEY (match_id, key)
) WITHOUT ROWID;

CREATE TABLE match_results (
    match_id    TEXT PRIMARY KEY REFERENCES matches(id),
    result      TEXT NOT NULL,
    finished_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE result_placements (
    match_id  TEXT NOT NULL REFERENCES matches(id),
    player_id TEXT NOT NULL REFERENCES players(id),
    place     INTEGER NOT NULL,
    score     INTEGER, -- the player's final total, as the game counts it
    PRIMARY KEY (match_id, player_id)
) WITHOUT ROWID;

CREATE INDEX result_placements_player ON result_placements(player_id);
