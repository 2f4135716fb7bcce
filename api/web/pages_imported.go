package web

import "strings"

// importedText is the line a match page shows for a match imported from
// BG Stats: that it came from there and was not refereed, the day it was
// played and where, in the page's language and digits; "" for a match
// recorded here.
func importedText(mr matchBody, labels map[string]string, lang string) string {
	if mr.Source == nil || *mr.Source != "bgstats" {
		return ""
	}
	sep := sep(lang)
	out := labels["imported"]
	if mr.PlayedAt != nil && len(*mr.PlayedAt) >= 10 {
		day := (*mr.PlayedAt)[:10]
		if lang == "fa" { // a Persian date is written with slashes; a dash would read as a minus
			day = strings.ReplaceAll(day, "-", "/")
		}
		out += sep + faDigitsIf(lang, day)
	}
	if mr.Location != nil && *mr.Location != "" {
		out += sep + *mr.Location
	}
	return out
}
