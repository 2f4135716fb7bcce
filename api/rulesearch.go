package api

import (
	"net/http"
	"sort"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/fold"
	"github.com/motamed/motamed/rules/sheet"
)

// sheetCatalog indexes the rules every score-sheet game shares.
const sheetCatalog = "sheet"

// ruleIndex holds every game's catalog, normalised once for search.
type ruleIndex struct {
	byID   map[string]indexedRule
	byGame map[string][]indexedRule
}

type indexedRule struct {
	game  string
	entry rules.RuleEntry
	id    string // normalised
	title string // normalised, both languages
	text  string // normalised, both languages
}

func newRuleIndex(games *rules.Registry) *ruleIndex {
	ix := &ruleIndex{byID: map[string]indexedRule{}, byGame: map[string][]indexedRule{}}
	catalogs := []struct {
		game    string
		catalog []rules.RuleEntry
	}{{sheetCatalog, sheet.Catalog()}} // every score sheet's, defined or not yet
	for _, g := range games.All() {
		if _, isSheet := g.(*sheet.Game); !isSheet {
			catalogs = append(catalogs, struct {
				game    string
				catalog []rules.RuleEntry
			}{g.Info().ID, g.Catalog()})
		}
	}
	for _, c := range catalogs {
		gid := c.game
		for _, e := range c.catalog {
			r := indexedRule{
				game: gid, entry: e, id: fold.String(e.ID),
				title: fold.String(e.Title.EN + " " + e.Title.FA),
				text:  fold.String(e.Text.EN + " " + e.Text.FA + " " + e.Source.Section + " " + e.Source.SectionEN),
			}
			ix.byID[e.ID] = r
			ix.byGame[gid] = append(ix.byGame[gid], r)
		}
	}
	return ix
}

// search ranks a game's rules for q: every word of q must appear; an exact
// ID beats an ID prefix, which beats a title match, which beats a text match.
func (ix *ruleIndex) search(game, q string) []rules.RuleEntry {
	all := ix.byGame[game]
	words := strings.Fields(fold.String(q))
	if len(words) == 0 {
		out := make([]rules.RuleEntry, len(all))
		for i, r := range all {
			out[i] = r.entry
		}
		return out
	}
	type hit struct {
		score int
		pos   int
		entry rules.RuleEntry
	}
	var hits []hit
	for pos, r := range all {
		score := 0
		for _, w := range words {
			switch {
			case r.id == w:
				score += 100
			case strings.HasPrefix(r.id, w):
				score += 40
			case strings.Contains(r.title, w):
				score += 20
			case strings.Contains(r.text, w):
				score += 5
			default:
				score = -1
			}
			if score < 0 {
				break
			}
		}
		if score > 0 {
			hits = append(hits, hit{score, pos, r.entry})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].score != hits[j].score {
			return hits[i].score > hits[j].score
		}
		return hits[i].pos < hits[j].pos
	})
	out := make([]rules.RuleEntry, len(hits))
	for i, h := range hits {
		out[i] = h.entry
	}
	return out
}

// RuleResponse is one catalog entry in the request's language.
type RuleResponse struct {
	ID     string       `json:"id"`
	Game   string       `json:"game"`
	Title  string       `json:"title"`
	Text   string       `json:"text"`
	Source rules.Source `json:"source"`
	Check  string       `json:"check"`
}

// RulesResponse is a game's catalog, filtered and ranked by q.
type RulesResponse struct {
	Game  string         `json:"game"`
	Query string         `json:"query"`
	Rules []RuleResponse `json:"rules"`
}

func ruleResponse(game string, e rules.RuleEntry, lang string) RuleResponse {
	r := RuleResponse{ID: e.ID, Game: game, Title: e.Title.In(lang), Text: e.Text.In(lang), Source: e.Source, Check: string(e.Check)}
	if lang == "fa" {
		r.Title, r.Text = faProse(r.Title), faProse(r.Text)
	}
	return r
}

// listRules returns a game's rule catalog, searchable.
func (s *Server) listRules(c echo.Context) error {
	g, err := s.game(c.Param("game"))
	if err != nil {
		return err
	}
	gid := g.Info().ID
	q := c.QueryParam("q")
	if len(q) > 200 {
		return rules.Invalid("q", "must have at most 200 characters")
	}
	lang := langOf(c)
	out := RulesResponse{Game: gid, Query: q, Rules: []RuleResponse{}}
	catalog := gid
	if _, isSheet := g.(*sheet.Game); isSheet {
		catalog = sheetCatalog
	}
	for _, e := range s.rules.search(catalog, q) {
		out.Rules = append(out.Rules, ruleResponse(gid, e, lang))
	}
	return c.JSON(http.StatusOK, out)
}

// getRule returns one rule by ID.
func (s *Server) getRule(c echo.Context) error {
	id := strings.ToUpper(c.Param("id"))
	r, ok := s.rules.byID[id]
	if !ok {
		return &db.NotFoundError{Kind: "rule", ID: c.Param("id")}
	}
	return c.JSON(http.StatusOK, ruleResponse(r.game, r.entry, langOf(c)))
}
