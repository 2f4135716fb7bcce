package fold

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// ValidName reports whether s may be a name people see (a player's, a
// league's): any Unicode text people write, Persian included, but not
//   - text that shows nothing: blank, or only invisible characters (ZWNJ,
//     ZWJ, direction marks, other format characters, lone combining marks,
//     fillers), which would list as an empty row no one can pick;
//   - control characters;
//   - bidirectional embeddings, overrides and isolates (U+202A–U+202E,
//     U+2066–U+2069), which reorder the text around a name on every screen
//     that shows it (a name could make the next column read backwards).
//
// It is the one check of names: the API's requests and imports from other
// score apps use it alike.
func ValidName(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	visible := false
	for _, r := range s {
		switch {
		case unicode.IsControl(r), isBidiControl(r):
			return false
		case !invisible(r):
			visible = true
		}
	}
	return visible
}

// isBidiControl: the embeddings and overrides (LRE, RLE, PDF, LRO, RLO) and
// the isolates (LRI, RLI, FSI, PDI). The marks (LRM, RLM, ALM) change no
// order but their own and are allowed.
func isBidiControl(r rune) bool {
	return r >= '\u202a' && r <= '\u202e' || r >= '\u2066' && r <= '\u2069'
}

// invisible: white space, format characters (ZWNJ, ZWJ, marks, BOM, word
// joiner...), combining marks with nothing to sit on, variation selectors,
// and the fillers that render as nothing.
func invisible(r rune) bool {
	return unicode.IsSpace(r) ||
		unicode.In(r, unicode.Cf, unicode.Mn, unicode.Me, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point) ||
		strings.ContainsRune("\u2800\u3164\uffa0\u115f\u1160", r)
}
