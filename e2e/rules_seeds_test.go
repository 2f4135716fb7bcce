//go:build browser

package e2e

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/all"
	"github.com/motamed/motamed/rules/bridge"
	"github.com/motamed/motamed/rules/play"
)

// The rules' own test corpus against the module: the seeds the fuzz
// targets start from (every game's example of each event, tried at the
// steps of a generated match, in one language per game, and each referee
// question's example with variants of it, in both) and the referee bodies
// kept as golden files. The stored fuzz corpus (rules/testdata/fuzz) holds
// no event or question: its one input is FuzzDecode's. The module and the
// Go rules must give the same answers to every one.

// seedPlayers maps the players the games' examples name to the seats of a
// generated match.
func seedPlayers(s string) string {
	for i := 9; i >= 1; i-- {
		s = strings.ReplaceAll(s, `"p`+strconv.Itoa(i)+`"`, strconv.Quote(play.SeatID(i-1)))
	}
	return s
}

// askJS asks the module every question of a list: its answers in order.
const askJS = `((qs, lang) => JSON.stringify(qs.map((q) => window.motamedRules.ask(q.game, q.question, q.body, lang))))`

// question is one referee question asked of both.
type question struct {
	Game     string `json:"game"`
	Question string `json:"question"`
	Body     string `json:"body"`
}

// storedReferees are the request bodies of rules/*/testdata/referee_<q>.json
// golden files ({"request": body, "answer": ...}), as questions.
func storedReferees(t *testing.T) []question {
	_, here, _, _ := runtime.Caller(0)
	files, _ := filepath.Glob(filepath.Join(filepath.Dir(filepath.Dir(here)), "rules", "*", "testdata", "referee_*.json"))
	var out []question
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var golden struct {
			Request json.RawMessage `json:"request"`
		}
		if err := json.Unmarshal(raw, &golden); err != nil || len(golden.Request) == 0 {
			continue
		}
		game := filepath.Base(filepath.Dir(filepath.Dir(f)))
		q := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "referee_"), ".json")
		out = append(out, question{Game: game, Question: q, Body: string(golden.Request)})
	}
	if len(out) == 0 {
		t.Fatal("no golden referee bodies under rules/*/testdata")
	}
	return out
}

func TestRulesModuleAgreesOnTheTestCorpus(t *testing.T) {
	srv := rulesPage(t)
	b := newBrowser(t, artifactsDir(t))
	p := b.tab("rules-corpus")
	p.open(srv.URL + "/")
	evalIn[float64](p, loadModuleJS)
	native := bridge.New()
	reg := all.Registry()
	// The browser stage tries the examples at every sixth step of a match;
	// `make diff-rules` at every step.
	stride := 6
	if os.Getenv("MOTAMED_DIFF_MATCHES") != "" {
		stride = 1
	}
	var total, refused, diffs int
	compare := func(what string, got, want []string) {
		if len(got) != len(want) {
			t.Errorf("%s: the module gave %d answers, the Go rules %d", what, len(got), len(want))
			diffs++
			return
		}
		for k := range want {
			if g, w := canonical(got[k]), canonical(want[k]); g != w {
				diffs++
				if diffs <= 5 {
					t.Errorf("%s, answer %d:\nmodule %.600s\nGo     %.600s", what, k, g, w)
				}
			}
		}
	}
	fixRand := rand.New(rand.NewPCG(20261129, 40))
	for gi, spec := range play.Games() {
		g, ok := reg.Get(spec.ID)
		if !ok {
			continue // a score sheet: its examples are the sheet's own
		}
		seq, _, err := play.Generate(spec, 20261129, 0)
		if err != nil {
			t.Fatal(err)
		}
		var seeds []rules.Event
		for _, e := range g.Info().Events {
			seeds = append(seeds, rules.Event{Type: e.Type, Data: json.RawMessage(seedPlayers(string(e.Example)))})
		}
		{
			lang := []string{"en", "fa"}[gi%2]
			req := bridge.OpenRequest{Game: spec.ID, Players: play.SeatPlayers(seq.Seats), Options: json.RawMessage(orEmpty(seq.Options))}
			var steps []step
			for k, ev := range seq.Events(play.SeatIDs(seq.Seats)) {
				for i := range seeds {
					if k%stride != 0 {
						break
					}
					steps = append(steps, step{Ev: &seeds[i]}, step{UndoOK: true})
				}
				steps = append(steps, step{Ev: &ev})
				// fixes checked against the log so far: a void and a
				// replacement by an example (or a variant of one) of a
				// seq drawn from those given, some of them not in force
				if k%stride == 0 && k > 0 {
					at := int64(1 + fixRand.IntN(len(steps)))
					rep := seeds[fixRand.IntN(len(seeds))]
					if fixRand.IntN(2) == 0 {
						rep = illegal(fixRand, rep, 2)
					}
					steps = append(steps, step{Fix: []bridge.Correction{{Seq: at, Void: true}}},
						step{Fix: []bridge.Correction{{Seq: at, Type: rep.Type, Data: rep.Data}}})
				}
			}
			want, applied, refusals, err := goAnswers(native, req, steps, lang)
			if err != nil {
				t.Fatal(err)
			}
			total += applied
			refused += refusals
			var got struct {
				Out []string `json:"out"`
			}
			raw := evalIn[string](p, runScriptJS+"("+mustMarshal(req)+","+mustMarshal(steps)+","+jsString(lang)+")")
			if err := json.Unmarshal([]byte(raw), &got); err != nil {
				t.Fatal(err)
			}
			compare(spec.ID+" event examples ("+lang+")", got.Out, want)
		}
	}
	// The referee questions: each example, variants of it, the golden bodies.
	r := rand.New(rand.NewPCG(11, 29))
	qs := storedReferees(t)
	for _, g := range reg.All() {
		for _, ref := range g.Referees() {
			body := seedPlayers(string(ref.Example))
			qs = append(qs, question{Game: g.Info().ID, Question: ref.Question, Body: body})
			for range 8 {
				bad := illegal(r, rules.Event{Type: "q", Data: json.RawMessage(body)}, 4)
				qs = append(qs, question{Game: g.Info().ID, Question: ref.Question, Body: string(bad.Data)})
			}
		}
	}
	for _, lang := range []string{"en", "fa"} {
		var want []string
		for _, q := range qs {
			ans, err := native.Ask(q.Game, q.Question, json.RawMessage(q.Body), lang)
			if err != nil {
				refused++
			}
			total++
			want = append(want, goAnswer(ans, err))
		}
		var got []string
		if err := json.Unmarshal([]byte(evalIn[string](p, askJS+"("+mustMarshal(qs)+","+jsString(lang)+")")), &got); err != nil {
			t.Fatal(err)
		}
		compare("referee questions ("+lang+")", got, want)
	}
	t.Logf("%d answers (%d refusals) from the rules' examples, their variants and the golden referee bodies: %d differences", total, refused, diffs)
	if diffs > 0 {
		t.Fatalf("%d differences between the module and the Go rules", diffs)
	}
	b.clean()
}
