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
	// Source, when given, is kept with the match (see MatchSource).
	Source *MatchSource
}

// NewImportPlayer returns a player for Import.Players: its ID is chosen now
// so the import's plays can name it.
func NewImportPlayer(name string) Player { return Player{ID: newID("pl_"), Name: name} }

// Import stores imp all or nothing, in one transaction: its new players,
// and for each play the match, its seats, its event, its snapshot, its
// result and its source ID. On any error, or when ctx ends before the
// transaction commits, nothing of it is kept. It returns the matches' IDs
// in the order of imp.Plays.
//
// Everything that needs no transaction (each play's setup, its event
// folded, the rows' values) is worked out first on the caller's goroutine;
// the transaction then only writes, table by table with multi-row INSERTs
// (see importRows). On SQLite it is one write of the group-commit writer,
// run alone (writer.doAlone): it holds the write connection while it
// writes (under 2 s of CPU for 10,000 plays), and its failure never
// touches the writes queued around it. On PostgreSQL it is one
// transaction on the pool like any other write.
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
	if err := s.seatNames(ctx, imp.Plays, names); err != nil {
		return nil, err
	}
	var rows importRows
	rows.addPlayers(imp.Players, formatTime(s.now()))
	ids := make([]string, len(imp.Plays))
	for i, pl := range imp.Plays {
		if ids[i], err = s.addPlay(&rows, game, imp, pl, names); err != nil {
			return nil, fmt.Errorf("play %s: %w", pl.SourceID, err)
		}
	}
	err = s.w.doAlone(ctx, func(_ context.Context, tx *sql.Tx) error { return s.writeImport(ctx, tx, &rows) })
	if err != nil {
		return nil, err
	}
	return ids, nil
}

// seatNames adds to names (by player ID) the name of each player seated in
// plays that it lacks: a player already here, read from the store.
func (s *Store) seatNames(ctx context.Context, plays []ImportPlay, names map[string]string) error {
	for _, pl := range plays {
		for _, id := range pl.Seats {
			if _, ok := names[id]; ok {
				continue
			}
			p, err := s.GetPlayer(ctx, id)
			if err != nil {
				return err
			}
			names[id] = p.Name
		}
	}
	return nil
}
