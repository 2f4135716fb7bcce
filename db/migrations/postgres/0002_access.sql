-- Bearer tokens (only their SHA-256 is stored) and league visibility: the
-- schema of ../sqlite/0002_access.sql in PostgreSQL's types.

CREATE TABLE tokens (
    id         text PRIMARY KEY,
    hash       text NOT NULL UNIQUE,
    role       text NOT NULL CHECK (role IN ('admin', 'owner', 'scorer', 'viewer')),
    league_id  text REFERENCES leagues(id),
    label      text NOT NULL DEFAULT '',
    created_by text,
    created_at timestamptz NOT NULL,
    revoked_at timestamptz,
    CHECK ((role = 'admin') = (league_id IS NULL))
);

CREATE INDEX tokens_league ON tokens(league_id) WHERE league_id IS NOT NULL;

ALTER TABLE leagues ADD COLUMN visibility text NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'private'));

-- Who started a match outside any league: that token (or an admin) may
-- record its events.
ALTER TABLE matches ADD COLUMN created_by text;
