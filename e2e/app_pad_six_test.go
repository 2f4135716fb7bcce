//go:build browser

package e2e

import (
	"encoding/json"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/play"
)

// fullTable records, through the API, most of a generated match of spec
// with as many players as the game allows (six where it may), and returns
// the match.
func fullTable(t *testing.T, c *client, ids []string, spec play.Spec) string {
	t.Helper()
	var seq *play.Seq
	for i := 0; seq == nil || seq.Seats != spec.Max || len(seq.Bodies) < 40; i++ {
		s, _, err := play.Generate(spec, 7, i)
		if err != nil {
			t.Fatal(err)
		}
		seq = s
	}
	m, _ := recordGenerated(t, c, ids, spec, seq, func(total int) int { return min(total-1, max(60, total/2)) }, nil)
	return m
}

// recordGenerated opens a match of the generated seq with its first seats
// of ids and its options, records its first n events through the API
// (seen, when set, looks at each), and returns the match and its whole
// list of events.
func recordGenerated(t *testing.T, c *client, ids []string, spec play.Spec, seq *play.Seq, n func(total int) int, seen func(rules.Event)) (string, []rules.Event) {
	t.Helper()
	seats := ids[:seq.Seats]
	body := map[string]any{"game": spec.ID, "players": seats}
	if seq.Options != "" {
		var opts map[string]any
		if err := json.Unmarshal([]byte(seq.Replacer(seats).Replace(seq.Options)), &opts); err != nil {
			t.Fatal(err)
		}
		body["options"] = opts
	}
	m := c.id("POST", "/v1/matches", body)
	events := seq.Events(seats)
	for _, ev := range events[:n(len(events))] {
		c.do("POST", "/v1/matches/"+m+"/events", map[string]any{"type": ev.Type, "data": ev.Data}, 201)
		if seen != nil {
			seen(ev)
		}
	}
	return m, events
}

// cutHeadingJS is the text of the first visible sheet column heading shown
// cut short (an ellipsis in place of its end), or "".
const cutHeadingJS = `(() => {
  for (const e of document.querySelectorAll('table.sheet thead .rh')) {
    if (e.getClientRects().length && e.scrollWidth > e.clientWidth + 1) return e.textContent;
  }
  return '';
})()`

// Every game with as many players as it allows (six for Wizard, Munchkin,
// Wazabi and a score sheet; four for Silver and Yatuk), well into a match,
// on a 390 px phone in both languages: neither the play screen nor the
// score sheet scrolls sideways, every control is at least 44 px, and the
// sheet's first column keeps its heading whole.
func TestAppSixPlayersOnAPhone(t *testing.T) {
	b, c := appServer(t)
	ids := c.players("Sara", "رضا", "Kian", "Mina", "Darius", "نگار")
	matches := map[string]string{}
	var order []string
	for _, spec := range play.Games() {
		matches[spec.ID] = fullTable(t, c, ids, spec)
		order = append(order, spec.ID)
	}
	c.do("POST", "/v1/games", map[string]any{"id": "six-sheet", "name": "Six seats", "name_fa": "شش نفره", "min_players": 2, "max_players": 6,
		"categories": []map[string]any{{"id": "birds", "name": "Birds", "name_fa": "پرنده‌ها"}, {"id": "eggs", "name": "Eggs", "name_fa": "تخم‌ها"}}}, 201)
	sheet := c.id("POST", "/v1/matches", map[string]any{"game": "six-sheet", "players": ids})
	scores := map[string]int{}
	for i, id := range ids {
		scores[id] = 100 + 7*i
	}
	c.do("POST", "/v1/matches/"+sheet+"/events", map[string]any{"type": "scores_recorded", "data": map[string]any{"category": "birds", "scores": scores}}, 201)
	matches["six-sheet"] = sheet
	order = append(order, "six-sheet")

	p := b.tab("six")
	signIn(p, c)
	for _, lang := range []string{"en", "fa"} {
		inLang(p, lang)
		for _, game := range order {
			tag := game + "-" + lang
			p.open(c.base + "/#/m/" + matches[game])
			waitFor(p, `!!document.querySelector('#tab-sheet') && document.querySelector('#tab-sheet').getClientRects().length > 0`)
			phoneFits(p, tag+" play")
			p.shot("six-" + tag + "-play")
			p.click("#tab-sheet")
			phoneFits(p, tag+" sheet")
			if cut := evalIn[string](p, cutHeadingJS); cut != "" {
				t.Errorf("%s: the sheet's first column heading is cut short: %q", tag, cut)
			}
			p.shot("six-" + tag + "-sheet")
			p.click("#tab-play")
		}
	}
	b.clean()
}
