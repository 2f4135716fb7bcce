package rules

// Text is a sentence in the languages the product speaks. English is always
// present; Persian falls back to English when a translation is missing.
type Text struct {
	EN string `json:"en"`
	FA string `json:"fa,omitempty"`
}

// T builds a Text from its English and Persian forms.
func T(en, fa string) Text { return Text{EN: en, FA: fa} }

// In returns the text in lang ("fa" or anything else for English).
func (t Text) In(lang string) string {
	if lang == "fa" && t.FA != "" {
		return t.FA
	}
	return t.EN
}
