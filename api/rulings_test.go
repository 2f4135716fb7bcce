package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules/all"
)

// citations walks a decoded answer and returns every object that cites a
// rule.
func citations(v any, out *[]map[string]any) {
	switch t := v.(type) {
	case map[string]any:
		if _, ok := t["rule"].(string); ok {
			*out = append(*out, t)
		}
		for _, c := range t {
			citations(c, out)
		}
	case []any:
		for _, c := range t {
			citations(c, out)
		}
	}
}

// Every referee answer of every game cites its rules with their titles, in
// the request's language, and no {en, fa} pair is left unlocalized.
func TestRefereeAnswersCiteRulesWithTitles(t *testing.T) {
	reg := all.Registry()
	s := newTestServer(t, reg.All()...)
	for _, g := range reg.All() {
		for _, ref := range g.Referees() {
			for _, lang := range []string{"en", "fa"} {
				path := "/v1/referee/" + g.Info().ID + "/" + ref.Question + "?lang=" + lang
				r := s.do(http.MethodPost, path, []byte(ref.Example))
				if r.status != 200 {
					t.Fatalf("%s: %d %s", path, r.status, r.body)
				}
				var answer any
				_ = json.Unmarshal(r.body, &answer)
				var cites []map[string]any
				citations(answer, &cites)
				if len(cites) == 0 {
					t.Errorf("%s: the answer cites no rule", path)
				}
				for _, c := range cites {
					title, _ := c["title"].(string)
					if title == "" {
						t.Errorf("%s: %v cited without a title", path, c["rule"])
					}
					if lang == "fa" && !hasPersian(title) {
						t.Errorf("%s: title of %v is not Persian: %q", path, c["rule"], title)
					}
				}
				if strings.Contains(string(r.body), `"en":`) {
					t.Errorf("%s: an {en, fa} text was left unlocalized", path)
				}
			}
		}
	}
}

// Search folds the Arabic and Persian forms of yeh and kaf, zero-width
// non-joiners and diacritics, and ranks an exact ID first.
func TestRuleSearchNormalisesPersian(t *testing.T) {
	reg := all.Registry()
	s := newTestServer(t, reg.All()...)
	ids := func(path string) []string {
		var out []string
		for _, r := range s.must(t, 200, "GET", path, nil)["rules"].([]any) {
			out = append(out, r.(map[string]any)["id"].(string))
		}
		return out
	}
	standard := ids("/v1/games/wizard/rules?q=" + urlPath("پیش‌بینی"))
	if len(standard) == 0 {
		t.Fatal("no wizard rule mentions پیش‌بینی")
	}
	for _, variant := range []string{"پيش‌بيني", "پیشبینی", "پیش بینی", "پیشْ‌بینی"} {
		got := ids("/v1/games/wizard/rules?q=" + urlPath(variant))
		if strings.Join(got, ",") != strings.Join(standard, ",") && !(variant == "پیش بینی" && len(got) > 0) {
			t.Errorf("%q found %v, want %v", variant, got, standard)
		}
	}
	if got := ids("/v1/games/wizard/rules?q=wizard-bid-3"); len(got) == 0 || got[0] != "WIZARD-BID-3" {
		t.Errorf("exact ID not first: %v", got)
	}
	if got := ids("/v1/games/silver/rules?q=" + urlPath("سرشماری")); len(got) == 0 {
		t.Error("no Silver rule found for سرشماری (census)")
	}
	r := s.must(t, 200, "GET", "/v1/rules/SILVER-CENSUS-1?lang=fa", nil)
	if !hasPersian(r["title"].(string)) || !hasPersian(r["text"].(string)) || r["source"].(map[string]any)["seed"] == "" {
		t.Fatalf("rule in Persian: %v", r)
	}
	s.must(t, 404, "GET", "/v1/rules/SILVER-NOPE-1", nil)
}
