package silver

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
)

// sharedDir is the shared specs and seeds beside the project (see
// shared/README.md); tests that read them skip when it is absent.
const sharedDir = "../../../shared"

func TestCatalogWellFormed(t *testing.T) {
	rulestest.CheckCatalog(t, New())
	cited := rulestest.CitedIDs(t, New(), ".")
	if len(cited) == 0 {
		t.Fatal("the code cites no rule")
	}
	for _, e := range New().Catalog() {
		if e.Source.Seed != SeedFile {
			t.Errorf("%s: seed %q", e.ID, e.Source.Seed)
		}
		switch e.Source.Kind {
		case kindSeed, kindDerived, kindDefault:
		default:
			t.Errorf("%s: kind %q", e.ID, e.Source.Kind)
		}
		if e.Source.Section == "" || e.Source.SectionEN == "" {
			t.Errorf("%s: section missing", e.ID)
		}
	}
}

// Every rule the code cites in a check is marked Checked, so the coverage
// report cannot miss it.
func TestCitedRulesAreChecked(t *testing.T) {
	check := map[string]rules.Checkability{}
	for _, e := range New().Catalog() {
		check[e.ID] = e.Check
	}
	// Rules cited only in referee answers and score rows (not as checks).
	computedCites := map[string]bool{
		"SILVER-SWAP-1": true, "SILVER-SWAP-5": true, "SILVER-SWAP-6": true, "SILVER-SWAP-7": true,
		"SILVER-SWAP-8": true, "SILVER-SWAP-10": true, "SILVER-PLACE-2": true, "SILVER-PLACE-3": true,
		"SILVER-DISCARD-3": true, "SILVER-CARD13-2": true, "SILVER-CARD13-3": true, "SILVER-CARD13-4": true,
		"SILVER-AMULET-1": true, "SILVER-AMULET-2": true, "SILVER-AMULET-3": true, "SILVER-AMULET-4": true,
		"SILVER-SCORE-3": true, "SILVER-SCORE-4": true, "SILVER-END-1": true, "SILVER-END-2": true,
		"SILVER-END-3": true, "SILVER-POINTS-2": true, "SILVER-POINTS-3": true, "SILVER-POINTS-4": true,
		"SILVER-POINTS-5": true, "SILVER-POINTS-7": true,
	}
	for _, id := range rulestest.CitedIDs(t, New(), ".") {
		if check[id] != rules.Checked && !computedCites[id] {
			t.Errorf("%s is cited by the code but marked %s", id, check[id])
		}
		if computedCites[id] && check[id] == rules.Unchecked {
			t.Errorf("%s is cited in answers but marked unchecked", id)
		}
	}
}

// The catalog lists exactly the spec's rule IDs, in the spec's order.
func TestCatalogFollowsSpec(t *testing.T) {
	spec, err := os.ReadFile(sharedDir + "/rules/silver.md")
	if err != nil {
		t.Skipf("spec not available: %v", err)
	}
	want := regexp.MustCompile(`(?m)^\*\*(SILVER-[A-Z0-9]+-\d+)\*\*`).FindAllStringSubmatch(string(spec), -1)
	var got []string
	for _, e := range New().Catalog() {
		got = append(got, e.ID)
	}
	var ids []string
	for _, m := range want {
		ids = append(ids, m[1])
	}
	if !slices.Equal(got, ids) {
		t.Errorf("catalog IDs differ from the spec:\n got %v\nwant %v", got, ids)
	}
}

// Every Persian section heading is printed as such in the seed.
func TestCatalogSectionsArePrintedInSeed(t *testing.T) {
	seed, err := os.ReadFile(sharedDir + "/seeds/" + SeedFile)
	if err != nil {
		t.Skipf("seed not available: %v", err)
	}
	lines := map[string]bool{}
	var prev string
	for _, l := range strings.Split(string(seed), "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		lines[l] = true
		// The seed breaks one heading over two lines.
		lines[prev+" "+l] = true
		prev = l
	}
	for _, e := range New().Catalog() {
		if !lines[e.Source.Section] {
			t.Errorf("%s: section %q is not a heading of the seed", e.ID, e.Source.Section)
		}
	}
}

func TestInfo(t *testing.T) {
	info := New().Info()
	if info.ID != "silver" || info.MinPlayers != 2 || info.MaxPlayers != 4 || info.NameFA == "" {
		t.Errorf("info = %+v", info)
	}
	var names []string
	for _, o := range info.Options {
		names = append(names, o.Name)
		if o.Type == "" || o.Description == "" {
			t.Errorf("option %s undocumented", o.Name)
		}
	}
	if !slices.Equal(names, []string{"end", "rounds", "kamikaze", "first_player"}) {
		t.Errorf("options = %v", names)
	}
	var types []string
	for _, e := range info.Events {
		types = append(types, e.Type)
	}
	if !slices.Equal(types, []string{EventRoundStarted, EventCensusCalled, EventTurnTaken, EventRoundEnded}) {
		t.Errorf("events = %v", types)
	}
}

// The documented examples are valid: applied in this order they play a
// 2-player round to its end.
func TestEventExamplesApply(t *testing.T) {
	var s rules.State = setup(t, rulestest.Players(2), "")
	for _, e := range New().Info().Events {
		if !json.Valid(e.Example) {
			t.Fatalf("%s: example is not JSON", e.Type)
		}
		s, _ = rulestest.MustApply(t, New(), s, e.Type, e.Example)
	}
	st := s.(*State)
	if len(st.History) != 1 || st.History[0].CensusBy != "p1" {
		t.Errorf("examples did not score a census round: %+v", st.History)
	}
}

func TestRefereeExamplesAnswer(t *testing.T) {
	for _, r := range New().Referees() {
		if _, err := r.Ask(r.Example); err != nil {
			t.Errorf("%s example: %v", r.Question, err)
		}
		if r.Summary == "" {
			t.Errorf("%s: no summary", r.Question)
		}
	}
}
