package rules

import "encoding/json"

// LocalizeAnswer words a referee's answer in lang, as the server sends it
// and the phone's module gives it: the answer is written as JSON and read
// back as a tree, every {en, fa} object becomes its string in lang, and
// every object citing a rule in a field named "rule" gains that rule's
// title in lang (digits in Persian digits for fa), unless it has a title.
// titleOf is the title of a rule by ID, false when no game has the rule.
func LocalizeAnswer(answer any, lang string, titleOf func(id string) (Text, bool)) (any, error) {
	raw, err := json.Marshal(answer)
	if err != nil {
		return nil, err
	}
	var tree any
	if err := json.Unmarshal(raw, &tree); err != nil {
		return nil, err
	}
	return localize(tree, lang, titleOf), nil
}

func localize(v any, lang string, titleOf func(string) (Text, bool)) any {
	switch t := v.(type) {
	case map[string]any:
		if text, ok := asText(t); ok {
			return text.In(lang)
		}
		for k, child := range t {
			t[k] = localize(child, lang, titleOf)
		}
		if id, ok := t["rule"].(string); ok {
			if title, ok := titleOf(id); ok {
				if _, has := t["title"]; !has {
					t["title"] = title.In(lang)
					if lang == "fa" {
						t["title"] = FAProse(title.In(lang))
					}
				}
			}
		}
		return t
	case []any:
		for i := range t {
			t[i] = localize(t[i], lang, titleOf)
		}
		return t
	default:
		return v
	}
}

// asText reads an {en, fa} object (fa may be missing) as a Text.
func asText(m map[string]any) (Text, bool) {
	en, ok := m["en"].(string)
	if !ok || len(m) > 2 {
		return Text{}, false
	}
	fa, hasFA := m["fa"]
	if len(m) == 2 && !hasFA {
		return Text{}, false
	}
	faS, _ := fa.(string)
	return Text{EN: en, FA: faS}, true
}
