// Package fold folds text for search: what Persian and English text varies
// in but readers do not see as different (case, the Arabic and Persian forms
// of yeh, kaf and heh, Arabic presentation forms, zero-width joiners,
// diacritics, tatweel, Persian and Arabic digits), so "علي" finds "علی" and
// "پیش‌بینی" finds "پیشبینی". Rule search, player search and the duplicate
// name check fold alike with it. It also says which names are acceptable
// (ValidName).
package fold

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// String folds s. Spaces are kept (word by word, "پیش بینی" meets
// "پیش‌بینی" too), runs of white space become one space and the ends are
// trimmed.
//
// Compatibility forms are first brought to their plain letters (NFKC): the
// Arabic presentation forms (U+FB50–U+FEFF) that some keyboards and PDFs
// produce become the letters they show, as do full-width Latin letters and
// ligatures. The result is composed again (NFKC) after the marks are
// dropped, so folding a folded text changes nothing.
func String(s string) string {
	return norm.NFKC.String(letters(norm.NFKC.String(s)))
}

// letters folds s letter by letter.
func letters(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch {
		case r == 'ي' || r == 'ى':
			r = 'ی'
		case r == 'ك':
			r = 'ک'
		case r == 'ة' || r == 'ۀ' || r == 'ہ':
			// teh marbuta, heh with yeh above, and heh goal are heh.
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
