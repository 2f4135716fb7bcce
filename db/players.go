package db

import (
	"context"
	"database/sql"
	"errors"

	"github.com/motamed/motamed/fold"
)

// CreatePlayer stores a new player. The name is kept byte for byte.
func (s *Store) CreatePlayer(ctx context.Context, name string) (*Player, error) {
	p := &Player{ID: newID("pl_"), Name: name, CreatedAt: s.now()}
	err := s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO players(id, name, created_at, folded) VALUES (?, ?, ?, ?)`),
			p.ID, p.Name, formatTime(p.CreatedAt), fold.String(p.Name))
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
	var into sql.NullString
	err := s.stmts.getPlayer.QueryRowContext(ctx, id).
		Scan(&p.ID, &p.Name, &created, &into)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("player", id)
	}
	if err != nil {
		return nil, err
	}
	p.CreatedAt = parseTime(created)
	if into.Valid {
		return nil, &MergedError{ID: id, Into: into.String}
	}
	return &p, nil
}

// foldOldNames fills in the folded name of players stored before names
// were folded (their folded column is empty).
func (s *Store) foldOldNames(ctx context.Context) error {
	rows, err := s.write.QueryContext(ctx, `SELECT id, name FROM players WHERE folded = ''`)
	if err != nil {
		return err
	}
	type named struct{ id, name string }
	var todo []named
	for rows.Next() {
		var n named
		if err := rows.Scan(&n.id, &n.name); err != nil {
			rows.Close()
			return err
		}
		todo = append(todo, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(todo) == 0 {
		return err
	}
	return s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		for _, n := range todo {
			if _, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE players SET folded = ? WHERE id = ?`), fold.String(n.name), n.id); err != nil {
				return err
			}
		}
		return nil
	})
}
