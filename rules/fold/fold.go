// Package fold folds text for search: what Persian and English text varies
// in but readers do not see as different (case, the Arabic and Persian forms
// of yeh and kaf, zero-width joiners, diacritics, tatweel, Persian and
// Arabic digits), so "علي" finds "علی" and "پیش‌بینی" finds "پیشبینی". Rule
// search and player search fold alike with it.
package fold

import (
	"strings"
	"unicode"
)

// String folds s. Spaces are kept (word by word, "پیش بینی" meets
// "پیش‌بینی" too), runs of white space become one space and the ends are
// trimmed.
func String(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
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
			// ZWNJ, ZWJ, tatweel and direction marks vanish.
			continue
		case r >= '\u064b' && r <= '\u065f', r == '\u0670': // harakat, superscript alef
			continue
		case r >= '۰' && r <= '۹':
			r = '0' + (r - '۰')
		case r >= '٠' && r <= '٩':
			r = '0' + (r - '٠')
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
