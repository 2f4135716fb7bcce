-- Players, leagues, matches with their seats and options, the append-only
-- event log, idempotency keys and match results: the schema of
-- ../sqlite/0001_init.sql in PostgreSQL's types. Times are timestamptz
-- (microseconds); JSON is stored as json, which keeps the text as it was
-- sent (jsonb would reorder keys).

CREATE TABLE players (
    id         text PRIMARY KEY,
    name       text NOT NULL,
    created_at timestamptz NOT NULL
);

CREATE TABLE leagues (
    id         text PRIMARY KEY,
    name       text NOT NULL,
    game       text NOT NULL,
    options    json NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL
);

CREATE TABLE matches (
    id         text PRIMARY KEY,
    game       text NOT NULL,
    league_id  text REFERENCES leagues(id),
    options    json NOT NULL,
    -- The match's version is its log's last seq and its updated_at that
    -- event's time: both are read from events, so an append writes the
    -- match row only when the status changes. An append holds this row's
    -- lock (SELECT ... FOR UPDATE) for its transaction, which serializes
    -- appends to one match across every instance sharing the database.
    status     text NOT NULL CHECK (status IN ('in_progress', 'finished')),
    -- finish_seq orders matches by when they first finished (1, 2, 3 ...
    -- across the database); set once, kept through corrections. It is
    -- taken under an advisory lock, so it follows commit order.
    finish_seq bigint UNIQUE,
    created_at timestamptz NOT NULL
);

CREATE INDEX matches_league ON matches(league_id, finish_seq) WHERE league_id IS NOT NULL;

CREATE TABLE match_players (
    match_id  text NOT NULL REFERENCES matches(id),
    seat      integer NOT NULL,
    player_id text NOT NULL REFERENCES players(id),
    PRIMARY KEY (match_id, seat),
    UNIQUE (match_id, player_id)
);

CREATE INDEX match_players_player ON match_players(player_id);

-- The log. seq runs 1, 2, 3 ... per match with no gaps: an append writes
-- seq = the version it was checked against + 1, so the primary key refuses
-- a second append checked against the same version.
CREATE TABLE events (
    match_id   text NOT NULL REFERENCES matches(id),
    seq        bigint NOT NULL CHECK (seq > 0),
    type       text NOT NULL,
    data       json NOT NULL,
    notes      json,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (match_id, seq)
);

CREATE TABLE idempotency_keys (
    match_id     text NOT NULL REFERENCES matches(id),
    key          text NOT NULL,
    request_hash text NOT NULL,
    seq          bigint NOT NULL,
    created_at   timestamptz NOT NULL,
    PRIMARY KEY (match_id, key)
);

CREATE TABLE match_results (
    match_id    text PRIMARY KEY REFERENCES matches(id),
    result      json NOT NULL,
    finished_at timestamptz NOT NULL
);

CREATE TABLE result_placements (
    match_id  text NOT NULL REFERENCES matches(id),
    player_id text NOT NULL REFERENCES players(id),
    place     integer NOT NULL,
    score     integer, -- the player's final total, as the game counts it
    PRIMARY KEY (match_id, player_id)
);

CREATE INDEX result_placements_player ON result_placements(player_id);
