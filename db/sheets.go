package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/sheet"
)

// CreateSheetGame stores a score-sheet definition and offers its game
// beside the others. A definition with VersionOf is the next version of
// that sheet: it gets the next version number and the ID "<base>-v<n>".
// The definition is checked (an *rules.InputError names the field); an ID
// already offered is rules.ErrGameExists.
func (s *Store) CreateSheetGame(ctx context.Context, def sheet.Definition) (*sheet.Game, error) {
	def.Version = 1
	if def.VersionOf != "" {
		base, ok := s.games.Get(def.VersionOf)
		bg, isSheet := base.(*sheet.Game)
		if !ok || !isSheet || bg.Definition().Version != 1 {
			return nil, rules.Invalid("version_of", fmt.Sprintf("%q is not the first version of a score-sheet game", def.VersionOf))
		}
		def.Version = 2
		for _, g := range s.games.All() {
			if sg, ok := g.(*sheet.Game); ok && sg.Definition().VersionOf == def.VersionOf {
				def.Version = max(def.Version, sg.Definition().Version+1)
			}
		}
		def.ID = fmt.Sprintf("%s-v%d", def.VersionOf, def.Version)
	}
	if err := def.Check(); err != nil {
		return nil, err
	}
	if _, taken := s.games.Get(def.ID); taken {
		return nil, fmt.Errorf("%w: %s", rules.ErrGameExists, def.ID)
	}
	raw, err := json.Marshal(def)
	if err != nil {
		return nil, err
	}
	err = s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO sheet_games(id, definition, created_at) VALUES (?, ?, ?)`),
			def.ID, string(raw), formatTime(s.now()))
		return err
	})
	if err != nil {
		if s.d.isConstraint(err) {
			return nil, fmt.Errorf("%w: %s", rules.ErrGameExists, def.ID)
		}
		return nil, err
	}
	g := sheet.New(def)
	if err := s.games.Add(g); err != nil && !errors.Is(err, rules.ErrGameExists) {
		return nil, err
	}
	return g, nil
}

// loadSheetGames offers every stored score-sheet game not offered yet
// (at Open, and when another instance sharing the database defined one).
func (s *Store) loadSheetGames(ctx context.Context) error {
	rows, err := s.read.QueryContext(ctx, `SELECT definition FROM sheet_games ORDER BY created_at, id`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var raw string
		if err := rows.Scan(&raw); err != nil {
			return err
		}
		var def sheet.Definition
		if err := json.Unmarshal([]byte(raw), &def); err != nil {
			return fmt.Errorf("db: a stored score sheet: %w", err)
		}
		if _, ok := s.games.Get(def.ID); ok {
			continue
		}
		if err := s.games.Add(sheet.New(def)); err != nil && !errors.Is(err, rules.ErrGameExists) {
			return err
		}
	}
	return rows.Err()
}
