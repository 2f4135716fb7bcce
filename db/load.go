package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/motamed/motamed/rules"
)

// Reading a match as it stands: the cached state when it is current (on
// PostgreSQL, when the database is still at its version), else the row,
// its latest usable snapshot and the records after it (the tail), folded
// over the events in force (the effective log). Every read of a match's
// state goes through here: the row, the log, the game and its players. A
// write folds its own event onto what this returns, under the match's
// lock, and advance makes the match that event leaves.

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

// foldLatest folds m's state (m is a match row read by readMatchRow, at
// its version) from its latest usable snapshot and the records after it,
// or from its setup when none is usable; extra records follow the stored
// ones (an undo being decided).
func (s *Store) foldLatest(ctx context.Context, q querier, m *Match, extra ...Event) (rules.State, error) {
	players := m.Players()
	game, ok := s.games.Get(m.Game)
	if !ok {
		return nil, fmt.Errorf("db: match %s is of game %q, which this server does not offer", m.ID, m.Game)
	}
	version := rules.SnapshotVersion(game, players, m.Options)
	rows, err := q.QueryContext(ctx, s.d.rebind(`SELECT seq, version, state FROM match_snapshots
		WHERE match_id = ? AND seq <= ? ORDER BY seq DESC`), m.ID, m.Version)
	if err != nil {
		return nil, err
	}
	type snap struct {
		seq   int64
		state []byte
	}
	var snaps []snap
	for rows.Next() {
		var sn snap
		var v string
		if err := rows.Scan(&sn.seq, &v, &sn.state); err != nil {
			rows.Close()
			return nil, err
		}
		if v == version { // another version's snapshot is ignored: the next boundary rewrites it
			snaps = append(snaps, sn)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	from := int64(0)
	if len(snaps) > 0 {
		from = snaps[len(snaps)-1].seq
	}
	tail, err := s.readTail(ctx, q, m.ID, from, m.Version)
	if err != nil {
		return nil, err
	}
	tail = append(tail, extra...)
	for _, sn := range snaps {
		after := tail[sn.seq-from:]
		if !onlyAfter(after, sn.seq) {
			continue
		}
		st, err := rules.DecodeState(game, players, m.Options, sn.state)
		if err != nil {
			s.log.Warn("unreadable snapshot; folding the log", "match", m.ID, "seq", sn.seq, "err", err)
			break
		}
		return rules.Continue(game, st, effectiveEvents(after))
	}
	log, err := s.readTail(ctx, q, m.ID, 0, from)
	if err != nil {
		return nil, err
	}
	return rules.Replay(game, players, m.Options, effectiveEvents(append(log, tail...)))
}

// onlyAfter reports whether the records of tail, which follow a snapshot
// at seq, change only events after it: no undo reaches back before them,
// and no correction names an event the snapshot holds. Then the events in
// force are the snapshot's followed by tail's own.
func onlyAfter(tail []Event, seq int64) bool {
	inForce := 0 // tail's own events in force, as markLog counts them
	for _, e := range tail {
		switch {
		case e.Type == rules.UndoType:
			if inForce == 0 {
				return false
			}
			inForce--
		case e.Type == MatchUpdateType:
		case e.Type == VoidType || e.Type == RedoType || e.Corrects > 0:
			if e.Corrects <= seq {
				return false
			}
			switch e.Type {
			case VoidType:
				inForce--
			case RedoType:
				inForce++
			}
		default:
			inForce++
		}
	}
	return true
}

// readTail reads the records of a match after seq from, up to seq to.
func (s *Store) readTail(ctx context.Context, q querier, matchID string, from, to int64) ([]Event, error) {
	rows, err := q.QueryContext(ctx, s.d.rebind(`SELECT seq, type, data, corrects, revision FROM events WHERE match_id = ? AND seq > ? AND seq <= ? ORDER BY seq`),
		matchID, from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]Event, 0, to-from)
	for rows.Next() {
		var e Event
		var data string
		var corrects, revision sql.NullInt64
		if err := rows.Scan(&e.Seq, &e.Type, &data, &corrects, &revision); err != nil {
			return nil, err
		}
		e.Revision = revisionOf(revision)
		if e.Seq != from+int64(len(out))+1 {
			return nil, fmt.Errorf("db: match %s log has a gap before event %d", matchID, e.Seq)
		}
		e.Data, e.Corrects = json.RawMessage(data), corrects.Int64
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if int64(len(out)) != to-from {
		return nil, fmt.Errorf("db: match %s has %d records after %d, want %d", matchID, len(out), from, to-from)
	}
	return out, nil
}

// The log's own record types besides the games' events. A correction
// record names the seq it corrects in Event.Corrects; nothing is ever
// deleted or rewritten.
const (
	// VoidType voids one effective event, anywhere in the log.
	VoidType = "void"
	// RedoType brings back the event the latest undo voided, while nothing
	// but undos and redos came after that undo.
	RedoType = "redo"
	// MatchUpdateType records a change to what is not play (the table,
	// notes, played_at, abandoning and restoring); the games never see it.
	MatchUpdateType = "match_updated"
)

// isGameEvent reports whether a record is a game's event (an original or
// a replacement) rather than one of the log's own records.
func isGameEvent(typ string) bool {
	switch typ {
	case rules.UndoType, VoidType, RedoType, MatchUpdateType:
		return false
	}
	return true
}

// markLog walks a log in order and works out which events are in force
// and in what order, marking each event voided or replaced and each
// correction record with what it did. It returns the indexes (into log) of
// the effective events in their effective order: a replacement stands where
// the event it replaced stood. It also returns what a redo would bring
// back (-1 when nothing).
//
// Records that do not apply (an undo with nothing to undo, a correction
// naming an event no longer in force: never written, since every
// correction is checked first) change nothing.
func markLog(log []Event) (order []int, redoable int) {
	for i := range log {
		e := &log[i]
		e.Voided, e.VoidedBy, e.ReplacedBy, e.Voids, e.Replaces, e.Restores = false, 0, 0, 0, 0, 0
	}
	order = make([]int, 0, len(log))
	var undone []int // what each undo since the last other change voided
	at := func(seq int64) int {
		for p, i := range order {
			if log[i].Seq == seq {
				return p
			}
		}
		return -1
	}
	for i := range log {
		e := &log[i]
		switch {
		case e.Type == rules.UndoType:
			if len(order) == 0 {
				continue
			}
			v := order[len(order)-1]
			order = order[:len(order)-1]
			log[v].Voided, log[v].VoidedBy = true, e.Seq
			e.Voids = log[v].Seq
			undone = append(undone, v)
		case e.Type == RedoType:
			if n := len(undone); n > 0 && log[undone[n-1]].Seq == e.Corrects {
				v := undone[n-1]
				undone = undone[:n-1]
				order = append(order, v)
				log[v].Voided, log[v].VoidedBy = false, 0
				e.Restores = log[v].Seq
			}
		case e.Type == VoidType:
			if p := at(e.Corrects); p >= 0 {
				v := order[p]
				order = append(order[:p], order[p+1:]...)
				log[v].Voided, log[v].VoidedBy = true, e.Seq
				e.Voids = log[v].Seq
			}
			undone = nil
		case e.Type == MatchUpdateType:
		case e.Corrects > 0:
			if p := at(e.Corrects); p >= 0 {
				v := order[p]
				order[p] = i
				log[v].Voided, log[v].ReplacedBy = true, e.Seq
				e.Replaces = log[v].Seq
			}
			undone = nil
		default:
			order = append(order, i)
			undone = nil
		}
	}
	redoable = -1
	if n := len(undone); n > 0 {
		redoable = undone[n-1]
	}
	return order, redoable
}

// effectiveEvents are the events in force, in order, as the games replay
// them.
func effectiveEvents(log []Event) []rules.Event {
	order, _ := markLog(log)
	out := make([]rules.Event, len(order))
	for n, i := range order {
		out[n] = rules.Event{Type: log[i].Type, Data: log[i].Data, Revision: log[i].Revision}
	}
	return out
}

// revisionOf is a stored record's rules revision: the first for one stored
// before records kept it (NULL).
func revisionOf(v sql.NullInt64) int {
	if !v.Valid || v.Int64 < rules.FirstRevision {
		return rules.FirstRevision
	}
	return int(v.Int64)
}

// currentVersion is the match's version as the database has it now: its
// log's last seq, read from the events primary key.
func (s *Store) currentVersion(ctx context.Context, q querier, matchID string) (int64, error) {
	var v int64
	err := q.QueryRowContext(ctx, s.d.rebind(`SELECT COALESCE(MAX(seq), 0) FROM events WHERE match_id = ?`), matchID).Scan(&v)
	return v, err
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

func (s *Store) readEvents(ctx context.Context, q querier, matchID string) ([]Event, error) {
	rows, err := q.QueryContext(ctx, s.d.rebind(`SELECT seq, type, data, notes, created_at, corrects, token_id, revision FROM events WHERE match_id = ? ORDER BY seq`), matchID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var log []Event
	for rows.Next() {
		var e Event
		var data, created string
		var notes, token sql.NullString
		var corrects, revision sql.NullInt64
		if err := rows.Scan(&e.Seq, &e.Type, &data, &notes, &created, &corrects, &token, &revision); err != nil {
			return nil, err
		}
		e.Revision = revisionOf(revision)
		e.Corrects, e.TokenID = corrects.Int64, token.String
		e.Data = json.RawMessage(data)
		e.CreatedAt = parseTime(created)
		if notes.Valid {
			if err := json.Unmarshal([]byte(notes.String), &e.Notes); err != nil {
				return nil, fmt.Errorf("db: event %d notes: %w", e.Seq, err)
			}
		}
		if int64(len(log))+1 != e.Seq {
			return nil, fmt.Errorf("db: match %s log has a gap before event %d", matchID, e.Seq)
		}
		log = append(log, e)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	markLog(log)
	return log, nil
}

// replayFailed is the *ReplayError for match id, whose fold gave err; the
// first failure of each match is logged as a warning, so that a match read
// by every list and league page is not logged on every request. A request
// that ended or a database that cannot answer now is returned as it is:
// that is no fault of the match.
func (s *Store) replayFailed(id string, err error) error {
	var re *ReplayError
	if errors.As(err, &re) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if _, unavailable := Unavailable(err); unavailable {
		return err
	}
	if _, seen := s.unreplayable.LoadOrStore(id, true); !seen {
		s.log.Warn("match does not replay; lists and league pages flag or leave it out until it is corrected", "match", id, "err", err)
	}
	return &ReplayError{MatchID: id, Err: err}
}

// game returns the game with id, looking for a score sheet another
// instance defined when this one does not offer it yet.
func (s *Store) game(ctx context.Context, id string) (rules.Game, bool) {
	if g, ok := s.games.Get(id); ok {
		return g, true
	}
	if err := s.loadSheetGames(ctx); err != nil {
		s.log.Warn("loading score-sheet games", "err", err)
	}
	return s.games.Get(id)
}

// Players returns the seated players in seat order, as the rules see them.
func (m *Match) Players() []rules.Player {
	out := make([]rules.Player, len(m.Seats))
	for i, s := range m.Seats {
		out[i] = rules.Player{ID: s.PlayerID, Name: s.Name}
	}
	return out
}

// advance returns a copy of cur at the next version with state.
func (s *Store) advance(cur *Match, state rules.State) *Match {
	next := *cur
	next.State = state
	if cur.size > 0 { // a state grows by about its average event's size
		next.size = cur.size + cur.size/max(cur.Version, 1)
	}
	next.Version = cur.Version + 1
	next.Rewritten = false
	played := statusOf(state) // asked once; abandoned wins, as in statusWith
	next.Status = played
	if next.Abandoned {
		next.Status = StatusAbandoned
	}
	next.UpdatedAt = s.now()
	if next.StartedAt == nil {
		next.StartedAt = &next.UpdatedAt
	}
	if next.FinishedAt == nil && played == StatusFinished {
		next.FinishedAt = &next.UpdatedAt
	}
	return &next
}

// statusWith is the status m has with state: abandoned while it is,
// else what the state says.
func (m *Match) statusWith(state rules.State) string {
	if m.Abandoned {
		return StatusAbandoned
	}
	return statusOf(state)
}

// statusOf is the status a state gives: finished once it has a result.
func statusOf(s rules.State) string {
	if s.Result() != nil {
		return StatusFinished
	}
	return StatusInProgress
}
