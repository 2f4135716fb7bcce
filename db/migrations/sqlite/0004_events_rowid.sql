-- The log becomes an ordinary rowid table, its primary key an index beside it.
--
-- A WITHOUT ROWID table keeps each whole row as its B-tree key, and copies
-- of those keys in its interior pages. SQLite advises it only for rows under
-- about a twentieth of a page; an event (its data and notes as JSON) is a few
-- hundred bytes, so an interior page held only a handful of them. The tree
-- was deep, leaf splits climbed it, and every group commit wrote about two
-- pages to the log per event. As a rowid table, a commit's events go to the
-- end of the table, a few to a page; each still changes one leaf of the
-- (match_id, seq) index, whose small entries keep that tree shallow.
--
-- Columns, constraints and the primary key are as before. The copy keeps
-- each match's events together, in seq order.
CREATE TABLE events_by_rowid (
    match_id   TEXT NOT NULL REFERENCES matches(id),
    seq        INTEGER NOT NULL CHECK (seq > 0),
    type       TEXT NOT NULL,
    data       TEXT NOT NULL,
    notes      TEXT,
    created_at TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
);

INSERT INTO events_by_rowid (match_id, seq, type, data, notes, created_at)
    SELECT match_id, seq, type, data, notes, created_at FROM events ORDER BY match_id, seq;

DROP TABLE events;

ALTER TABLE events_by_rowid RENAME TO events;
