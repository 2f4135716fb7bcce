//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/motamed/motamed/rules/play"
)

// tvSheetFacts reads the TV page as people see it: every player's column of
// the score sheet summed from the figures drawn (rows hidden for room
// included), the totals drawn under it, the marks drawn against those the
// game's view carries, the rows left out and whether the page says so, the
// smallest text that carries a score, and the "now" panel.
const tvSheetFacts = `(() => {
  const num = (s) => Number(String(s).replace(/[۰-۹]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'.indexOf(d)).replace('−', '-').replace('٫', '.'));
  const m = Motamed.current(), sheet = m.view.sheet;
  const rows = [...document.querySelectorAll('#sheet tbody tr')];
  const sums = m.players.map(() => sheet.start || 0);
  rows.forEach((r) => [...r.querySelectorAll('td.num')].forEach((td, j) => { const v = td.querySelector('.v'); if (v) sums[j] += num(v.textContent); }));
  const foot = [...document.querySelectorAll('#sheet tfoot td.total')].map((td) => num(td.textContent));
  const cards = m.players.map((p) => num(document.querySelector('#players [data-player="' + p.id + '"] .total').textContent));
  let marks = 0;
  for (const r of sheet.rows) for (const id in r.cells) marks += (r.cells[id].marks || []).length;
  const older = rows.filter((r) => r.classList.contains('older')).length;
  const note = document.querySelector('#sheet caption.older-note');
  const visible = (el) => el && !el.hidden && el.getBoundingClientRect().height > 0 && getComputedStyle(el).display !== 'none';
  const scored = [...document.querySelectorAll('#sheet tr:not(.older) td .v, #sheet tfoot td.total, #players .total, #players .seat-now .num')].filter(visible);
  const now = document.getElementById('now');
  return {
    sum: sheet.sum, sums, foot, cards, totals: m.players.map((p) => m.scores.totals[p.id] || 0),
    marks, marksDrawn: document.querySelectorAll('#sheet tbody tr td small .mark').length,
    rows: rows.length, older, notice: visible(note) ? note.textContent : '',
    smallest: Math.min(...scored.map((e) => parseFloat(getComputedStyle(e).fontSize))), scored: scored.length,
    now: visible(now) ? now.textContent.replace(/\s+/g, ' ') : '', turn: (m.view.now && m.view.now.turn && m.players.find((p) => p.id === m.view.now.turn).name) || '',
    seatFigures: document.querySelectorAll('#players .seat-now .num').length,
    columns: m.view.now ? (m.view.now.columns || []).length * m.players.length : 0,
    wide: document.documentElement.scrollWidth > innerWidth + 1 || document.getElementById('sheet').scrollWidth > document.getElementById('sheet').clientWidth + 1,
  };
})()`

type tvFacts struct {
	Sum               bool
	Sums, Foot, Cards []float64
	Totals            []float64
	Marks, MarksDrawn int
	Rows, Older       int
	Notice            string
	Smallest          float64
	Scored            int
	Now, Turn         string
	SeatFigures       int
	Columns           int
	Wide              bool
}

// TestTVShowsEachGamesView plays a generated match of every game up to
// well into it, then opens its TV page at 1280x720 and 1920x1080 in both
// languages: the sheet adds up to the totals it shows (the players' cards
// too), each adjustment the game marks is drawn, rows left out for room are
// named, the "now" panel says whose turn it is with each seat's figures,
// every text that carries a score is at least 20 px tall, and nothing
// scrolls sideways; axe-core finds no serious or critical violation.
func TestTVShowsEachGamesView(t *testing.T) {
	b, api := appServer(t)
	names := []string{"Sara", "رضا", "Kian", "Mina", "Darius", "نگار"}
	var ids []string
	for _, n := range names {
		ids = append(ids, api.id("POST", "/v1/players", map[string]any{"name": n}))
	}
	p := b.tab("tv")
	for _, spec := range play.Games() {
		var seq *play.Seq
		for i := 0; seq == nil || len(seq.Bodies) < 40; i++ {
			s, _, err := play.Generate(spec, 42, i)
			if err != nil {
				t.Fatal(err)
			}
			seq = s
		}
		m, _ := recordGenerated(t, api, ids, spec, seq, func(total int) int { return min(total-1, max(300, total*2/3)) }, nil)
		for _, size := range [][2]int64{{1280, 720}, {1920, 1080}} {
			p.do("size", chromedp.EmulateViewport(size[0], size[1]))
			for _, lang := range []string{"en", "fa"} {
				tag := fmt.Sprintf("%s-%dx%d-%s", spec.ID, size[0], size[1], lang)
				p.open(api.base + "/matches/" + m + "?big=1&lang=" + lang)
				waitFor(p, `document.getElementById("live").dataset.state === "live"`)
				f := evalIn[tvFacts](p, tvSheetFacts)
				if f.Sum && fmt.Sprint(f.Sums) != fmt.Sprint(f.Foot) {
					t.Errorf("%s: the sheet's cells add up to %v, its totals say %v", tag, f.Sums, f.Foot)
				}
				if fmt.Sprint(f.Foot) != fmt.Sprint(f.Totals) || fmt.Sprint(f.Cards) != fmt.Sprint(f.Totals) {
					t.Errorf("%s: totals drawn %v, on the cards %v, the match's %v", tag, f.Foot, f.Cards, f.Totals)
				}
				if f.MarksDrawn != f.Marks {
					t.Errorf("%s: %d adjustments drawn of the %d the game marks", tag, f.MarksDrawn, f.Marks)
				}
				if f.Older > 0 && f.Notice == "" {
					t.Errorf("%s: %d of %d rows left out and not named", tag, f.Older, f.Rows)
				}
				if f.Scored == 0 || f.Smallest < 20 {
					t.Errorf("%s: the smallest of %d texts carrying a score is %.1f px", tag, f.Scored, f.Smallest)
				}
				if f.Now == "" || f.Turn != "" && !strings.Contains(f.Now, f.Turn) || f.SeatFigures != f.Columns {
					t.Errorf("%s: the now panel %q (turn %q), %d seat figures of %d", tag, f.Now, f.Turn, f.SeatFigures, f.Columns)
				}
				if f.Wide {
					t.Errorf("%s: the page or its score sheet is wider than the screen", tag)
				}
				p.shot("tv-" + tag)
				if size[0] == 1280 {
					tvAxe(p, tag)
				}
			}
		}
		b.clean()
	}
}

// tvAxe runs axe-core on a TV page and fails on a serious or critical
// violation (a TV has no tap targets and is wide: the phone's checks do not
// apply).
func tvAxe(p *tab, screen string) {
	p.b.t.Helper()
	if !evalIn[bool](p, `typeof axe === 'object'`) {
		evalIn[chromedp.Void](p, axeSource)
	}
	res := evalIn[[]map[string]any](p, `axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})))`)
	for _, v := range res {
		b, _ := json.Marshal(v)
		p.b.t.Errorf("axe-core on %s: %s", screen, b)
	}
}
