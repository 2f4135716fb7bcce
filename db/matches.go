package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/motamed/motamed/rules"
)

// CreateMatch seats the players, sets the game up with the options (the
// game fills in defaults and rejects bad options) and stores the match at
// version 0.
func (s *Store) CreateMatch(ctx context.Context, nm NewMatch) (*Match, error) {
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
	err = s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
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
	})
	if err != nil {
		return nil, err
	}
	s.cache.put(m)
	return m, nil
}

func (s *Store) readMatchRow(ctx context.Context, q querier, id string) (*Match, error) {
	var m Match
	var league, createdBy, finished, started sql.NullString
	var finishSeq sql.NullInt64
	var options, created, updated string
	var meta metaColumns
	err := q.QueryRowContext(ctx, s.d.rebind(`SELECT m.id, m.game, m.league_id, m.options, m.status,
			COALESCE(e.seq, 0), m.finish_seq, m.created_by, m.created_at, COALESCE(e.created_at, m.created_at),
			m.table_label, m.location, m.notes, m.played_at, m.finished_at, m.abandoned_at IS NOT NULL,
			(SELECT created_at FROM events WHERE match_id = m.id AND type <> 'match_updated' ORDER BY seq LIMIT 1), `+sourceColumns+`
		FROM matches m LEFT JOIN (SELECT seq, created_at FROM events WHERE match_id = ? ORDER BY seq DESC LIMIT 1) e ON true
		WHERE m.id = ?`), id, id).
		Scan(&m.ID, &m.Game, &league, &options, &m.Status, &m.Version, &finishSeq, &createdBy, &created, &updated,
			&meta.table, &meta.location, &meta.notes, &meta.playedAt, &finished, &m.Abandoned, &started, &meta.source, &meta.durationMin)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("match", id)
	}
	if err != nil {
		return nil, err
	}
	m.LeagueID = league.String
	m.CreatedBy = createdBy.String
	m.FinishSeq = finishSeq.Int64
	m.Options = json.RawMessage(options)
	m.CreatedAt, m.UpdatedAt = parseTime(created), parseTime(updated)
	m.Meta = meta.meta()
	m.StartedAt, m.FinishedAt = optionalTime(started), optionalTime(finished)
	rows, err := q.QueryContext(ctx, s.d.rebind(`SELECT mp.seat, mp.player_id, p.name FROM match_players mp
		JOIN players p ON p.id = mp.player_id WHERE mp.match_id = ? ORDER BY mp.seat`), id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var seat Seat
		if err := rows.Scan(&seat.Seat, &seat.PlayerID, &seat.Name); err != nil {
			return nil, err
		}
		m.Seats = append(m.Seats, seat)
	}
	return &m, rows.Err()
}

// statusWith is the status m has with state: abandoned while it is,
// else what the state says.
func (m *Match) statusWith(state rules.State) string {
	if m.Abandoned {
		return StatusAbandoned
	}
	return statusOf(state)
}

func statusOf(s rules.State) string {
	if s.Result() != nil {
		return StatusFinished
	}
	return StatusInProgress
}
