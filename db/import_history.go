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

// History is a whole history brought in at once (a BG Stats export with
// many games): the score-sheet games and leagues it defines, the players
// it creates and each league's plays. It is stored all or nothing.
type History struct {
	TokenID string
	// Games are new score-sheet games (version 1, checked here).
	Games []sheet.Definition
	// Leagues are new leagues, with IDs from NewHistoryLeague so the
	// imports can name them.
	Leagues []League
	// Players are the players it creates (NewImportPlayer).
	Players []Player
	// Imports are each league's plays (a new league's or an existing one's);
	// their Players and TokenID are left empty.
	Imports []Import
}

// NewHistoryLeague returns a league for History.Leagues: its ID is chosen
// now so the history's imports can name it.
func NewHistoryLeague(name, game string, options json.RawMessage) League {
	return League{ID: newID("lg_"), Name: name, Game: game, Options: options, Visibility: Public}
}

// ImportHistory stores h in one transaction: its games, leagues, players,
// and every play as a finished match with its source. On any error, or
// when ctx ends before it commits, nothing of it is kept. It returns the
// matches' IDs, import by import, in the order of each import's plays.
// A game ID already offered is rules.ErrGameExists; a play one of its
// leagues holds already, a *ConflictError.
func (s *Store) ImportHistory(ctx context.Context, h History) ([][]string, error) {
	games := map[string]rules.Game{}
	var defs []string
	for _, def := range h.Games {
		def.Version, def.VersionOf = 1, ""
		if err := def.Check(); err != nil {
			return nil, err
		}
		if _, taken := s.game(ctx, def.ID); taken || games[def.ID] != nil {
			return nil, fmt.Errorf("%w: %s", rules.ErrGameExists, def.ID)
		}
		raw, err := json.Marshal(def)
		if err != nil {
			return nil, err
		}
		games[def.ID] = sheet.New(def)
		defs = append(defs, def.ID, string(raw))
	}
	leagues := map[string]string{}
	now := formatTime(s.now())
	var leagueRows [][]any
	for _, l := range h.Leagues {
		if len(l.Options) == 0 {
			l.Options = json.RawMessage("{}")
		}
		leagues[l.ID] = l.Game
		leagueRows = append(leagueRows, []any{l.ID, l.Name, l.Game, string(l.Options), l.Visibility, now})
	}
	names := map[string]string{}
	for _, p := range h.Players {
		names[p.ID] = p.Name
	}
	var rows importRows
	rows.addPlayers(h.Players, now)
	out := make([][]string, len(h.Imports))
	for i, imp := range h.Imports {
		imp.TokenID = h.TokenID
		game := games[imp.Game]
		if game == nil {
			g, ok := s.game(ctx, imp.Game)
			if !ok {
				return nil, notFound("game", imp.Game)
			}
			game = g
		}
		g, isNew := leagues[imp.LeagueID]
		if !isNew {
			l, err := s.GetLeague(ctx, imp.LeagueID)
			if err != nil {
				return nil, err
			}
			g = l.Game
		}
		if g != imp.Game {
			return nil, &ConflictError{Reason: fmt.Sprintf("league %q is a %s league; a %s match cannot join it", imp.LeagueID, g, imp.Game)}
		}
		if err := s.seatNames(ctx, imp.Plays, names); err != nil {
			return nil, err
		}
		for _, pl := range imp.Plays {
			id, err := s.addPlay(&rows, game, imp, pl, names)
			if err != nil {
				return nil, fmt.Errorf("play %s: %w", pl.SourceID, err)
			}
			out[i] = append(out[i], id)
		}
	}
	err := s.w.doAlone(ctx, func(_ context.Context, tx *sql.Tx) error {
		bg := context.Background()
		for i := 0; i < len(defs); i += 2 {
			if _, err := tx.ExecContext(bg, s.d.rebind(`INSERT INTO sheet_games(id, definition, created_at) VALUES (?, ?, ?)`), defs[i], defs[i+1], now); err != nil {
				if s.d.isConstraint(err) {
					return fmt.Errorf("%w: %s", rules.ErrGameExists, defs[i])
				}
				return err
			}
		}
		if err := s.insertRows(ctx, bg, tx, "leagues", []string{"id", "name", "game", "options", "visibility", "created_at"}, leagueRows); err != nil {
			return err
		}
		return s.writeImport(ctx, tx, &rows)
	})
	if err != nil {
		return nil, err
	}
	for _, g := range games {
		if err := s.games.Add(g); err != nil && !errors.Is(err, rules.ErrGameExists) {
			return nil, err
		}
	}
	return out, nil
}
