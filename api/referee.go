package api

import (
	"encoding/json"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/rules"
)

// referee answers one game's stateless question. Answers cite rules in
// fields named "rule"; each gets the rule's title in the request's language,
// and every {en, fa} text becomes a string in that language.
func (s *Server) referee(game string, ref rules.Referee) echo.HandlerFunc {
	return func(c echo.Context) error {
		body, err := readBody(c)
		if err != nil {
			return err
		}
		answer, err := ref.Ask(body)
		if err != nil {
			return err
		}
		raw, err := json.Marshal(answer)
		if err != nil {
			return err
		}
		var tree any
		if err := json.Unmarshal(raw, &tree); err != nil {
			return err
		}
		return c.JSON(http.StatusOK, s.localize(tree, langOf(c)))
	}
}

// localize walks a decoded JSON answer: {en, fa} objects become the string in
// lang, and every object citing a known "rule" gains its "title".
func (s *Server) localize(v any, lang string) any {
	switch t := v.(type) {
	case map[string]any:
		if text, ok := asText(t); ok {
			return text.In(lang)
		}
		for k, child := range t {
			t[k] = s.localize(child, lang)
		}
		if id, ok := t["rule"].(string); ok {
			if r, ok := s.rules.byID[id]; ok {
				if _, has := t["title"]; !has {
					t["title"] = r.entry.Title.In(lang)
					if lang == "fa" {
						t["title"] = faProse(r.entry.Title.In(lang))
					}
				}
			}
		}
		return t
	case []any:
		for i := range t {
			t[i] = s.localize(t[i], lang)
		}
		return t
	default:
		return v
	}
}

func asText(m map[string]any) (rules.Text, bool) {
	en, ok := m["en"].(string)
	if !ok || len(m) > 2 {
		return rules.Text{}, false
	}
	fa, hasFA := m["fa"]
	if len(m) == 2 && !hasFA {
		return rules.Text{}, false
	}
	faS, _ := fa.(string)
	return rules.Text{EN: en, FA: faS}, true
}
