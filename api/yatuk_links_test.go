package api

import (
	"encoding/json"
	"testing"

	"github.com/motamed/motamed/rules/yatuk"
)

// The army referee takes declared links as positions from 1, or null for
// no summoner: a 0 is refused with a problem on that link, like -1 or a
// position past the army, instead of being read as "no summoner".
func TestYatukArmyRefusesLinkZero(t *testing.T) {
	s := newTestServer(t, yatuk.New())
	army := func(links string) map[string]any {
		return map[string]any{"cards": []any{
			map[string]any{"kind": "wizard", "colors": []string{"red"}, "power": 4},
			map[string]any{"kind": "monster", "colors": []string{"red"}, "power": 10},
		}, "chain_resolution": "declared", "links": json.RawMessage(links)}
	}
	for _, links := range []string{`[null,0]`, `[null,-1]`, `[null,3]`} {
		p := s.must(t, 400, "POST", "/v1/referee/yatuk/army", army(links))
		fs, _ := p["fields"].([]any)
		if len(fs) != 1 || fs[0].(map[string]any)["field"] != "links[1]" {
			t.Fatalf("%s: %v", links, p)
		}
	}
	if a := s.must(t, 200, "POST", "/v1/referee/yatuk/army", army(`[null,1]`)); a["total"] != 14.0 {
		t.Fatalf("linked army: %v", a)
	}
}
