package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
)

// CreateLeague stores a new league of one game. options is stored as given
// (the caller validated it).
func (s *Store) CreateLeague(ctx context.Context, name, game string, options json.RawMessage) (*League, error) {
	if len(options) == 0 {
		options = json.RawMessage("{}")
	}
	l := &League{ID: newID("lg_"), Name: name, Game: game, Options: options, CreatedAt: s.now()}
	err := s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO leagues(id, name, game, options, created_at) VALUES (?, ?, ?, ?, ?)`,
			l.ID, l.Name, l.Game, string(l.Options), formatTime(l.CreatedAt))
		return err
	})
	if err != nil {
		return nil, err
	}
	return l, nil
}

// GetLeague returns one league.
func (s *Store) GetLeague(ctx context.Context, id string) (*League, error) {
	var l League
	var options, created string
	err := s.read.QueryRowContext(ctx, `SELECT id, name, game, options, created_at FROM leagues WHERE id = ?`, id).
		Scan(&l.ID, &l.Name, &l.Game, &options, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("league", id)
	}
	if err != nil {
		return nil, err
	}
	l.Options = json.RawMessage(options)
	l.CreatedAt = parseTime(created)
	return &l, nil
}
