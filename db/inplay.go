package db

import "context"

// InPlay is a league match being played now.
type InPlay struct {
	ID string
	// Correcting is true for a match that had finished and was reopened
	// (by an undo or a correction): its result is out of the standings
	// until it finishes again.
	Correcting bool
}

// LeagueMatchesInPlay lists a league's matches in progress, oldest first.
func (s *Store) LeagueMatchesInPlay(ctx context.Context, leagueID string) ([]InPlay, error) {
	rows, err := s.read.QueryContext(ctx, s.d.rebind(`SELECT id, finish_seq IS NOT NULL FROM matches
		WHERE league_id = ? AND status = 'in_progress' ORDER BY created_at, id`), leagueID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []InPlay
	for rows.Next() {
		var m InPlay
		if err := rows.Scan(&m.ID, &m.Correcting); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}
