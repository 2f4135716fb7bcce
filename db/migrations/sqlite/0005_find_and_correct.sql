-- Lists and search, players that are renamed, merged and deleted,
-- corrections anywhere in the log and the match lifecycle.

-- A player's name folded for search (fold.String, filled in by the server
-- for rows older than this column) and, once merged, the player it went
-- into (a merged record keeps answering with where it went).
ALTER TABLE players ADD COLUMN folded TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN merged_into TEXT;
CREATE INDEX players_folded ON players(folded, id);

-- What is not play: the table's label, where and when it was played, notes.
-- listed_at orders lists (newest first): played_at when given, else the
-- creation time, as fixed-width text so text order is time order.
-- finished_at is when the match last went from in progress to finished;
-- abandoned_at, when set, takes the match out of standings and play.
ALTER TABLE matches ADD COLUMN table_label TEXT;
ALTER TABLE matches ADD COLUMN location TEXT;
ALTER TABLE matches ADD COLUMN notes TEXT;
ALTER TABLE matches ADD COLUMN played_at TEXT;
ALTER TABLE matches ADD COLUMN finished_at TEXT;
ALTER TABLE matches ADD COLUMN abandoned_at TEXT;
ALTER TABLE matches ADD COLUMN listed_at TEXT NOT NULL DEFAULT '';
UPDATE matches SET listed_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at);
UPDATE matches SET finished_at = (SELECT r.finished_at FROM match_results r WHERE r.match_id = matches.id);

CREATE INDEX matches_listed ON matches(listed_at, id);
CREATE INDEX matches_league_listed ON matches(league_id, listed_at, id);
CREATE INDEX matches_status_listed ON matches(status, listed_at, id);
CREATE INDEX matches_game_listed ON matches(game, listed_at, id);

CREATE INDEX leagues_created ON leagues(created_at, id);

-- A correction record names the seq it corrects (a replacement, a void, a
-- redo); every record names the token that wrote it, when known.
ALTER TABLE events ADD COLUMN corrects INTEGER;
ALTER TABLE events ADD COLUMN token_id TEXT;
