-- Bearer tokens (only their SHA-256 is stored) and league visibility.

CREATE TABLE tokens (
    id         TEXT PRIMARY KEY,
    hash       TEXT NOT NULL UNIQUE,
    role       TEXT NOT NULL CHECK (role IN ('admin', 'owner', 'scorer', 'viewer')),
    league_id  TEXT REFERENCES leagues(id),
    label      TEXT NOT NULL DEFAULT '',
    created_by TEXT,
    created_at TEXT NOT NULL,
    revoked_at TEXT,
    CHECK ((role = 'admin') = (league_id IS NULL))
) WITHOUT ROWID;

CREATE INDEX tokens_league ON tokens(league_id) WHERE league_id IS NOT NULL;

ALTER TABLE leagues ADD COLUMN visibility TEXT NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'private'));

-- Who started a match outside any league: that token (or an admin) may
-- record its events.
ALTER TABLE matches ADD COLUMN created_by TEXT;
