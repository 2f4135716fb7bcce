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

// GetMatch returns the match at its current version, from the cache when it
// is there, else by replaying its log. On PostgreSQL, where other instances
// append too, the cached state is used only when the database is still at
// its version (one index lookup); else the log is replayed.
func (s *Store) GetMatch(ctx context.Context, id string) (*Match, error) {
	if s.d.shared {
		return s.freshMatch(ctx, nil, id)
	}
	if m, ok := s.cache.get(id); ok {
		return m, nil
	}
	m, err := s.loadLatest(ctx, nil, id)
	if err != nil {
		return nil, err
	}
	s.cache.put(m)
	return m, nil
}

// freshMatch returns the match at the version the database has now, read
// inside tx when it is not nil: the cached state when it is at that version,
// else a replay of the log (which then replaces the cached state).
func (s *Store) freshMatch(ctx context.Context, tx *sql.Tx, id string) (*Match, error) {
	var q querier = s.read
	if tx != nil {
		q = tx
	}
	v, err := s.currentVersion(ctx, q, id)
	if err != nil {
		return nil, err
	}
	if m, ok := s.cache.get(id); ok && m.Version == v {
		return m, nil
	}
	m, err := s.loadLatest(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	s.cache.put(m)
	return m, nil
}

// loadLatest reads a match at its current version, its state folded from
// its latest snapshot and the events after it (see foldLatest), inside tx
// or a read transaction of its own (see readTx).
func (s *Store) loadLatest(ctx context.Context, tx *sql.Tx, id string) (*Match, error) {
	tx, done, err := s.readTx(ctx, tx)
	if err != nil {
		return nil, err
	}
	defer done()
	m, err := s.readMatchRow(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	if m.State, err = s.foldLatest(ctx, tx, m); err != nil {
		return nil, s.replayFailed(id, err)
	}
	if b, err := rules.EncodeState(m.State); err == nil {
		m.size = heapPerSnapshotByte * int64(len(b))
	}
	m.Status = m.statusWith(m.State)
	return m, nil
}

// readTx is tx when it is not nil, else a read transaction of its own (ended
// by done), so that what is read comes from one snapshot of the database
// even while appends go on.
func (s *Store) readTx(ctx context.Context, tx *sql.Tx) (_ *sql.Tx, done func(), _ error) {
	if tx != nil {
		return tx, func() {}, nil
	}
	var opts *sql.TxOptions
	if s.d.engine == enginePostgres {
		opts = &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true}
	}
	snap, err := s.read.BeginTx(ctx, opts)
	if err != nil {
		return nil, nil, err
	}
	return snap, func() { snap.Rollback() }, nil //nolint:errcheck // read only
}

// loadMatch reads a match and its whole log from the database and folds
// the log up to version upTo (all of it when upTo < 0), inside tx or a read
// transaction of its own (see readTx).
func (s *Store) loadMatch(ctx context.Context, tx *sql.Tx, id string, upTo int64) (*Match, []Event, error) {
	tx, done, err := s.readTx(ctx, tx)
	if err != nil {
		return nil, nil, err
	}
	defer done()
	m, err := s.readMatchRow(ctx, tx, id)
	if err != nil {
		return nil, nil, err
	}
	log, err := s.readEvents(ctx, tx, id)
	if err != nil {
		return nil, nil, err
	}
	if n := int64(len(log)); n != m.Version {
		return nil, nil, fmt.Errorf("db: match %s is at version %d but its log has %d events", id, m.Version, n)
	}
	if upTo >= 0 && upTo < int64(len(log)) {
		log = log[:upTo]
		m.Version = upTo
	}
	game, ok := s.game(ctx, m.Game)
	if !ok {
		return nil, nil, fmt.Errorf("db: match %s is of game %q, which this server does not offer", id, m.Game)
	}
	state, err := rules.Replay(game, m.Players(), m.Options, effectiveEvents(log))
	if err != nil {
		return nil, nil, s.replayFailed(id, err)
	}
	m.State = state
	m.Status = m.statusWith(state)
	if upTo >= 0 && len(log) > 0 {
		m.UpdatedAt = log[len(log)-1].CreatedAt
	}
	return m, log, nil
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
