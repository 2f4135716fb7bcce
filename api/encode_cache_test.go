package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/all"
	"github.com/motamed/motamed/rules/play"
)

// referenceMatchJSON encodes m the plain way, every piece from scratch with
// encoding/json: what the cached, row-by-row encoding must reproduce byte
// for byte.
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
		State: state, Result: m.State.Result(), Next: m.State.Next().In(lang),
		MatchTimes: matchTimesOf(m),
		Scores:     ScoresResponse{Totals: m.State.Scores().Totals, Rounds: rounds},
	}
	if m.LeagueID != "" {
		r.LeagueID = &m.LeagueID
	}
	r.Players = seatResponses(m)
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestMatchBodyEqualsAFullEncoding plays realistic matches of every game
// through the server, with an undo now and then, and checks that every
// answer's match, written from the encode cache (which reuses the previous
// version's score rows), is byte for byte the match encoded from scratch;
// that GET answers the same bytes in both languages; and that minimal
// answers, written by hand, are byte for byte what encoding/json makes.
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
							Status: m.Status, Version: m.Version, Next: next, State: state, Totals: m.State.Scores().Totals,
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

// sheetState is a state whose score rows a test sets directly.
type sheetState struct {
	Rows any `json:"-"`
}

func (s sheetState) Scores() rules.Scores {
	return rules.Scores{Totals: map[string]int{"a": 1}, Rounds: s.Rows}
}
func (s sheetState) Result() *rules.Result { return nil }
func (s sheetState) Next() rules.Text      { return rules.T("next", "بعدی") }

func sheetMatch(version int64, rows any) *db.Match {
	return &db.Match{ID: "m_sheet", Game: "counter", Status: "in_progress", Version: version, Options: json.RawMessage(`{}`),
		State: sheetState{Rows: rows}, Seats: []db.Seat{{PlayerID: "a", Name: "A", Seat: 0}}}
}

// TestEncodedRowsComeOnlyFromThePreviousVersion: a version reuses the rows
// of the one just before it, except the last; an older encoding lends none,
// so a sheet that changed in between is encoded afresh. Sheets that are
// null or not lists are encoded whole.
func TestEncodedRowsComeOnlyFromThePreviousVersion(t *testing.T) {
	type row struct{ N int }
	rounds := func(b []byte) string {
		var v struct {
			Scores struct {
				Rounds json.RawMessage `json:"rounds"`
			} `json:"scores"`
		}
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatalf("%v: %s", err, b)
		}
		return string(v.Scores.Rounds)
	}
	c := newEncodeCache(8, 1<<20)
	steps := []struct {
		version int64
		rows    any
		want    string
	}{
		{1, []row{{1}, {2}}, `[{"N":1},{"N":2}]`},
		// The next version: rows before the last are the previous ones'
		// (row 0 is deliberately different here, to prove it is reused).
		{2, []row{{9}, {3}, {4}}, `[{"N":1},{"N":3},{"N":4}]`},
		// Two versions on: nothing is reused.
		{4, []row{{9}, {3}, {5}}, `[{"N":9},{"N":3},{"N":5}]`},
		// Fewer rows than before (an undo): the shorter prefix minus one.
		{5, []row{{7}, {8}}, `[{"N":9},{"N":8}]`},
		{6, []row(nil), `null`},
		{7, map[string]int{"x": 1}, `{"x":1}`},
		{8, []row{{1}}, `[{"N":1}]`},
	}
	for _, st := range steps {
		e, err := c.get(sheetMatch(st.version, st.rows))
		if err != nil {
			t.Fatal(err)
		}
		if got := rounds(e.appendBody(nil, "en")); got != st.want {
			t.Errorf("v%d: rounds %s, want %s", st.version, got, st.want)
		}
		if again, _ := c.get(sheetMatch(st.version, nil)); again != e {
			t.Errorf("v%d: a second get encoded again", st.version)
		}
	}
	e, _ := c.get(sheetMatch(8, nil))
	en, fa := e.appendBody(nil, "en"), e.appendBody(nil, "fa")
	if !bytes.Contains(fa, []byte(`"next":"بعدی"`)) || !bytes.Contains(en, []byte(`"next":"next"`)) {
		t.Errorf("bodies by language: %s / %s", en, fa)
	}
	if len(en) > e.length(0) || len(fa) > e.length(1) {
		t.Errorf("bodies of %d and %d bytes, sized for %d and %d", len(en), len(fa), e.length(0), e.length(1))
	}
}

// TestEncodeCacheSharesRowsWithinItsBounds: a new version's kept rows are
// the previous version's bytes, not copies; and the cache holds no more
// entries and (but for the newest entry) no more bytes than it is allowed.
func TestEncodeCacheSharesRowsWithinItsBounds(t *testing.T) {
	type row struct{ S string }
	long := []row{{strings.Repeat("x", 300)}, {strings.Repeat("y", 300)}}
	c := newEncodeCache(3, 2000)
	e1, err := c.get(sheetMatch(1, long))
	if err != nil {
		t.Fatal(err)
	}
	e2, err := c.get(sheetMatch(2, append(long, row{"z"})))
	if err != nil {
		t.Fatal(err)
	}
	if unsafe.SliceData(e2.rows[0]) != unsafe.SliceData(e1.rows[0]) || unsafe.SliceData(e2.rows[1]) == unsafe.SliceData(e1.rows[1]) {
		t.Error("a new version must share every row but the previous last one, and encode that one again")
	}
	if e2.size < int64(len(e2.appendBody(nil, "en"))) || e2.size > int64(e2.length(0)) {
		t.Errorf("size %d for a body of %d bytes", e2.size, len(e2.appendBody(nil, "en")))
	}
	for i := 0; i < 10; i++ {
		m := sheetMatch(1, long)
		m.ID = fmt.Sprintf("m_%d", i)
		if _, err := c.get(m); err != nil {
			t.Fatal(err)
		}
		if len(c.items) > 3 || c.bytes > 2000+e2.size {
			t.Fatalf("after %d matches: %d entries, %d bytes", i+1, len(c.items), c.bytes)
		}
		var sum int64
		for _, v := range c.items {
			sum += v.size
		}
		if sum != c.bytes {
			t.Fatalf("counted %d bytes, entries hold %d", c.bytes, sum)
		}
	}
}

// Finished matches keep at most an eighth of the cache's bytes: past it,
// other finished entries go and entries of matches in progress stay; the
// byte counts stay exact.
func TestEncodeCacheFinishedBudget(t *testing.T) {
	type row struct{ S string }
	rows := []row{{strings.Repeat("x", 200)}}
	c := newEncodeCache(100, 8000)
	const budget = 8000 / 8 // for finished matches
	put := func(id, status string) *encodedMatch {
		t.Helper()
		m := sheetMatch(1, rows)
		m.ID, m.Status = id, status
		e, err := c.get(m)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	size := put("live1", db.StatusInProgress).size
	put("live2", db.StatusInProgress)
	for i := 0; i < 10; i++ {
		put(fmt.Sprintf("done%d", i), db.StatusFinished)
		if c.doneBytes > budget+size {
			t.Fatalf("after %d finished matches: %d bytes of finished entries", i+1, c.doneBytes)
		}
	}
	if c.items["live1"] == nil || c.items["live2"] == nil || c.items["done9"] == nil {
		t.Fatal("the matches in progress and the one just put must stay")
	}
	var sum, done int64
	for _, v := range c.items {
		sum += v.size
		if v.finished {
			done += v.size
		}
	}
	if sum != c.bytes || done != c.doneBytes || done > budget+size {
		t.Fatalf("counted %d bytes (%d finished), entries hold %d (%d finished)", c.bytes, c.doneBytes, sum, done)
	}
}

// AppendedCompactResponse is the default answer to an append, an undo or a
// correction: the event and the match without its score sheet.
type AppendedCompactResponse struct {
	Event  EventResponse `json:"event"`
	Match  MatchCompact  `json:"match"`
	Rounds ChangedRounds `json:"rounds"`
}

// ChangedRounds are the score sheet's rows a change touched: the rows from
// index From on.
type ChangedRounds struct {
	From int               `json:"from"`
	Rows []json.RawMessage `json:"rows"`
}

// MatchCompact is the match after a change without its players, options
// and score sheet: a size that does not depend on how long the match is.
type MatchCompact struct {
	ID        string          `json:"id"`
	Game      string          `json:"game"`
	LeagueID  *string         `json:"league_id"`
	Status    string          `json:"status"`
	Version   int64           `json:"version"`
	Next      string          `json:"next"`
	State     json.RawMessage `json:"state"`
	Totals    map[string]int  `json:"totals"`
	Result    *rules.Result   `json:"result"`
	UpdatedAt string          `json:"updated_at"`
}
