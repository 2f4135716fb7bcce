package rules

import (
	"regexp"
	"strings"
	"sync"
)

// proseTokens splits text into what keeps its digits (quoted values, and
// words with Latin letters: IDs, rule IDs, cards) and runs of digits. It is
// compiled when first needed, so that loading the rules costs nothing.
var proseTokens = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`"[^"]*"|«[^»]*»|[A-Za-z0-9_\-]*[A-Za-z_][A-Za-z0-9_\-]*|[0-9]+`)
})

var persianDigits = strings.NewReplacer(
	"0", "۰", "1", "۱", "2", "۲", "3", "۳", "4", "۴", "5", "۵", "6", "۶", "7", "۷", "8", "۸", "9", "۹")

// PersianDigits writes every digit of s as a Persian digit.
func PersianDigits(s string) string { return persianDigits.Replace(s) }

// FAProse writes a Persian text's numbers in Persian digits, leaving IDs,
// rule IDs and quoted values as they are. The server's answers and the
// phone's module both use it; the pages' script does the same
// (assets/common.js, M.prose).
func FAProse(s string) string {
	if strings.IndexAny(s, "0123456789") < 0 {
		return s
	}
	return proseTokens().ReplaceAllStringFunc(s, func(tok string) string {
		if tok[0] >= '0' && tok[0] <= '9' && strings.Trim(tok, "0123456789") == "" {
			return persianDigits.Replace(tok)
		}
		return tok
	})
}
