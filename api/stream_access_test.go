package api

import (
	"io"
	"net/http"
	"testing"
	"time"
)

// streamStatus opens path and returns the status it is answered with (a
// stream that opens is closed at once).
func streamStatus(t testing.TB, base, path string, headers ...string) (int, http.Header, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusOK {
		return resp.StatusCode, resp.Header, ""
	}
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(b)
}

// wantRevoked checks that the stream's next event is the final one, a
// problem with status, and that the stream then ends.
func wantRevoked(t testing.TB, c *sseClient, status float64) {
	t.Helper()
	ev := c.next(t)
	if ev.name != "revoked" || ev.id != "" {
		t.Fatalf("got %s id %q (%.200s), want the final revoked event", ev.name, ev.id, ev.data)
	}
	p := ev.json(t)
	if p["status"] != status || p["type"] == "" || p["detail"] == "" {
		t.Fatalf("final event: %v, want a problem with status %v", p, status)
	}
	select {
	case <-c.done:
	case <-time.After(eventWithin):
		t.Fatal("the stream did not end after its final event")
	}
	select {
	case ev := <-c.events:
		t.Fatalf("after the final event: %s %s", ev.name, ev.id)
	default:
	}
}

// streamWorld is a private and a public league, each with a match, tokens
// of the private league, and a live server.
type streamWorld struct {
	ts                     *testServer
	url                    string
	private, public        string // league IDs
	privMatch, pubMatch    string
	players                []string
	owner, viewer, viewer2 tokenPair
	moves                  map[string]int // events recorded per match
}

type tokenPair struct{ id, secret string }

func newStreamWorld(t *testing.T) *streamWorld {
	ts := newTestServer(t)
	w := &streamWorld{ts: ts, url: liveServer(t, ts).URL, moves: map[string]int{}}
	w.private = ts.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Private", "game": "counter", "visibility": "private"})["id"].(string)
	w.public = ts.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Public", "game": "counter"})["id"].(string)
	w.players = []string{ts.player(t, "Sara"), ts.player(t, "رضا")}
	newMatch := func(league string) string {
		return ts.must(t, 201, "POST", "/v1/matches", map[string]any{"game": "counter", "players": w.players, "league_id": league, "options": map[string]any{"target": 1000}})["id"].(string)
	}
	w.privMatch, w.pubMatch = newMatch(w.private), newMatch(w.public)
	token := func(role string) tokenPair {
		r := ts.must(t, 201, "POST", "/v1/tokens", map[string]any{"role": role, "league_id": w.private})
		return tokenPair{r["id"].(string), r["token"].(string)}
	}
	w.owner, w.viewer, w.viewer2 = token("owner"), token("viewer"), token("viewer")
	return w
}

// add records the next move in match id (as the admin).
func (w *streamWorld) add(t *testing.T, id string) {
	w.moves[id]++
	addMove(t, w.ts, id, w.players, w.moves[id])
}

// Revoking a token ends, before DELETE is answered, every stream opened
// with it (token in the header or in ?access_token=, any role); the next
// event is not delivered to them, their reconnection gets 401, and the
// streams of other tokens go on.
func TestStreamsEndWhenTheirTokenIsRevoked(t *testing.T) {
	for _, tc := range []struct {
		name  string
		token func(w *streamWorld) tokenPair
		query bool
	}{
		{"viewer token in the header", func(w *streamWorld) tokenPair { return w.viewer }, false},
		{"viewer token in the query", func(w *streamWorld) tokenPair { return w.viewer }, true},
		{"owner token", func(w *streamWorld) tokenPair { return w.owner }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newStreamWorld(t)
			tok := tc.token(w)
			open := func(path string) *sseClient {
				if tc.query {
					return openSSE(t, w.url, path+"?access_token="+tok.secret)
				}
				return openSSE(t, w.url, path, "Authorization", "Bearer "+tok.secret)
			}
			match := open("/v1/matches/" + w.privMatch + "/stream")
			league := open("/v1/leagues/" + w.private + "/stream")
			public := open("/v1/matches/" + w.pubMatch + "/stream")
			other := openSSE(t, w.url, "/v1/matches/"+w.privMatch+"/stream", "Authorization", "Bearer "+w.viewer2.secret)
			for _, c := range []*sseClient{match, league, public, other} {
				c.next(t) // snapshot or standings
			}

			w.ts.must(t, 204, "DELETE", "/v1/tokens/"+tok.id, nil)
			w.add(t, w.privMatch)
			w.add(t, w.pubMatch)
			for _, c := range []*sseClient{match, league, public} {
				wantRevoked(t, c, 401)
			}
			wantEvent(t, other.next(t), "match", 1)
			if code, hdr, body := streamStatus(t, w.url, "/v1/matches/"+w.privMatch+"/stream", "Authorization", "Bearer "+tok.secret); code != 401 || hdr.Get("Content-Type") != "application/problem+json" {
				t.Fatalf("reconnection: %d %s", code, body)
			}
			if code, _, body := streamStatus(t, w.url, "/v1/leagues/"+w.private+"/stream?access_token="+tok.secret); code != 401 {
				t.Fatalf("reconnection by query: %d %s", code, body)
			}
			if n := w.ts.server.streams.count(); n != 1 {
				t.Fatalf("%d streams open, want the other token's 1", n)
			}
		})
	}
}

// Making a league private ends its anonymous streams (match and standings)
// before PATCH is answered; the streams of callers who may still read it,
// and of other leagues, go on, and an anonymous reconnection gets 404.
func TestStreamsEndWhenTheirLeagueTurnsPrivate(t *testing.T) {
	w := newStreamWorld(t)
	anonMatch := openSSE(t, w.url, "/v1/matches/"+w.pubMatch+"/stream")
	anonLeague := openSSE(t, w.url, "/v1/leagues/"+w.public+"/stream")
	admin := openSSE(t, w.url, "/v1/matches/"+w.pubMatch+"/stream", "Authorization", "Bearer "+w.ts.admin)
	elsewhere := openSSE(t, w.url, "/v1/matches/"+w.privMatch+"/stream", "Authorization", "Bearer "+w.viewer.secret)
	for _, c := range []*sseClient{anonMatch, anonLeague, admin, elsewhere} {
		c.next(t)
	}

	// A rename keeps every stream.
	w.ts.must(t, 200, "PATCH", "/v1/leagues/"+w.public, map[string]any{"name": "Still public"})
	w.add(t, w.pubMatch)
	wantEvent(t, anonMatch.next(t), "match", 1)
	wantEvent(t, admin.next(t), "match", 1)

	w.ts.must(t, 200, "PATCH", "/v1/leagues/"+w.public, map[string]any{"visibility": "private"})
	w.add(t, w.pubMatch)
	w.add(t, w.privMatch)
	wantRevoked(t, anonMatch, 404)
	wantRevoked(t, anonLeague, 404)
	wantEvent(t, admin.next(t), "match", 2)
	wantEvent(t, elsewhere.next(t), "match", 1)
	for _, path := range []string{"/v1/matches/" + w.pubMatch + "/stream", "/v1/leagues/" + w.public + "/stream"} {
		if code, _, body := streamStatus(t, w.url, path); code != 404 {
			t.Fatalf("anonymous reconnection to %s: %d %s", path, code, body)
		}
	}
}

// Beyond the per-token (but the admin's) and per-address limits a stream
// is refused with 429, a problem and Retry-After; closing one makes room
// again.
func TestStreamLimits(t *testing.T) {
	ts := newTestServerWith(t, Config{StreamsPerToken: 2, StreamsPerAddress: 3})
	url := liveServer(t, ts).URL
	id, _ := streamMatch(t, ts)
	path := "/v1/matches/" + id + "/stream"
	wantRefused := func(headers ...string) {
		t.Helper()
		code, hdr, body := streamStatus(t, url, path, headers...)
		if code != 429 || hdr.Get("Retry-After") == "" || hdr.Get("Content-Type") != "application/problem+json" {
			t.Fatalf("over the limit: %d Retry-After %q %s", code, hdr.Get("Retry-After"), body)
		}
	}
	waitOpen := func(n int) {
		t.Helper()
		deadline := time.Now().Add(eventWithin)
		for ts.server.streams.count() != n {
			if time.Now().After(deadline) {
				t.Fatalf("%d streams open, want %d", ts.server.streams.count(), n)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}

	scorer := ts.must(t, 201, "POST", "/v1/tokens", map[string]any{"role": "scorer", "league_id": ts.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "L", "game": "counter"})["id"]})["token"].(string)
	t.Run("per token", func(t *testing.T) {
		auth := []string{"Authorization", "Bearer " + scorer}
		first := openSSE(t, url, path, auth...)
		openSSE(t, url, path, auth...)
		wantRefused(auth...)
		first.close()
		waitOpen(1)
		openSSE(t, url, path, auth...)
		wantRefused(auth...)
		// The admin's token is limited only by its address.
		openSSE(t, url, path, "Authorization", "Bearer "+ts.admin)
	})
	waitOpen(0)

	t.Run("per address", func(t *testing.T) {
		first := openSSE(t, url, path)
		openSSE(t, url, path)
		openSSE(t, url, path)
		wantRefused()
		first.close()
		waitOpen(2)
		openSSE(t, url, path)
		wantRefused()
	})
}
