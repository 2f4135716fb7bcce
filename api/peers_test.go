package api

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// stampCounter counts the standings' staleness checks against the database.
type stampCounter struct {
	results
	n atomic.Int64
}

func (s *stampCounter) LeagueStamp(ctx context.Context, id string) (string, error) {
	s.n.Add(1)
	return s.results.LeagueStamp(ctx, id)
}

// heldPeers stands for the other instances: notices are handed over by the
// test, and it says whether the listener is connected.
type heldPeers struct {
	h         db.NoticeHandler
	following atomic.Bool
	announced []db.Notice
}

func (p *heldPeers) Announce(_ context.Context, n db.Notice) { p.announced = append(p.announced, n) }
func (p *heldPeers) Follow(h db.NoticeHandler)               { p.h = h }
func (p *heldPeers) Following() bool                         { return p.following.Load() }

// While notices arrive, standings are served from memory with no database
// read; a standings notice from another instance makes the next read
// rebuild them; while the listener is away every read checks the stamp.
func TestStandingsFollowNotices(t *testing.T) {
	a := newTestServer(t) // another instance on the same database
	stamps := &stampCounter{results: a.store}
	peers := &heldPeers{}
	peers.following.Store(true)
	e, srv := newServer(t, Config{WritesPerSecond: -1, Peers: peers}, a.store, rules.NewRegistry(rulestest.Counter()))
	srv.leagues.store = stamps
	b := &testServer{e: e, admin: a.admin}

	lg := a.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "L", "game": "counter"})["id"].(string)
	matches := func() float64 {
		return b.must(t, 200, "GET", "/v1/leagues/"+lg+"/standings", nil)["matches"].(float64)
	}
	if n := matches(); n != 0 {
		t.Fatalf("before: %v", n)
	}
	p := []string{a.player(t, "Sara"), a.player(t, "Kian")}
	m := a.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": p, "league_id": lg, "options": map[string]any{"target": 1}})["id"].(string)
	a.must(t, 201, "POST", "/v1/matches/"+m+"/events", map[string]any{"type": "add", "data": map[string]any{"player": p[0], "n": 1}})
	if n := matches(); n != 0 || stamps.n.Load() != 0 {
		t.Fatalf("before the notice: %v matches, %d stamp reads", n, stamps.n.Load())
	}
	peers.h.Notice(db.Notice{Kind: db.NoticeStandings, ID: lg})
	if n := matches(); n != 1 {
		t.Fatalf("after the notice: %v matches", n)
	}
	for range 3 {
		matches()
	}
	if stamps.n.Load() != 0 {
		t.Fatalf("%d stamp reads while notices arrive", stamps.n.Load())
	}
	peers.following.Store(false)
	matches()
	if stamps.n.Load() != 1 {
		t.Fatalf("%d stamp reads with the listener away, want 1", stamps.n.Load())
	}
}

// What an instance accepts is announced to the others: the event with the
// match's version, a standings change, a revocation and a league change.
func TestChangesAreAnnounced(t *testing.T) {
	store := newTestServer(t)
	peers := &heldPeers{}
	e, _ := newServer(t, Config{WritesPerSecond: -1, Peers: peers}, store.store, rules.NewRegistry(rulestest.Counter()))
	s := &testServer{e: e, admin: store.admin}
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "L", "game": "counter"})["id"].(string)
	p := []string{s.player(t, "Sara"), s.player(t, "Kian")}
	m := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": p, "league_id": lg, "options": map[string]any{"target": 1}})["id"].(string)
	s.must(t, 201, "POST", "/v1/matches/"+m+"/events", map[string]any{"type": "add", "data": map[string]any{"player": p[0], "n": 1}})
	tok := s.must(t, 201, "POST", "/v1/tokens", map[string]any{"role": "viewer", "league_id": lg})["id"].(string)
	s.must(t, 204, "DELETE", "/v1/tokens/"+tok, nil)
	s.must(t, 200, "PATCH", "/v1/leagues/"+lg, map[string]any{"visibility": "private"})
	want := []db.Notice{{Kind: db.NoticeStandings, ID: lg}, {Kind: db.NoticeMatch, ID: m, Version: 1}, {Kind: db.NoticeToken, ID: tok}, {Kind: db.NoticeLeague, ID: lg}}
	if len(peers.announced) != len(want) {
		t.Fatalf("announced %v, want %v", peers.announced, want)
	}
	for i := range want {
		if peers.announced[i] != want[i] {
			t.Fatalf("announced %v, want %v", peers.announced, want)
		}
	}
}
