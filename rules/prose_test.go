package rules

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// FAProse tokenizes as this expression does (the form it had first).
var proseTokens = regexp.MustCompile(`"[^"]*"|«[^»]*»|[A-Za-z0-9_\-]*[A-Za-z_][A-Za-z0-9_\-]*|[0-9]+`)

func faProseByRegexp(s string) string {
	if strings.IndexAny(s, "0123456789") < 0 {
		return s
	}
	return proseTokens.ReplaceAllStringFunc(s, func(tok string) string {
		if tok[0] >= '0' && tok[0] <= '9' && strings.Trim(tok, "0123456789") == "" {
			return persianDigits.Replace(tok)
		}
		return tok
	})
}

func TestFAProseAsTheExpression(t *testing.T) {
	cases := []string{"", "no digits", "رویداد 12 از 3", `card "x-1" 22`, "«آبی 12» و 7", "WIZARD-TRICK-4 12-34 a1 1a _1 -1- 3", `"unclosed 4`, "«unclosed 5", "blue-12 ۳ 007"}
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"1", "2", "0", "9", "a", "Z", "_", "-", " ", `"`, "«", "»", "س", "۳", ".", ":"}
	for range 20000 {
		var b strings.Builder
		for range r.IntN(14) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		cases = append(cases, b.String())
	}
	for _, c := range cases {
		if got, want := FAProse(c), faProseByRegexp(c); got != want {
			t.Fatalf("FAProse(%q) = %q, want %q", c, got, want)
		}
	}
}
