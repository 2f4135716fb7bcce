-- The revision of the game's rules each event was accepted under. A rules
-- fix that refuses what an older revision accepted raises the game's
-- revision; replay applies an older event as its own revision did, so a
-- stored match always replays. NULL: stored before events recorded it,
-- that is under a game's first revision.
ALTER TABLE events ADD COLUMN revision INTEGER;
