package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/motamed/motamed/rules/fold"
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
	var into, by sql.NullString
	err := s.stmts.getPlayer.QueryRowContext(ctx, id).
		Scan(&p.ID, &p.Name, &created, &into, &by)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("player", id)
	}
	if err != nil {
		return nil, err
	}
	p.CreatedAt = parseTime(created)
	p.CreatedBy = by.String
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

// DuplicateError: a player with the same folded name exists; Existing
// lists them, so a client can offer "is this the Sara you mean?".
type DuplicateError struct{ Existing []Player }

func (e *DuplicateError) Error() string {
	return fmt.Sprintf("a player named %q exists", e.Existing[0].Name)
}

// AddPlayer stores a new player, like CreatePlayer, created by the token
// createdBy (empty when none), unless allowDuplicate is false and a
// player's folded name equals the new name's: then it stores nothing and
// returns a *DuplicateError naming them. The check runs inside the write,
// so two tablets adding the same person at once make one player.
func (s *Store) AddPlayer(ctx context.Context, name string, allowDuplicate bool, createdBy string) (*Player, error) {
	p := &Player{ID: newID("pl_"), Name: name, CreatedAt: s.now(), CreatedBy: createdBy}
	folded := fold.String(name)
	err := s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if !allowDuplicate {
			if err := s.refuseDuplicate(ctx, tx, folded, ""); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO players(id, name, created_at, folded, created_by) VALUES (?, ?, ?, ?, ?)`),
			p.ID, p.Name, formatTime(p.CreatedAt), folded, nullable(createdBy))
		return err
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// refuseDuplicate returns a *DuplicateError when a player other than
// except has the folded name folded.
func (s *Store) refuseDuplicate(ctx context.Context, q querier, folded, except string) error {
	rows, err := q.QueryContext(ctx, s.d.rebind(`SELECT id, name, created_at FROM players
		WHERE folded = ? AND merged_into IS NULL AND id <> ? ORDER BY id LIMIT 20`), folded, except)
	if err != nil {
		return err
	}
	defer rows.Close()
	var dup []Player
	for rows.Next() {
		var p Player
		var created string
		if err := rows.Scan(&p.ID, &p.Name, &created); err != nil {
			return err
		}
		p.CreatedAt = parseTime(created)
		dup = append(dup, p)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(dup) > 0 {
		return &DuplicateError{Existing: dup}
	}
	return nil
}

// Played is where a player has played: the matches and their leagues.
type Played struct {
	Matches []string
	Leagues []string
	// Unleagued is set when one of the matches is in no league.
	Unleagued bool
}

// OnlyIn reports whether the player has played, and only in league
// leagueID.
func (p Played) OnlyIn(leagueID string) bool {
	return len(p.Matches) > 0 && !p.Unleagued && len(p.Leagues) == 1 && p.Leagues[0] == leagueID
}

// PlayedBy lists the matches a player sat in and their leagues.
func (s *Store) PlayedBy(ctx context.Context, playerID string) (Played, error) {
	return s.playedBy(ctx, s.read, playerID)
}

func (s *Store) playedBy(ctx context.Context, q querier, playerID string) (Played, error) {
	var out Played
	rows, err := q.QueryContext(ctx, s.d.rebind(`SELECT m.id, m.league_id FROM match_players mp JOIN matches m ON m.id = mp.match_id
		WHERE mp.player_id = ? ORDER BY m.id`), playerID)
	if err != nil {
		return out, err
	}
	defer rows.Close()
	seen := map[string]bool{}
	for rows.Next() {
		var id string
		var league sql.NullString
		if err := rows.Scan(&id, &league); err != nil {
			return out, err
		}
		out.Matches = append(out.Matches, id)
		if !league.Valid {
			out.Unleagued = true
		}
		if league.Valid && !seen[league.String] {
			seen[league.String] = true
			out.Leagues = append(out.Leagues, league.String)
		}
	}
	return out, rows.Err()
}

// RenamePlayer changes a player's name (refused like AddPlayer when another
// player's folded name equals it, unless allowDuplicate). The matches the
// player sat in show the new name from now on: their cached states are
// dropped, and Played says which they are.
func (s *Store) RenamePlayer(ctx context.Context, id, name string, allowDuplicate bool) (*Player, Played, error) {
	p, err := s.GetPlayer(ctx, id)
	if err != nil {
		return nil, Played{}, err
	}
	folded := fold.String(name)
	err = s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if !allowDuplicate {
			if err := s.refuseDuplicate(ctx, tx, folded, id); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE players SET name = ?, folded = ? WHERE id = ?`), name, folded, id); err != nil {
			return err
		}
		// Stored snapshots hold states with the old name.
		_, err := tx.ExecContext(ctx, s.d.rebind(`DELETE FROM match_snapshots WHERE match_id IN (SELECT match_id FROM match_players WHERE player_id = ?)`), id)
		return err
	})
	if err != nil {
		return nil, Played{}, err
	}
	played, err := s.PlayedBy(ctx, id)
	for _, m := range played.Matches {
		s.cache.drop(m)
	}
	s.peers.rederived(ctx, played.Matches)
	if err != nil {
		return nil, Played{}, err
	}
	p.Name = name
	return p, played, nil
}

// ErrHasMatches: a player who sat in a match cannot be deleted.
var ErrHasMatches = errors.New("the player has matches")

// DeletePlayer deletes a player who never sat in a match (ErrHasMatches
// otherwise). A merged record may be deleted too: its ID then answers
// not found instead of where it went; records merged into a deleted player
// still name it.
func (s *Store) DeletePlayer(ctx context.Context, id string) error {
	return s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, s.d.rebind(`SELECT COUNT(*) FROM players WHERE id = ?`), id).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return notFound("player", id)
		}
		if err := tx.QueryRowContext(ctx, s.d.rebind(`SELECT COUNT(*) FROM match_players WHERE player_id = ?`), id).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return ErrHasMatches
		}
		_, err := tx.ExecContext(ctx, s.d.rebind(`DELETE FROM players WHERE id = ?`), id)
		return err
	})
}
