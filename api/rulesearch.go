package api

import (
	"net/http"
	"sort"
	"strings"
	"unicode"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
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
				game: gid, entry: e, id: normalize(e.ID),
				title: normalize(e.Title.EN + " " + e.Title.FA),
				text:  normalize(e.Text.EN + " " + e.Text.FA + " " + e.Source.Section + " " + e.Source.SectionEN),
			}
			ix.byID[e.ID] = r
			ix.byGame[gid] = append(ix.byGame[gid], r)
		}
	}
	return ix
}

// normalize folds what Persian and English text varies in but readers do
// not: case, Arabic and Persian forms of yeh and kaf, zero-width non-joiners,
// diacritics and tatweel.
func normalize(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == 'ي' || r == 'ى':
			r = 'ی'
		case r == 'ك':
			r = 'ک'
		case r == 'ة':
			r = 'ه'
		case r == 'أ' || r == 'إ' || r == 'آ':
			r = 'ا'
		case r == '\u200c' || r == '\u200d' || r == '\u0640', r == '\u200f' || r == '\u200e':
			// ZWNJ, ZWJ, tatweel and direction marks vanish, so "پیش‌بینی",
			// "پیشبینی" and (word by word) "پیش بینی" all meet.
			continue
		case r >= '\u064b' && r <= '\u065f', r == '\u0670': // harakat, superscript alef
			continue
		case r >= '۰' && r <= '۹':
			r = '0' + (r - '۰')
		case r >= '٠' && r <= '٩':
			r = '0' + (r - '٠')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// search ranks a game's rules for q: every word of q must appear; an exact
// ID beats an ID prefix, which beats a title match, which beats a text match.
func (ix *ruleIndex) search(game, q string) []rules.RuleEntry {
	all := ix.byGame[game]
	words := strings.Fields(normalize(q))
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
	ID     string       `json:"id" example:"WIZARD-BID-3"`
	Game   string       `json:"game" example:"wizard"`
	Title  string       `json:"title"`
	Text   string       `json:"text"`
	Source rules.Source `json:"source"`
	Check  string       `json:"check" enums:"checked,computed,unchecked"`
}

// RulesResponse is a game's catalog, filtered and ranked by q.
type RulesResponse struct {
	Game  string         `json:"game"`
	Query string         `json:"query"`
	Rules []RuleResponse `json:"rules"`
}

func ruleResponse(game string, e rules.RuleEntry, lang string) RuleResponse {
	return RuleResponse{ID: e.ID, Game: game, Title: e.Title.In(lang), Text: e.Text.In(lang), Source: e.Source, Check: string(e.Check)}
}

// listRules returns a game's rule catalog, searchable.
//
//	@Summary	A game's rule catalog
//	@Tags		rules
//	@Param		game	path		string	true	"game ID"
//	@Param		q		query		string	false	"words to search for (English or Persian), best match first"
//	@Param		lang	query		string	false	"fa for Persian"
//	@Success	200		{object}	RulesResponse
//	@Failure	404		{object}	Problem
//	@Router		/v1/games/{game}/rules [get]
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
//
//	@Summary	One rule
//	@Tags		rules
//	@Param		id		path		string	true	"rule ID"
//	@Param		lang	query		string	false	"fa for Persian"
//	@Success	200		{object}	RuleResponse
//	@Failure	404		{object}	Problem
//	@Router		/v1/rules/{id} [get]
func (s *Server) getRule(c echo.Context) error {
	id := strings.ToUpper(c.Param("id"))
	r, ok := s.rules.byID[id]
	if !ok {
		return &db.NotFoundError{Kind: "rule", ID: c.Param("id")}
	}
	return c.JSON(http.StatusOK, ruleResponse(r.game, r.entry, langOf(c)))
}
