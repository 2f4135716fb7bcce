package db

import (
	"context"
	"database/sql"
	"errors"
)

// CreatePlayer stores a new player. The name is kept byte for byte.
func (s *Store) CreatePlayer(ctx context.Context, name string) (*Player, error) {
	p := &Player{ID: newID("pl_"), Name: name, CreatedAt: s.now()}
	err := s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO players(id, name, created_at) VALUES (?, ?, ?)`),
			p.ID, p.Name, formatTime(p.CreatedAt))
		return err
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// GetPlayer returns one player.
func (s *Store) GetPlayer(ctx context.Context, id string) (*Player, error) {
	var p Player
	var created string
	err := s.stmts.getPlayer.QueryRowContext(ctx, id).
		Scan(&p.ID, &p.Name, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("player", id)
	}
	if err != nil {
		return nil, err
	}
	p.CreatedAt = parseTime(created)
	return &p, nil
}
