-- Score-sheet games: a game defined by its score sheet (rounds or named
-- categories), offered beside the built-in games. A definition never
-- changes once stored; a change is a new version with an ID of its own.
CREATE TABLE sheet_games (
    id         TEXT PRIMARY KEY,
    definition TEXT NOT NULL,
    created_at TEXT NOT NULL
);
