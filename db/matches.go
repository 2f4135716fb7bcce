package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
)

// CreateMatch seats the players, sets the game up with the options (the
// game fills in defaults and rejects bad options) and stores the match at
// version 0.
func (s *Store) CreateMatch(ctx context.Context, nm NewMatch) (*Match, error) {
	m, err := s.newMatch(ctx, nm)
	if err != nil {
		return nil, err
	}
	if err := s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error { return s.insertMatchRows(ctx, tx, m) }); err != nil {
		return nil, err
	}
	s.cache.put(m)
	return m, nil
}

// newMatch is the match nm asks for at version 0, not stored yet: its
// league checked, its players seated, the game set up with its options.
func (s *Store) newMatch(ctx context.Context, nm NewMatch) (*Match, error) {
	game, ok := s.game(ctx, nm.Game)
	if !ok {
		return nil, notFound("game", nm.Game)
	}
	if nm.LeagueID != "" {
		l, err := s.GetLeague(ctx, nm.LeagueID)
		if err != nil {
			return nil, err
		}
		if l.Game != nm.Game {
			return nil, &ConflictError{Reason: fmt.Sprintf("league %q is a %s league; a %s match cannot join it", l.ID, l.Game, nm.Game)}
		}
		if l.ArchivedAt != nil {
			return nil, ErrArchived
		}
	}
	seats := make([]Seat, len(nm.Players))
	for i, id := range nm.Players {
		p, err := s.GetPlayer(ctx, id)
		if err != nil {
			return nil, err
		}
		seats[i] = Seat{PlayerID: p.ID, Name: p.Name, Seat: i}
	}
	now := s.now()
	m := &Match{ID: newMatchID(now), Game: nm.Game, LeagueID: nm.LeagueID, CreatedBy: nm.CreatedBy, Status: StatusInProgress, Seats: seats, Meta: nm.Meta}
	state, effective, err := game.Setup(m.Players(), nm.Options)
	if err != nil {
		return nil, err
	}
	if m.Options, err = json.Marshal(effective); err != nil {
		return nil, fmt.Errorf("db: marshal options: %w", err)
	}
	m.State = state
	m.CreatedAt = now
	m.UpdatedAt = m.CreatedAt
	return m, nil
}

// insertMatchRows writes a new match's row and its seats.
func (s *Store) insertMatchRows(ctx context.Context, tx *sql.Tx, m *Match) error {
	var league any
	if m.LeagueID != "" {
		league = m.LeagueID
	}
	if _, err := tx.StmtContext(ctx, s.stmts.insertMatch).ExecContext(ctx,
		m.ID, m.Game, league, string(m.Options), m.Status, nullable(m.CreatedBy), formatTime(m.CreatedAt), s.listedAt(m),
		nullable(m.Meta.Table), nullable(m.Meta.Location), nullable(m.Meta.Notes), nullTime(m.Meta.PlayedAt)); err != nil {
		return err
	}
	for _, seat := range m.Seats {
		if _, err := tx.StmtContext(ctx, s.stmts.insertMatchPlayer).ExecContext(ctx, m.ID, seat.Seat, seat.PlayerID); err != nil {
			return err
		}
	}
	return nil
}
