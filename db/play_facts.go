package db

import (
	"context"
	"database/sql"
	"time"
)

// PlayFacts are what an export to another score app needs of a finished
// match beside its result: where it was played, its notes, when it
// started and finished, its seats in order, and its source when it was
// imported.
type PlayFacts struct {
	Location, Notes string
	PlayedAt        *time.Time
	StartedAt       *time.Time
	FinishedAt      *time.Time
	// Seats are the player IDs in seat order.
	Seats  []string
	Source *MatchSource
}

// LeaguePlayFacts returns the play facts of a league's finished matches,
// by match ID.
func (s *Store) LeaguePlayFacts(ctx context.Context, leagueID string) (map[string]*PlayFacts, error) {
	rows, err := s.read.QueryContext(ctx, s.d.rebind(`SELECT m.id, m.location, m.notes, m.played_at, m.finished_at,
			(SELECT created_at FROM events WHERE match_id = m.id AND type <> 'match_updated' ORDER BY seq LIMIT 1)
		FROM matches m WHERE m.league_id = ? AND m.finished_at IS NOT NULL`), leagueID)
	if err != nil {
		return nil, err
	}
	out := map[string]*PlayFacts{}
	var ids []string
	for rows.Next() {
		var id string
		var location, notes, played, finished, started sql.NullString
		if err := rows.Scan(&id, &location, &notes, &played, &finished, &started); err != nil {
			rows.Close()
			return nil, err
		}
		out[id] = &PlayFacts{Location: location.String, Notes: notes.String, PlayedAt: optionalTime(played),
			StartedAt: optionalTime(started), FinishedAt: optionalTime(finished)}
		ids = append(ids, id)
	}
	if err := rows.Close(); err != nil {
		return nil, err
	}
	seats, err := s.read.QueryContext(ctx, s.d.rebind(`SELECT mp.match_id, mp.player_id FROM match_players mp JOIN matches m ON m.id = mp.match_id
		WHERE m.league_id = ? AND m.finished_at IS NOT NULL ORDER BY mp.match_id, mp.seat`), leagueID)
	if err != nil {
		return nil, err
	}
	for seats.Next() {
		var id, player string
		if err := seats.Scan(&id, &player); err != nil {
			seats.Close()
			return nil, err
		}
		if f := out[id]; f != nil {
			f.Seats = append(f.Seats, player)
		}
	}
	if err := seats.Close(); err != nil {
		return nil, err
	}
	sources, err := s.MatchSources(ctx, ids)
	if err != nil {
		return nil, err
	}
	for id, src := range sources {
		src := src
		out[id].Source = &src
	}
	return out, nil
}
