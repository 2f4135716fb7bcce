-- Lists and search, players that are renamed, merged and deleted,
-- corrections anywhere in the log and the match lifecycle: the schema of
-- ../sqlite/0005_find_and_correct.sql in PostgreSQL's types.

ALTER TABLE players ADD COLUMN folded text NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN merged_into text;
CREATE INDEX players_folded ON players(folded, id);

ALTER TABLE matches ADD COLUMN table_label text;
ALTER TABLE matches ADD COLUMN location text;
ALTER TABLE matches ADD COLUMN notes text;
ALTER TABLE matches ADD COLUMN played_at timestamptz;
ALTER TABLE matches ADD COLUMN finished_at timestamptz;
ALTER TABLE matches ADD COLUMN abandoned_at timestamptz;
ALTER TABLE matches ADD COLUMN listed_at timestamptz;
UPDATE matches SET listed_at = created_at;
ALTER TABLE matches ALTER COLUMN listed_at SET NOT NULL;
UPDATE matches SET finished_at = (SELECT r.finished_at FROM match_results r WHERE r.match_id = matches.id);

CREATE INDEX matches_listed ON matches(listed_at, id);
CREATE INDEX matches_league_listed ON matches(league_id, listed_at, id);
CREATE INDEX matches_status_listed ON matches(status, listed_at, id);
CREATE INDEX matches_game_listed ON matches(game, listed_at, id);

CREATE INDEX leagues_created ON leagues(created_at, id);

ALTER TABLE events ADD COLUMN corrects bigint;
ALTER TABLE events ADD COLUMN token_id text;
