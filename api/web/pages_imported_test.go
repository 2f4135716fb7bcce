package web

import "testing"

// A match imported from BG Stats says so on its page, with the day and
// place it was played, in the page's language and digits.
func TestImportedMatchPageLine(t *testing.T) {
	src, at, where := "bgstats", "2021-01-16T19:00:00Z", "Arium"
	mr := matchBody{Source: &src, PlayedAt: &at, Location: &where}
	if got := importedText(mr, map[string]string{"imported": "Imported from BG Stats, not refereed"}, "en"); got != "Imported from BG Stats, not refereed · 2021-01-16 · Arium" {
		t.Errorf("en: %q", got)
	}
	if got := importedText(mr, map[string]string{"imported": "واردشده"}, "fa"); got != "واردشده، ۲۰۲۱/۰۱/۱۶، Arium" {
		t.Errorf("fa: %q", got)
	}
	if got := importedText(matchBody{}, nil, "en"); got != "" {
		t.Errorf("a match recorded here: %q", got)
	}
}
