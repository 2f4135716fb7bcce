package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
)

// CreateLeague stores a new league of one game. options is stored as given
// (the caller validated it).
func (s *Store) CreateLeague(ctx context.Context, name, game string, options json.RawMessage, visibility string) (*League, error) {
	if len(options) == 0 {
		options = json.RawMessage("{}")
	}
	if visibility == "" {
		visibility = Public
	}
	l := &League{ID: newID("lg_"), Name: name, Game: game, Options: options, Visibility: visibility, CreatedAt: s.now()}
	err := s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO leagues(id, name, game, options, visibility, created_at) VALUES (?, ?, ?, ?, ?, ?)`),
			l.ID, l.Name, l.Game, string(l.Options), l.Visibility, formatTime(l.CreatedAt))
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
	err := s.stmts.getLeague.QueryRowContext(ctx, id).
		Scan(&l.ID, &l.Name, &l.Game, &options, &l.Visibility, &created)
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

// UpdateLeague changes a league's name and/or visibility (empty: unchanged).
func (s *Store) UpdateLeague(ctx context.Context, id, name, visibility string) (*League, error) {
	err := s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE leagues SET name = COALESCE(NULLIF(?, ''), name), visibility = COALESCE(NULLIF(?, ''), visibility) WHERE id = ?`),
			name, visibility, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return notFound("league", id)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.GetLeague(ctx, id)
}
