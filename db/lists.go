package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/motamed/motamed/rules/fold"
)

// Page asks for one page of a list: at most Limit rows after the position
// After (the Next of the previous page; none for the first page). Lists are
// keyset-paginated on a total order, so rows added while a client walks the
// pages never make it see a row twice or skip one.
type Page struct {
	Limit int
	After []string
}

// Reader says which private leagues a caller may read: all of them (an
// admin) or the one its token belongs to. Public leagues, and matches
// outside any league, everyone reads.
type Reader struct {
	All      bool
	LeagueID string
}

// ErrBadPosition: a page position that this list never handed out.
var ErrBadPosition = errors.New("not a position in this list")

// checkAfter checks that a page position has the list's n key parts.
func (p Page) checkAfter(n int) error {
	if p.After != nil && len(p.After) != n {
		return ErrBadPosition
	}
	return nil
}

// Which leagues a list holds by whether they are archived.
const (
	Unarchived   = "" // the leagues in use (the default)
	ArchivedOnly = "only"
	AnyArchived  = "any"
)

// ListLeagues returns the leagues r may read, newest first, of one game
// when game is not empty; archived is Unarchived, ArchivedOnly or
// AnyArchived.
func (s *Store) ListLeagues(ctx context.Context, r Reader, game, archived string, p Page) ([]League, []string, error) {
	if err := p.checkAfter(2); err != nil {
		return nil, nil, err
	}
	where, args := []string{"1 = 1"}, []any{}
	if !r.All {
		where = append(where, "(visibility = 'public' OR id = ?)")
		args = append(args, r.LeagueID)
	}
	if game != "" {
		where = append(where, "game = ?")
		args = append(args, game)
	}
	switch archived {
	case Unarchived:
		where = append(where, "archived_at IS NULL")
	case ArchivedOnly:
		where = append(where, "archived_at IS NOT NULL")
	}
	if p.After != nil {
		where = append(where, "(created_at, id) < (?, ?)")
		args = append(args, p.After[0], p.After[1])
	}
	args = append(args, p.Limit+1)
	rows, err := s.read.QueryContext(ctx, s.d.rebind(`SELECT id, name, game, options, visibility, created_at, archived_at FROM leagues
		WHERE `+strings.Join(where, " AND ")+` ORDER BY created_at DESC, id DESC LIMIT ?`), args...)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var out []League
	var keys [][]string
	for rows.Next() {
		var l League
		var options, created string
		var archived sql.NullString
		if err := rows.Scan(&l.ID, &l.Name, &l.Game, &options, &l.Visibility, &created, &archived); err != nil {
			return nil, nil, err
		}
		l.Options, l.CreatedAt, l.ArchivedAt = json.RawMessage(options), parseTime(created), archivedAt(archived)
		out = append(out, l)
		keys = append(keys, []string{created, l.ID})
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	out, next := cut(out, keys, p.Limit)
	return out, next, nil
}

// cut keeps the first limit rows and returns the position after the last
// one kept when more rows follow (nil when this is the last page).
func cut[T any](rows []T, keys [][]string, limit int) ([]T, []string) {
	if len(rows) <= limit {
		return rows, nil
	}
	return rows[:limit], keys[limit-1]
}

// ListPlayers returns players by folded name, or, when q is not empty, the
// players whose folded name contains q folded: names that begin with it
// first, then names with a word that begins with it, then the others, each
// group by folded name. Merged records are not listed.
func (s *Store) ListPlayers(ctx context.Context, q string, p Page) ([]Player, []string, error) {
	if err := p.checkAfter(3); err != nil {
		return nil, nil, err
	}
	q = fold.String(q)
	rank := "0"
	where, args := []string{"merged_into IS NULL"}, []any{}
	var rankArgs []any
	if q != "" {
		like := escapeLike(q)
		rank = `CASE WHEN folded LIKE ? ESCAPE '\' THEN 0 WHEN folded LIKE ? ESCAPE '\' THEN 1 ELSE 2 END`
		rankArgs = []any{like + "%", "% " + like + "%"}
		where = append(where, `folded LIKE ? ESCAPE '\'`)
		args = append(args, "%"+like+"%")
	}
	inner := `SELECT id, name, created_at, folded, ` + rank + ` AS rnk FROM players WHERE ` + strings.Join(where, " AND ")
	args = append(rankArgs, args...)
	outer := `SELECT id, name, created_at, folded, rnk FROM (` + inner + `) ranked`
	if p.After != nil {
		r, err := strconv.Atoi(p.After[0])
		if err != nil {
			return nil, nil, ErrBadPosition
		}
		outer += ` WHERE (rnk, folded, id) > (?, ?, ?)`
		args = append(args, r, p.After[1], p.After[2])
	}
	args = append(args, p.Limit+1)
	rows, err := s.read.QueryContext(ctx, s.d.rebind(outer+` ORDER BY rnk, folded, id LIMIT ?`), args...)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var out []Player
	var keys [][]string
	for rows.Next() {
		var pl Player
		var created, folded string
		var rnk int
		if err := rows.Scan(&pl.ID, &pl.Name, &created, &folded, &rnk); err != nil {
			return nil, nil, err
		}
		pl.CreatedAt = parseTime(created)
		out = append(out, pl)
		keys = append(keys, []string{strconv.Itoa(rnk), folded, pl.ID})
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	out, next := cut(out, keys, p.Limit)
	return out, next, nil
}

// escapeLike makes s match itself in a LIKE pattern escaped with \.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// MatchFilter narrows a list of matches; empty fields do not.
type MatchFilter struct {
	LeagueID string
	Status   string // in_progress, finished or abandoned
	Game     string
	PlayerID string // the matches the player sat in
	// From and To bound the day a match was listed at (played_at when
	// given, else created_at): From inclusive, To exclusive; zero: open.
	From, To time.Time
}

// MatchSummary is a match as a list shows it: no state, no score sheet.
type MatchSummary struct {
	ID         string
	Game       string
	LeagueID   string
	Status     string
	Seats      []Seat
	Totals     map[string]int
	Version    int64
	Meta       MatchMeta
	CreatedAt  time.Time
	StartedAt  *time.Time
	FinishedAt *time.Time
	UpdatedAt  time.Time
	// Unreplayable: the match's log does not replay (see ReplayError); its
	// totals are not known.
	Unreplayable bool
	// Correcting: the match had finished and was reopened (by an undo or a
	// correction); it is being corrected until it finishes again.
	Correcting bool
}

// ListMatches returns the matches r may read that f selects, newest first:
// by played_at when it was given, else by creation.
func (s *Store) ListMatches(ctx context.Context, r Reader, f MatchFilter, p Page) ([]MatchSummary, []string, error) {
	if err := p.checkAfter(2); err != nil {
		return nil, nil, err
	}
	where, args := []string{"1 = 1"}, []any{}
	if !r.All {
		where = append(where, "(m.league_id IS NULL OR m.league_id = ? OR m.league_id IN (SELECT id FROM leagues WHERE visibility = 'public'))")
		args = append(args, r.LeagueID)
	}
	if f.LeagueID != "" {
		where = append(where, "m.league_id = ?")
		args = append(args, f.LeagueID)
	}
	switch f.Status {
	case "":
	case StatusAbandoned:
		where = append(where, "m.abandoned_at IS NOT NULL")
	default:
		where = append(where, "m.status = ? AND m.abandoned_at IS NULL")
		args = append(args, f.Status)
	}
	if f.Game != "" {
		where = append(where, "m.game = ?")
		args = append(args, f.Game)
	}
	if f.PlayerID != "" {
		where = append(where, "m.id IN (SELECT match_id FROM match_players WHERE player_id = ?)")
		args = append(args, f.PlayerID)
	}
	if !f.From.IsZero() {
		where = append(where, "m.listed_at >= ?")
		args = append(args, formatTime(f.From))
	}
	if !f.To.IsZero() {
		where = append(where, "m.listed_at < ?")
		args = append(args, formatTime(f.To))
	}
	if p.After != nil {
		where = append(where, "(m.listed_at, m.id) < (?, ?)")
		args = append(args, p.After[0], p.After[1])
	}
	args = append(args, p.Limit+1)
	rows, err := s.read.QueryContext(ctx, s.d.rebind(`SELECT m.id, m.game, m.league_id, m.status, m.abandoned_at IS NOT NULL,
			m.status = 'in_progress' AND m.finish_seq IS NOT NULL, m.table_label, m.location, m.notes, m.played_at, m.created_at, m.finished_at, m.listed_at,
			COALESCE((SELECT MAX(seq) FROM events e WHERE e.match_id = m.id), 0),
			(SELECT created_at FROM events e WHERE e.match_id = m.id AND e.type <> 'match_updated' ORDER BY e.seq LIMIT 1), `+sourceColumns+`
		FROM matches m WHERE `+strings.Join(where, " AND ")+` ORDER BY m.listed_at DESC, m.id DESC LIMIT ?`), args...)
	if err != nil {
		return nil, nil, err
	}
	var out []MatchSummary
	var keys [][]string
	for rows.Next() {
		var m MatchSummary
		var league, finished, started sql.NullString
		var abandoned bool
		var created, listed string
		var meta metaColumns
		if err := rows.Scan(&m.ID, &m.Game, &league, &m.Status, &abandoned, &m.Correcting,
			&meta.table, &meta.location, &meta.notes, &meta.playedAt, &created, &finished, &listed,
			&m.Version, &started, &meta.source, &meta.durationMin); err != nil {
			rows.Close()
			return nil, nil, err
		}
		m.LeagueID, m.Meta = league.String, meta.meta()
		m.CreatedAt, m.UpdatedAt = parseTime(created), parseTime(created)
		m.StartedAt, m.FinishedAt = optionalTime(started), optionalTime(finished)
		if m.Status != StatusFinished {
			m.FinishedAt = nil
		}
		if abandoned {
			m.Status = StatusAbandoned
		}
		out = append(out, m)
		keys = append(keys, []string{listed, m.ID})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	out, next := cut(out, keys, p.Limit)
	if err := s.fillSummaries(ctx, out); err != nil {
		return nil, nil, err
	}
	return out, next, nil
}

// fillSummaries adds the seats, totals and last change to a page of
// summaries: a finished match's totals are its stored placements' scores;
// a match still being played is read as the state cache has it (replayed
// when it is not there).
func (s *Store) fillSummaries(ctx context.Context, page []MatchSummary) error {
	if len(page) == 0 {
		return nil
	}
	ids := make([]any, len(page))
	at := make(map[string]int, len(page))
	for i, m := range page {
		ids[i], at[m.ID] = m.ID, i
		page[i].Totals = map[string]int{}
	}
	in := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ") + ")"
	rows, err := s.read.QueryContext(ctx, s.d.rebind(`SELECT mp.match_id, mp.seat, mp.player_id, p.name, rp.score, rp.place
		FROM match_players mp JOIN players p ON p.id = mp.player_id
		LEFT JOIN result_placements rp ON rp.match_id = mp.match_id AND rp.player_id = mp.player_id
		WHERE mp.match_id IN `+in+` ORDER BY mp.match_id, mp.seat`), ids...)
	if err != nil {
		return err
	}
	for rows.Next() {
		var matchID string
		var seat Seat
		var score, place sql.NullInt64
		if err := rows.Scan(&matchID, &seat.Seat, &seat.PlayerID, &seat.Name, &score, &place); err != nil {
			rows.Close()
			return err
		}
		m := &page[at[matchID]]
		seat.Place = int(place.Int64)
		m.Seats = append(m.Seats, seat)
		if score.Valid {
			m.Totals[seat.PlayerID] = int(score.Int64)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for i := range page {
		m := &page[i]
		if m.Status == StatusFinished && len(m.Totals) > 0 {
			if err := s.lastChange(ctx, m); err != nil {
				return err
			}
			continue
		}
		full, err := s.GetMatch(ctx, m.ID)
		var re *ReplayError
		if errors.As(err, &re) { // listed, flagged, with no totals
			m.Unreplayable = true
			if err := s.lastChange(ctx, m); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		m.Totals, m.Version, m.UpdatedAt = full.State.Scores().Totals, full.Version, full.UpdatedAt
	}
	return nil
}

// lastChange sets m's updated time from its latest log record.
func (s *Store) lastChange(ctx context.Context, m *MatchSummary) error {
	if m.Version == 0 {
		return nil
	}
	var created string
	err := s.read.QueryRowContext(ctx, s.d.rebind(`SELECT created_at FROM events WHERE match_id = ? AND seq = ?`), m.ID, m.Version).Scan(&created)
	if err != nil {
		return err
	}
	m.UpdatedAt = parseTime(created)
	return nil
}

func optionalTime(v sql.NullString) *time.Time {
	if !v.Valid || v.String == "" {
		return nil
	}
	t := parseTime(v.String)
	return &t
}
