package db

import (
	"context"
	"database/sql"

	"github.com/motamed/motamed/rules/fold"
)

// ImportedPlays returns the source IDs of the plays already imported into
// a league, with the match each became.
func (s *Store) ImportedPlays(ctx context.Context, leagueID string) (map[string]string, error) {
	rows, err := s.read.QueryContext(ctx, s.d.rebind(`SELECT source_id, match_id FROM imported_plays WHERE league_id = ?`), leagueID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var src, match string
		if err := rows.Scan(&src, &match); err != nil {
			return nil, err
		}
		out[src] = match
	}
	return out, rows.Err()
}

// RecordImported remembers that the play sourceID became matchID.
func (s *Store) RecordImported(ctx context.Context, leagueID, sourceID, matchID string) error {
	return s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO imported_plays(league_id, source_id, match_id, created_at) VALUES (?, ?, ?, ?)`),
			leagueID, sourceID, matchID, formatTime(s.now()))
		return err
	})
}

// PlayersNamed returns, for each name, the oldest player (not merged into
// another) whose folded name equals the name's folded form, the same
// folding as player search; names without one are left out.
func (s *Store) PlayersNamed(ctx context.Context, names []string) (map[string]Player, error) {
	out := map[string]Player{}
	for _, n := range names {
		var p Player
		var created string
		err := s.read.QueryRowContext(ctx, s.d.rebind(`SELECT id, name, created_at FROM players
			WHERE folded = ? AND merged_into IS NULL ORDER BY created_at, id LIMIT 1`), fold.String(n)).Scan(&p.ID, &p.Name, &created)
		if err == sql.ErrNoRows {
			continue
		}
		if err != nil {
			return nil, err
		}
		p.CreatedAt = parseTime(created)
		out[n] = p
	}
	return out, nil
}
