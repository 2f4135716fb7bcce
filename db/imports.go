package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/motamed/motamed/rules"
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

// Import is a history of plays brought into a league at once (from BG
// Stats): the players it creates and each play as a finished match.
type Import struct {
	LeagueID string
	Game     string
	TokenID  string
	// Players are the players the import creates, with IDs from
	// NewImportPlayer so the plays can seat them before they exist.
	Players []Player
	Plays   []ImportPlay
}

// ImportPlay is one play stored as a finished match: its seats (player
// IDs, new or existing), its options, the one event that finishes it,
// where and when it was played, and the source ID that keeps it from
// being imported twice.
type ImportPlay struct {
	SourceID string
	Seats    []string
	Options  json.RawMessage
	Final    rules.Event
	Meta     MatchMeta
}

// NewImportPlayer returns a player for Import.Players: its ID is chosen now
// so the import's plays can name it.
func NewImportPlayer(name string) Player { return Player{ID: newID("pl_"), Name: name} }

// Import stores imp all or nothing, in one transaction: its new players,
// and for each play the match, its seats, its event, its result and its
// source ID. On any error, or when ctx ends before the transaction
// commits, nothing of it is kept. It returns the matches' IDs in the order
// of imp.Plays.
//
// Everything that needs no transaction (each play's setup, its event
// folded, the rows' values) is worked out first on the caller's goroutine;
// the transaction then only writes, with the store's prepared statements.
// On SQLite it is one write of the group-commit writer, run alone (see
// writer.doAlone): it holds the write connection for as long as it takes
// (about 3 s for 10,000 plays), and a failure of it never touches the
// writes queued around it.
func (s *Store) Import(ctx context.Context, imp Import) ([]string, error) {
	game, ok := s.game(ctx, imp.Game)
	if !ok {
		return nil, notFound("game", imp.Game)
	}
	l, err := s.GetLeague(ctx, imp.LeagueID)
	if err != nil {
		return nil, err
	}
	if l.Game != imp.Game {
		return nil, &ConflictError{Reason: fmt.Sprintf("league %q is a %s league; a %s match cannot join it", l.ID, l.Game, imp.Game)}
	}
	names := map[string]string{}
	for _, p := range imp.Players {
		names[p.ID] = p.Name
	}
	for _, pl := range imp.Plays {
		for _, id := range pl.Seats {
			if _, ok := names[id]; ok {
				continue
			}
			p, err := s.GetPlayer(ctx, id)
			if err != nil {
				return nil, err
			}
			names[id] = p.Name
		}
	}
	writes := make([]writeFunc, len(imp.Plays))
	ids := make([]string, len(imp.Plays))
	for i, pl := range imp.Plays {
		if writes[i], ids[i], err = s.importedMatch(game, imp, pl, names); err != nil {
			return nil, fmt.Errorf("play %s: %w", pl.SourceID, err)
		}
	}
	now := formatTime(s.now())
	err = s.w.doAlone(ctx, func(_ context.Context, tx *sql.Tx) error {
		// The statements run to the end on a context of their own; ctx is
		// asked between plays, so an import cut off by its deadline stops
		// there and rolls back.
		bg := context.Background()
		player, err := tx.PrepareContext(bg, s.d.rebind(`INSERT INTO players(id, name, created_at, folded) VALUES (?, ?, ?, ?)`))
		if err != nil {
			return err
		}
		defer player.Close()
		for _, p := range imp.Players {
			if _, err := player.ExecContext(bg, p.ID, p.Name, now, fold.String(p.Name)); err != nil {
				return fmt.Errorf("db: insert player: %w", err)
			}
		}
		record, err := tx.PrepareContext(bg, s.d.rebind(`INSERT INTO imported_plays(league_id, source_id, match_id, created_at) VALUES (?, ?, ?, ?)`))
		if err != nil {
			return err
		}
		defer record.Close()
		for i, pl := range imp.Plays {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := writes[i](bg, tx); err != nil {
				return err
			}
			if _, err := record.ExecContext(bg, imp.LeagueID, pl.SourceID, ids[i], now); err != nil {
				if s.d.isConstraint(err) {
					return &ConflictError{Reason: fmt.Sprintf("The play %s was imported into this league meanwhile; nothing was imported: send the file again.", pl.SourceID)}
				}
				return fmt.Errorf("db: record imported play: %w", err)
			}
		}
		return ctx.Err()
	})
	if err != nil {
		return nil, err
	}
	return ids, nil
}

// importedMatch works out one play as a match finished by its one event,
// and returns the write that stores it (match, seats, event, result).
func (s *Store) importedMatch(game rules.Game, imp Import, pl ImportPlay, names map[string]string) (writeFunc, string, error) {
	now := s.now()
	m := &Match{ID: newMatchID(now), Game: imp.Game, LeagueID: imp.LeagueID, CreatedBy: imp.TokenID, Status: StatusInProgress,
		Meta: pl.Meta, CreatedAt: now, UpdatedAt: now}
	for i, id := range pl.Seats {
		m.Seats = append(m.Seats, Seat{PlayerID: id, Name: names[id], Seat: i})
	}
	state, effective, err := game.Setup(m.Players(), pl.Options)
	if err != nil {
		return nil, "", err
	}
	if m.Options, err = json.Marshal(effective); err != nil {
		return nil, "", fmt.Errorf("db: marshal options: %w", err)
	}
	m.State = state
	after, notes, err := game.Apply(state, pl.Final)
	if err != nil {
		return nil, "", err
	}
	next := s.advance(m, after)
	rec := Event{Seq: next.Version, Type: pl.Final.Type, Data: canonicalData(pl.Final.Data), Notes: notes, TokenID: imp.TokenID, CreatedAt: next.UpdatedAt}
	event := s.recordEvent(m, next, rec, AppendOptions{TokenID: imp.TokenID})
	return func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.StmtContext(ctx, s.stmts.insertMatch).ExecContext(ctx,
			m.ID, m.Game, m.LeagueID, string(m.Options), m.Status, nullable(m.CreatedBy), formatTime(m.CreatedAt), s.listedAt(m),
			nullable(m.Meta.Table), nullable(m.Meta.Location), nullable(m.Meta.Notes), nullTime(m.Meta.PlayedAt)); err != nil {
			return fmt.Errorf("db: insert match: %w", err)
		}
		for _, seat := range m.Seats {
			if _, err := tx.StmtContext(ctx, s.stmts.insertMatchPlayer).ExecContext(ctx, m.ID, seat.Seat, seat.PlayerID); err != nil {
				return fmt.Errorf("db: insert seat: %w", err)
			}
		}
		return event(ctx, tx)
	}, m.ID, nil
}
