package api

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/motamed/motamed/rules/all"
)

// bgStatsHistory is a BG Stats export of a cafe's Wingspan history: plays
// plays, one a day-part apart, four of 40 players each (some with Persian
// names), ranked by score.
func bgStatsHistory(plays int) string {
	var b strings.Builder
	b.WriteString(`{"players":[`)
	for i := 1; i <= 40; i++ {
		if i > 1 {
			b.WriteString(",")
		}
		name := fmt.Sprintf("Player %d", i)
		if i%3 == 0 {
			name = fmt.Sprintf("بازیکن %d", i)
		}
		fmt.Fprintf(&b, `{"id":%d,"uuid":"u%d","name":%q}`, i, i, name)
	}
	b.WriteString(`],"locations":[{"id":1,"name":"کافه درنا"}],"games":[{"id":3,"name":"Wingspan","highestWins":true}],"plays":[`)
	start := time.Date(2019, 1, 1, 18, 0, 0, 0, time.UTC)
	for p := 0; p < plays; p++ {
		if p > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"uuid":"h-%05d","playDate":%q,"gameRefId":3,"locationRefId":1,"durationMin":60,"playerScores":[`,
			p, start.Add(time.Duration(p)*3*time.Hour).Format(time.DateTime))
		for k := 0; k < 4; k++ {
			if k > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"playerRefId":%d,"score":"%d","winner":%t,"rank":%d,"seatOrder":%d}`,
				(p*7+k*11)%40+1, 100-k*10-p%7, k == 0, k+1, k+1)
		}
		b.WriteString(`]}`)
	}
	b.WriteString(`]}`)
	return b.String()
}

// A cafe's whole history, 10,000 plays, comes in with one request within
// the import's own body limit: every play a finished match, every player
// created once, every play in the standings. The deadlines are an hour:
// this checks what is stored, not how fast (under the race detector on a
// busy machine the import alone took 105 s); BenchmarkImport10000 times it.
func TestBGStatsImportLargeHistory(t *testing.T) {
	if testing.Short() {
		t.Skip("imports 10,000 plays")
	}
	s := newTestServerWith(t, Config{RequestTimeout: time.Hour, ImportTimeout: time.Hour}, all.Registry().All()...)
	s.must(t, 201, "POST", "/v1/games", wingspanSheet)
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Cafe Dorna", "game": "wingspan"})["id"].(string)
	file := bgStatsHistory(10000)
	began := time.Now()
	got := s.must(t, 201, "POST", "/v1/leagues/"+lg+"/import", file)
	took := time.Since(began)
	t.Logf("10,000 plays (%d KB) imported in %v", len(file)>>10, took)
	if got["plays"].(map[string]any)["imported"] != 10000.0 || s.count(t, "matches") != 10000 || s.count(t, "players") != 40 || s.count(t, "match_results") != 10000 {
		t.Fatalf("imported %v: %d matches, %d players", got["plays"], s.count(t, "matches"), s.count(t, "players"))
	}
	played := 0.0
	for _, r := range s.must(t, 200, "GET", "/v1/leagues/"+lg+"/standings", nil)["rows"].([]any) {
		played += r.(map[string]any)["played"].(float64)
	}
	if played != 4*10000 {
		t.Fatalf("standings count %v seats, want 40,000", played)
	}
}

// The import route has its own body limit, and only it: a 200 KB export
// comes in under an import limit of 1M while any other route still
// refuses a body over the general limit (64K here), and an export over
// the import limit is refused with that limit named.
func TestBGStatsImportBodyLimit(t *testing.T) {
	s := newTestServerWith(t, Config{ImportBodyLimit: "1M"}, all.Registry().All()...)
	s.must(t, 201, "POST", "/v1/games", wingspanSheet)
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Cafe Dorna", "game": "wingspan"})["id"].(string)
	file := bgStatsHistory(500)
	if len(file) < 100<<10 {
		t.Fatalf("the file is only %d bytes", len(file))
	}
	if r := s.do("POST", "/v1/players", `{"name":"`+strings.Repeat("x", 100<<10)+`"}`); r.status != 413 {
		t.Fatalf("a 100 KB player: %d", r.status)
	}
	s.must(t, 201, "POST", "/v1/leagues/"+lg+"/import", file)
	r := s.do("POST", "/v1/leagues/"+lg+"/import", bgStatsHistory(3000))
	if r.status != 413 || !strings.Contains(string(r.body), "(1M)") {
		t.Fatalf("over the import limit: %d %s", r.status, r.body)
	}
}
