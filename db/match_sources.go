package db

import (
	"context"
	"database/sql"
	"strings"
)

// SourceBGStats is the source of a play imported from BG Stats.
const SourceBGStats = "bgstats"

// MatchSource is where a match imported from another score app came from:
// the app, the play's ID there and what the play kept that a match does
// not (its date as the app wrote it, its duration, its start player's
// seat and its comments), so that an export writes it back unchanged.
type MatchSource struct {
	Source      string
	SourceID    string
	PlayDate    string
	DurationMin int
	// StartSeat is the seat of the player who started, nil when unmarked.
	StartSeat *int
	Comments  string
}

// MatchSources returns the sources of those of ids that were imported, by
// match ID; a match recorded here has none.
func (s *Store) MatchSources(ctx context.Context, ids []string) (map[string]MatchSource, error) {
	out := map[string]MatchSource{}
	const chunk = 500
	for start := 0; start < len(ids); start += chunk {
		part := ids[start:min(start+chunk, len(ids))]
		args := make([]any, len(part))
		for i, id := range part {
			args[i] = id
		}
		q := `SELECT match_id, source, source_id, play_date, duration_min, start_seat, comments FROM match_sources
			WHERE match_id IN (` + strings.TrimSuffix(strings.Repeat("?, ", len(part)), ", ") + `)`
		rows, err := s.read.QueryContext(ctx, s.d.rebind(q), args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id string
			var src MatchSource
			var seat sql.NullInt64
			if err := rows.Scan(&id, &src.Source, &src.SourceID, &src.PlayDate, &src.DurationMin, &seat, &src.Comments); err != nil {
				rows.Close()
				return nil, err
			}
			if seat.Valid {
				v := int(seat.Int64)
				src.StartSeat = &v
			}
			out[id] = src
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// importSourceCols are the columns of match_sources an import writes.
var importSourceCols = []string{"match_id", "source", "source_id", "play_date", "duration_min", "start_seat", "comments"}

// sourceRow is the match_sources row of an imported match.
func sourceRow(matchID string, src *MatchSource) []any {
	var seat any
	if src.StartSeat != nil {
		seat = *src.StartSeat
	}
	return []any{matchID, src.Source, src.SourceID, src.PlayDate, src.DurationMin, seat, src.Comments}
}
