package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/fold"
)

// importRows are the rows an import adds, table by table, in the order the
// tables must be written (a row's references first). They are the rows an
// ordinary start and finishing append of each match would write
// (CreateMatch, recordEvent), written with a few multi-row INSERTs instead
// of a dozen round trips a play: on PostgreSQL that is the difference
// between seconds and a minute for 10,000 plays.
type importRows struct {
	players, matches, seats, events, snapshots, results, placements, imported, sources [][]any
	// finishing indexes the matches rows whose match finishes: they take
	// the next places in the finish order when the transaction writes.
	finishing []int
}

// The columns of each table an import writes.
var (
	importPlayerCols    = []string{"id", "name", "created_at", "folded"}
	importMatchCols     = []string{"id", "game", "league_id", "options", "status", "created_by", "created_at", "listed_at", "table_label", "location", "notes", "played_at", "finished_at", "finish_seq"}
	importSeatCols      = []string{"match_id", "seat", "player_id"}
	importEventCols     = []string{"match_id", "seq", "type", "data", "notes", "created_at", "token_id"}
	importSnapshotCols  = []string{"match_id", "seq", "version", "state"}
	importResultCols    = []string{"match_id", "result", "finished_at"}
	importPlacementCols = []string{"match_id", "player_id", "place", "score"}
	importedPlayCols    = []string{"league_id", "source_id", "match_id", "created_at"}
)

// addPlayers adds the rows of the players an import creates.
func (r *importRows) addPlayers(players []Player, now string) {
	for _, p := range players {
		r.players = append(r.players, []any{p.ID, p.Name, now, fold.String(p.Name)})
	}
}

// addPlay works out one play as a match finished by its one event and adds
// its rows; it returns the match's ID.
func (s *Store) addPlay(r *importRows, game rules.Game, imp Import, pl ImportPlay, names map[string]string) (string, error) {
	now := s.now()
	m := &Match{ID: newMatchID(now), Game: imp.Game, LeagueID: imp.LeagueID, CreatedBy: imp.TokenID, Status: StatusInProgress,
		Meta: pl.Meta, CreatedAt: now, UpdatedAt: now}
	for i, id := range pl.Seats {
		m.Seats = append(m.Seats, Seat{PlayerID: id, Name: names[id], Seat: i})
	}
	state, effective, err := game.Setup(m.Players(), pl.Options)
	if err != nil {
		return "", err
	}
	if m.Options, err = json.Marshal(effective); err != nil {
		return "", fmt.Errorf("db: marshal options: %w", err)
	}
	m.State = state
	after, notes, err := game.Apply(state, pl.Final)
	if err != nil {
		return "", err
	}
	next := s.advance(m, after)
	var notesJSON any
	if len(notes) > 0 {
		b, err := json.Marshal(notes)
		if err != nil {
			return "", err
		}
		notesJSON = string(b)
	}
	snap, err := s.snapshotOf(game, m, next, next.State.Result() != nil && m.State.Result() == nil)
	if err != nil {
		return "", err
	}
	updated := formatTime(next.UpdatedAt)
	r.matches = append(r.matches, []any{m.ID, m.Game, m.LeagueID, string(m.Options), next.Status, nullable(m.CreatedBy), formatTime(m.CreatedAt),
		s.listedAt(m), nullable(m.Meta.Table), nullable(m.Meta.Location), nullable(m.Meta.Notes), nullTime(m.Meta.PlayedAt), nullTime(next.FinishedAt), nil})
	for _, seat := range m.Seats {
		r.seats = append(r.seats, []any{m.ID, seat.Seat, seat.PlayerID})
	}
	r.events = append(r.events, []any{m.ID, next.Version, pl.Final.Type, string(canonicalData(pl.Final.Data)), notesJSON, updated, nullable(imp.TokenID)})
	if snap != nil {
		r.snapshots = append(r.snapshots, []any{m.ID, snap.seq, snap.version, snap.state})
	}
	if res := next.State.Result(); res != nil {
		b, err := json.Marshal(res)
		if err != nil {
			return "", err
		}
		r.finishing = append(r.finishing, len(r.matches)-1)
		r.results = append(r.results, []any{m.ID, string(b), updated})
		totals := next.State.Scores().Totals
		for _, p := range res.Placements {
			var score any
			if v, ok := totals[p.PlayerID]; ok {
				score = v
			}
			r.placements = append(r.placements, []any{m.ID, p.PlayerID, p.Place, score})
		}
	}
	r.imported = append(r.imported, []any{imp.LeagueID, pl.SourceID, m.ID, updated})
	if pl.Source != nil {
		r.sources = append(r.sources, sourceRow(m.ID, pl.Source))
	}
	return m.ID, nil
}

// write stores the rows in tx. The finishing matches take the next places
// in the finish order, in the plays' order (under the advisory lock that
// orders finishes on PostgreSQL; on SQLite the one writer does). ctx is
// asked between statements: an import cut off by its deadline stops there,
// and its transaction rolls back.
func (s *Store) writeImport(ctx context.Context, tx *sql.Tx, r *importRows) error {
	bg := context.Background() // each statement runs to its end; ctx is asked between them
	if len(r.finishing) > 0 {
		if s.d.engine == enginePostgres {
			if _, err := tx.ExecContext(bg, pgFinishLock); err != nil {
				return fmt.Errorf("db: finish order lock: %w", err)
			}
		}
		var last int64
		if err := tx.QueryRowContext(bg, `SELECT COALESCE(MAX(finish_seq), 0) FROM matches`).Scan(&last); err != nil {
			return fmt.Errorf("db: finish order: %w", err)
		}
		for i, row := range r.finishing {
			r.matches[row][len(importMatchCols)-1] = last + int64(i) + 1
		}
	}
	for _, t := range []struct {
		table string
		cols  []string
		rows  [][]any
	}{
		{"players", importPlayerCols, r.players},
		{"matches", importMatchCols, r.matches},
		{"match_players", importSeatCols, r.seats},
		{"events", importEventCols, r.events},
		{"match_snapshots", importSnapshotCols, r.snapshots},
		{"match_results", importResultCols, r.results},
		{"result_placements", importPlacementCols, r.placements},
		{"imported_plays", importedPlayCols, r.imported},
		{"match_sources", importSourceCols, r.sources},
	} {
		if err := s.insertRows(ctx, bg, tx, t.table, t.cols, t.rows); err != nil {
			if t.table == "imported_plays" && s.d.isConstraint(err) {
				return &ConflictError{Reason: "A play of this file was imported into this league meanwhile; nothing was imported: send the file again."}
			}
			return err
		}
	}
	return ctx.Err()
}

// importChunk bounds the values of one multi-row INSERT, well within
// SQLite's and PostgreSQL's limits on a statement's parameters.
const importChunk = 2000

// insertRows inserts rows into table with multi-row INSERTs of up to
// importChunk values each; the statement for a full chunk is prepared once.
func (s *Store) insertRows(ctx, bg context.Context, tx *sql.Tx, table string, cols []string, rows [][]any) error {
	per := max(importChunk/len(cols), 1)
	var full *sql.Stmt
	defer func() {
		if full != nil {
			full.Close()
		}
	}()
	args := make([]any, 0, per*len(cols))
	for start := 0; start < len(rows); start += per {
		if err := ctx.Err(); err != nil {
			return err
		}
		chunk := rows[start:min(start+per, len(rows))]
		args = args[:0]
		for _, row := range chunk {
			args = append(args, row...)
		}
		query := s.d.rebind(multiInsert(table, cols, len(chunk)))
		var err error
		switch {
		case len(chunk) < per:
			_, err = tx.ExecContext(bg, query, args...)
		default:
			if full == nil {
				if full, err = tx.PrepareContext(bg, query); err != nil {
					return fmt.Errorf("db: prepare %s: %w", table, err)
				}
			}
			_, err = full.ExecContext(bg, args...)
		}
		if err != nil {
			return fmt.Errorf("db: insert %s: %w", table, err)
		}
	}
	return nil
}

// multiInsert is an INSERT of n rows of cols, with ? placeholders.
func multiInsert(table string, cols []string, n int) string {
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
	var b strings.Builder
	b.WriteString("INSERT INTO " + table + "(" + strings.Join(cols, ", ") + ") VALUES ")
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(row)
	}
	return b.String()
}
