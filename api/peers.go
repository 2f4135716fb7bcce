package api

import (
	"context"
	"errors"
	"time"

	"github.com/motamed/motamed/db"
)

// Peers carries changes between the instances that share one database
// (PostgreSQL): each announces what it accepted, and follows what the others
// announce. Without it (SQLite) this process is the only writer.
type Peers interface {
	// Announce tells the other instances about a change that committed.
	Announce(ctx context.Context, n db.Notice)
	// Follow hands h the other instances' notices, and a Resync after every
	// (re)connection; it returns at once.
	Follow(h db.NoticeHandler)
	// Following reports whether the others' notices arrive now.
	Following() bool
}

// follow wires the server to the other instances: what it publishes is
// announced to them, and what they announce reaches its streams, standings,
// token cache and stream access.
func (s *Server) follow(p Peers) {
	s.peers = p
	s.hub.announce = func(n db.Notice) { p.Announce(context.Background(), n) }
	s.leagues.following = p.Following
	p.Follow(peerFollower{s})
}

// announce tells the other instances, if any, about a change.
func (s *Server) announce(ctx context.Context, n db.Notice) {
	if s.peers != nil {
		s.peers.Announce(ctx, n)
	}
}

// peerFollower applies the other instances' notices to this one.
type peerFollower struct{ s *Server }

// noticeTimeout bounds the reads one notice causes.
const noticeTimeout = 5 * time.Second

func (f peerFollower) Notice(n db.Notice) {
	s := f.s
	ctx, cancel := context.WithTimeout(context.Background(), noticeTimeout)
	defer cancel()
	switch n.Kind {
	case db.NoticeMatch:
		s.catchUpMatch(ctx, n.ID, n.Version)
	case db.NoticeStandings:
		s.leagues.markStale(n.ID)
		s.hub.signalLeague(n.ID)
	case db.NoticeLeague:
		s.recheckLeague(ctx, n.ID)
	case db.NoticeRederived:
		s.hub.refreshMatch(n.ID)
	case db.NoticeToken:
		s.tokens.forget(n.ID)
		s.streams.revokeToken(n.ID)
	}
}

// Resync reads again whatever may have changed while no notice arrived:
// every token and league that open streams depend on, every league's
// standings and each streamed match's newest events (the store drops its
// cached states itself).
func (f peerFollower) Resync() {
	s := f.s
	ctx, cancel := context.WithTimeout(context.Background(), 4*noticeTimeout)
	defer cancel()
	s.tokens.clear()
	tokens, leagues := s.streams.watched()
	for _, id := range tokens {
		t, err := s.store.GetToken(ctx, id)
		if errors.Is(err, db.ErrNotFound) || err == nil && t.Revoked {
			s.tokens.forget(id)
			s.streams.revokeToken(id)
		}
	}
	for _, id := range leagues {
		s.recheckLeague(ctx, id)
	}
	s.leagues.markAllStale()
	matches, standings := s.hub.topics()
	for _, id := range standings {
		s.hub.signalLeague(id)
	}
	for _, id := range matches {
		s.catchUpMatch(ctx, id, 0)
	}
}

// recheckLeague ends the streams of a league that changed elsewhere whose
// callers may no longer read it.
func (s *Server) recheckLeague(ctx context.Context, id string) {
	l, err := s.store.GetLeague(ctx, id)
	if err != nil {
		s.log.Warn("reading a league another instance changed", "league", id, "err", err)
		return
	}
	s.streams.leagueChanged(l)
}

// catchUpMatch hands this process's streams of a match the match as
// another instance left it (at version or later): one read for all of
// them. Each stream fills what it has not sent from the log first.
func (s *Server) catchUpMatch(ctx context.Context, id string, version int64) {
	if s.hub.matchSubscribers(id) == 0 {
		return
	}
	m, err := s.store.GetMatch(ctx, id)
	if err == nil && m.Version >= max(version, 1) {
		var log []db.Event
		if log, err = s.store.Events(ctx, id); err == nil && int64(len(log)) >= m.Version {
			s.hub.deliverMatch(&db.Appended{Match: m, Event: log[m.Version-1]})
			return
		}
	}
	if err != nil {
		s.log.Warn("reading a match another instance changed", "match", id, "err", err)
	}
}
