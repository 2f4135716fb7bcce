package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"
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
	var archived sql.NullString
	err := s.stmts.getLeague.QueryRowContext(ctx, id).
		Scan(&l.ID, &l.Name, &l.Game, &options, &l.Visibility, &created, &archived)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("league", id)
	}
	if err != nil {
		return nil, err
	}
	l.Options = json.RawMessage(options)
	l.CreatedAt = parseTime(created)
	l.ArchivedAt = archivedAt(archived)
	return &l, nil
}

// archivedAt reads a league's archived_at column.
func archivedAt(v sql.NullString) *time.Time {
	if !v.Valid {
		return nil
	}
	t := parseTime(v.String)
	return &t
}

// ErrArchived: an archived league takes no new match until it is
// unarchived.
var ErrArchived = errors.New("the league is archived")

// SetLeagueArchived archives a league (from now; a league archived already
// keeps its time) or, with archived false, puts it back in use.
func (s *Store) SetLeagueArchived(ctx context.Context, id string, archived bool) (*League, error) {
	q, args := `UPDATE leagues SET archived_at = NULL WHERE id = ?`, []any{id}
	if archived {
		q, args = `UPDATE leagues SET archived_at = COALESCE(archived_at, ?) WHERE id = ?`, []any{formatTime(s.now()), id}
	}
	if err := s.updateOne(ctx, "league", id, q, args...); err != nil {
		return nil, err
	}
	return s.GetLeague(ctx, id)
}

// UpdateLeague changes a league's name and/or visibility (empty: unchanged).
func (s *Store) UpdateLeague(ctx context.Context, id, name, visibility string) (*League, error) {
	if err := s.updateOne(ctx, "league", id, `UPDATE leagues SET name = COALESCE(NULLIF(?, ''), name), visibility = COALESCE(NULLIF(?, ''), visibility) WHERE id = ?`,
		name, visibility, id); err != nil {
		return nil, err
	}
	return s.GetLeague(ctx, id)
}
