-- When a league was archived (NULL: it is not): an archived league keeps
-- its matches, standings and ratings readable, takes no new match and is
-- left out of league lists unless they ask for it.
ALTER TABLE leagues ADD COLUMN archived_at TEXT;
