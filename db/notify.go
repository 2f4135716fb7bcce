package db

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgxlisten"
)

// Notice is one change announced to every instance that shares a
// PostgreSQL database: what changed and its version, never the data, which
// each instance reads from the database itself.
type Notice struct {
	Kind NoticeKind `json:"k"`
	// ID is the match, league or token that changed.
	ID string `json:"id"`
	// Version is a match's version after the change.
	Version int64 `json:"v,omitempty"`
	// From is the announcing instance; an instance ignores its own notices.
	From string `json:"from"`
}

// NoticeKind says what a Notice is about.
type NoticeKind string

const (
	// NoticeMatch: an event of match ID was accepted (append, undo,
	// correction, status change); Version is the match's version after it.
	NoticeMatch NoticeKind = "match"
	// NoticeStandings: league ID's standings changed.
	NoticeStandings NoticeKind = "standings"
	// NoticeLeague: league ID's record (its visibility) changed.
	NoticeLeague NoticeKind = "league"
	// NoticeToken: token ID was revoked.
	NoticeToken NoticeKind = "token"
	// NoticeRederived: match ID's stored state was derived again at the
	// same version (a player renamed or merged): copies kept in memory are
	// stale. The store drops its own before handing the notice on.
	NoticeRederived NoticeKind = "rederived"
)

// NoticeHandler receives the notices of the other instances, one at a time
// in the order PostgreSQL delivers them (commit order), and is told to
// resynchronize after every (re)connection of the listener, when notices
// may have been missed.
type NoticeHandler interface {
	Notice(n Notice)
	Resync()
}

// Peers carries notices between the instances of one PostgreSQL database
// with LISTEN/NOTIFY on a channel named after the schema. Its listener has
// a connection of its own and reconnects after a loss.
type Peers struct {
	store    *Store
	channel  string
	instance string
	// following is true while the listener is connected and listening:
	// a change made elsewhere then reaches this instance as a notice.
	following atomic.Bool
	// takes counts the writes counted against the limits (ratelimit.go).
	takes atomic.Int64

	once   sync.Once
	cancel context.CancelFunc
	done   chan struct{}
}

// listenerName is the application_name of the listening connection (it
// tells it apart in pg_stat_activity).
const listenerName = "motamed listener"

// Peers returns the store's notice exchange, or nil on SQLite, where one
// process is the only writer.
func (s *Store) Peers() *Peers {
	return s.peers
}

// openPeers prepares the exchange of a PostgreSQL store; it starts
// listening when Follow is called.
func openPeers(ctx context.Context, s *Store) (*Peers, error) {
	var schema string
	if err := s.read.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		return nil, err
	}
	var b [8]byte
	_, _ = rand.Read(b[:])
	return &Peers{store: s, channel: "motamed:" + schema, instance: hex.EncodeToString(b[:]), done: make(chan struct{})}, nil
}

// Announce tells every other instance about a change. It is called after
// the change committed; a failure is logged and not returned, since the
// change itself stands and the others catch up at their next notice or
// reconnection.
func (p *Peers) Announce(ctx context.Context, n Notice) {
	n.From = p.instance
	payload, _ := json.Marshal(n)
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
	defer cancel()
	if _, err := p.store.write.ExecContext(ctx, `SELECT pg_notify($1, $2)`, p.channel, string(payload)); err != nil {
		p.store.log.Warn("announcing a change to the other instances", "kind", n.Kind, "id", n.ID, "err", err)
	}
}

// rederived announces that the stored state of matches was derived again.
func (p *Peers) rederived(ctx context.Context, matches []string) {
	if p == nil {
		return
	}
	for _, id := range matches {
		p.Announce(ctx, Notice{Kind: NoticeRederived, ID: id})
	}
}

// Following reports whether the listener is connected now.
func (p *Peers) Following() bool { return p.following.Load() }

// Follow starts the listener: h gets every other instance's notices, and
// Resync after each (re)connection. It runs until the store closes; only
// the first call has an effect.
func (p *Peers) Follow(h NoticeHandler) {
	p.once.Do(func() {
		ctx, cancel := context.WithCancel(context.Background())
		p.cancel = cancel
		l := &pgxlisten.Listener{
			Connect: func(ctx context.Context) (*pgx.Conn, error) {
				cfg, err := pgx.ParseConfig(p.store.cfg.DSN)
				if err != nil {
					return nil, err
				}
				cfg.RuntimeParams["application_name"] = listenerName
				return pgx.ConnectConfig(ctx, cfg)
			},
			LogError: func(ctx context.Context, err error) {
				p.following.Store(false)
				if ctx.Err() == nil {
					p.store.log.Warn("listening for the other instances' changes; reconnecting", "err", err)
				}
			},
			ReconnectDelay: 200 * time.Millisecond,
		}
		l.Handle(p.channel, &peerHandler{p: p, h: h})
		go func() {
			defer close(p.done)
			_ = l.Listen(ctx)
		}()
	})
}

// close stops the listener.
func (p *Peers) close() {
	if p == nil || p.cancel == nil {
		return
	}
	p.cancel()
	<-p.done
}

// peerHandler adapts a NoticeHandler to pgxlisten.
type peerHandler struct {
	p *Peers
	h NoticeHandler
	// connected is true after the first connection: a later one follows a
	// loss.
	connected bool
}

func (ph *peerHandler) HandleNotification(_ context.Context, n *pgconn.Notification, _ *pgx.Conn) error {
	var notice Notice
	if err := json.Unmarshal([]byte(n.Payload), &notice); err != nil || notice.From == ph.p.instance {
		return nil
	}
	if notice.Kind == NoticeRederived {
		ph.p.store.cache.drop(notice.ID)
	}
	ph.h.Notice(notice)
	return nil
}

// HandleBacklog runs once LISTEN is in place on a new connection: whatever
// changed while nobody listened is read again from the database. After a
// lost connection that includes the cached match states, which a missed
// rederived notice may have made stale.
func (ph *peerHandler) HandleBacklog(context.Context, string, *pgx.Conn) error {
	if ph.connected {
		for _, m := range ph.p.store.cache.all() {
			ph.p.store.cache.drop(m.ID)
		}
	}
	ph.connected = true
	ph.p.following.Store(true)
	ph.h.Resync()
	return nil
}
