package db

import (
	"database/sql"
	"errors"
	"time"
)

// StatusAbandoned is a match taken out of play, standings and ratings by
// hand; its log and result stay, and restoring it brings them back.
const StatusAbandoned = "abandoned"

// MatchMeta is what a match records that is not play: the table's label,
// where and when it was played, and notes. Empty strings are unset.
type MatchMeta struct {
	Table    string
	Location string
	Notes    string
	// PlayedAt is when the match was played, for one entered afterwards;
	// nil means when it was recorded.
	PlayedAt *time.Time
	// Source is the app a match was imported from (SourceBGStats), ""
	// for one recorded here; DurationMin is how long the imported play
	// took, in minutes (0 when not kept). See MatchSource.
	Source      string
	DurationMin int
}

// metaColumns scans MatchMeta's columns.
type metaColumns struct {
	table, location, notes, playedAt, source sql.NullString
	durationMin                              sql.NullInt64
}

// sourceColumns select a match's source and imported duration, as
// metaColumns scans them after its other columns.
const sourceColumns = `(SELECT source FROM match_sources WHERE match_id = m.id), (SELECT duration_min FROM match_sources WHERE match_id = m.id)`

func (c metaColumns) meta() MatchMeta {
	return MatchMeta{Table: c.table.String, Location: c.location.String, Notes: c.notes.String, PlayedAt: optionalTime(c.playedAt),
		Source: c.source.String, DurationMin: int(c.durationMin.Int64)}
}

// listTime is a time as the list order stores it: fixed-width text on
// SQLite, where a column compares as text, so that text order is time
// order; a timestamptz on PostgreSQL.
func (s *Store) listTime(t time.Time) string {
	if s.d.engine == enginePostgres {
		return formatTime(t)
	}
	return listTimeSQLite(t)
}

// listTimeSQLite is t as SQLite's list columns hold it: fixed width, to
// the millisecond.
func listTimeSQLite(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

// listedAt is the time a match is listed by: when it was played when that
// was given, else when it was created.
func (s *Store) listedAt(m *Match) string {
	if m.Meta.PlayedAt != nil {
		return s.listTime(*m.Meta.PlayedAt)
	}
	return s.listTime(m.CreatedAt)
}

// nullTime is t for a nullable time column.
func nullTime(t *time.Time) any {
	if t == nil {
		return nil
	}
	return formatTime(*t)
}

// ErrAbandoned: an abandoned match takes no events and no corrections
// until it is restored.
var ErrAbandoned = errors.New("the match is abandoned")
