package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/all"
	"github.com/motamed/motamed/rules/play"
)

// referenceMatchJSON encodes m with encoding/json, reflecting over the
// game's state and rows: what the answers, written with each state's and
// row's own JSON, must reproduce byte for byte.
func referenceMatchJSON(t *testing.T, m *db.Match, lang string) []byte {
	t.Helper()
	state, err := json.Marshal(m.State)
	if err != nil {
		t.Fatal(err)
	}
	rounds, err := json.Marshal(m.State.Scores().Rounds)
	if err != nil {
		t.Fatal(err)
	}
	r := MatchResponse{
		ID: m.ID, Game: m.Game, Status: m.Status, Options: m.Options, Version: m.Version,
		State: json.RawMessage(state), Result: m.State.Result(), Next: m.State.Next().In(lang),
		MatchTimes: matchTimesOf(m),
		Scores:     ScoresResponse{Totals: m.State.Scores().Totals, Rounds: json.RawMessage(rounds)},
	}
	if m.LeagueID != "" {
		r.LeagueID = &m.LeagueID
	}
	r.Players = seatResponses(m)
	if v, ok := m.State.(rules.Viewer); ok {
		view := v.View()
		r.View = &view
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestMatchBodyEqualsAFullEncoding plays realistic matches of every game
// through the server, with an undo now and then, and checks that every
// answer's match is byte for byte what encoding/json makes of it; that GET
// answers the same bytes in both languages; and that compact and minimal
// answers are byte for byte what encoding/json makes, the compact ones
// carrying the sheet's rows from where the change touched it.
func TestMatchBodyEqualsAFullEncoding(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	ctx := context.Background()
	league := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Café <Ferdowsi> & co", "game": "wizard"})["id"].(string)
	names := []string{"Sara", "رضا", `Kian "K" <b>`, "مریم", "Ali & Co", "Navid"}
	var players []string
	for _, n := range names {
		players = append(players, s.player(t, n))
	}
	pool, err := play.BuildPool(play.Games(), 2, 7)
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range play.Games() {
		for i, seq := range pool[spec.ID] {
			t.Run(fmt.Sprintf("%s/%d", spec.ID, i), func(t *testing.T) {
				ids := players[:seq.Seats]
				body := map[string]any{"game": spec.ID, "players": ids}
				if seq.Options != "" {
					body["options"] = json.RawMessage(seq.Replacer(ids).Replace(seq.Options))
				}
				if spec.ID == "wizard" {
					body["league_id"] = league
				}
				id := s.must(t, 201, "POST", "/v1/matches", body)["id"].(string)
				check := func(answer []byte, lang string) {
					t.Helper()
					m, err := s.store.GetMatch(ctx, id)
					if err != nil {
						t.Fatal(err)
					}
					want := referenceMatchJSON(t, m, lang)
					var got struct {
						Event json.RawMessage `json:"event"`
						Match json.RawMessage `json:"match"`
					}
					if err := json.Unmarshal(answer, &got); err != nil {
						t.Fatalf("answer is not JSON: %v", err)
					}
					if !bytes.Equal(got.Match, want) {
						t.Fatalf("v%d %s: the answer's match differs from a full encoding:\n got %s\nwant %s", m.Version, lang, got.Match, want)
					}
					log, err := s.store.Events(ctx, id)
					if err != nil {
						t.Fatal(err)
					}
					wantEvent, _ := json.Marshal(s.server.eventResponse(log[len(log)-1], lang))
					if !bytes.Equal(got.Event, wantEvent) {
						t.Fatalf("v%d %s: the answer's event differs from encoding/json's:\n got %s\nwant %s", m.Version, lang, got.Event, wantEvent)
					}
					for _, l := range []string{"en", "fa"} {
						r := s.do("GET", "/v1/matches/"+id+"?lang="+l, nil)
						if want := append(referenceMatchJSON(t, m, l), '\n'); r.status != 200 || !bytes.Equal(r.body, want) {
							t.Fatalf("GET v%d %s: %d\n got %s\nwant %s", m.Version, l, r.status, r.body, want)
						}
					}
				}
				// checkShort checks a compact or minimal answer against
				// encoding/json's encoding of the same value.
				checkShort := func(answer []byte, lang string, compact bool) {
					t.Helper()
					m, err := s.store.GetMatch(ctx, id)
					if err != nil {
						t.Fatal(err)
					}
					log, err := s.store.Events(ctx, id)
					if err != nil {
						t.Fatal(err)
					}
					ev, next := s.server.eventResponse(log[len(log)-1], lang), m.State.Next().In(lang)
					want, _ := json.Marshal(AppendedMinimalResponse{Event: ev, Match: MatchSummary{ID: m.ID, Game: m.Game,
						Status: m.Status, Version: m.Version, Next: next, Totals: m.State.Scores().Totals, Result: m.State.Result()}})
					if compact {
						state, _ := json.Marshal(m.State)
						var league *string
						if m.LeagueID != "" {
							league = &m.LeagueID
						}
						// The rows sent: the sheet from the answer's own
						// index on, which after an event is its last row
						// or the one before.
						var got struct{ Rounds ChangedRounds }
						if err := json.Unmarshal(answer, &got); err != nil {
							t.Fatal(err)
						}
						var sheet []json.RawMessage
						whole, _ := json.Marshal(m.State.Scores().Rounds)
						_ = json.Unmarshal(whole, &sheet)
						if got.Rounds.From > len(sheet) || got.Rounds.From < len(sheet)-2 {
							t.Fatalf("v%d: rows from %d of a sheet of %d", m.Version, got.Rounds.From, len(sheet))
						}
						want, _ = json.Marshal(AppendedCompactResponse{Event: ev, Match: MatchCompact{ID: m.ID, Game: m.Game, LeagueID: league,
							Status: m.Status, Version: m.Version, Next: next, State: json.RawMessage(state), Totals: m.State.Scores().Totals,
							Result: m.State.Result(), UpdatedAt: timeString(m.UpdatedAt)},
							Rounds: ChangedRounds{From: got.Rounds.From, Rows: sheet[got.Rounds.From:]}})
					}
					if want = append(want, '\n'); !bytes.Equal(answer, want) {
						t.Fatalf("v%d %s: the answer differs from encoding/json's:\n got %s\nwant %s", m.Version, lang, answer, want)
					}
				}
				events := seq.Events(ids)
				for k, ev := range events {
					lang := []string{"en", "fa"}[k%2]
					if k%3 == 1 {
						r := s.do("POST", "/v1/matches/"+id+"/events", ev, "Accept-Language", lang)
						if r.status != 201 {
							t.Fatalf("event %d: %d %s", k+1, r.status, r.body)
						}
						checkShort(r.body, lang, true)
						continue
					}
					if k%3 == 2 {
						r := s.do("POST", "/v1/matches/"+id+"/events", ev, "Accept-Language", lang, "Prefer", "return=minimal")
						if r.status != 201 {
							t.Fatalf("event %d: %d %s", k+1, r.status, r.body)
						}
						checkShort(r.body, lang, false)
						continue
					}
					full := []string{"Accept-Language", lang, "Prefer", "return=representation"}
					r := s.do("POST", "/v1/matches/"+id+"/events", ev, full...)
					if r.status != 201 {
						t.Fatalf("event %d: %d %s", k+1, r.status, r.body)
					}
					check(r.body, lang)
					if k%17 == 6 && k+1 < len(events) { // take it back, check, record it again
						r := s.do("POST", "/v1/matches/"+id+"/undo", nil)
						if r.status != 200 {
							t.Fatalf("undo after event %d: %d %s", k+1, r.status, r.body)
						}
						checkShort(r.body, "en", true)
						if r := s.do("POST", "/v1/matches/"+id+"/events", ev, "Prefer", "return=representation"); r.status != 201 {
							t.Fatalf("event %d again: %d %s", k+1, r.status, r.body)
						} else {
							check(r.body, "en")
						}
					}
				}
			})
		}
	}
}
