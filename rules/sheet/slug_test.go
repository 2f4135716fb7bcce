package sheet

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// The hand-written checks of IDs and categories agree with the expressions
// they stand for.
func TestSlugsAsTheirExpressions(t *testing.T) {
	id := regexp.MustCompile(`^[a-z0-9][a-z0-9-]{1,39}$`)
	category := regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,39}$`)
	r := rand.New(rand.NewPCG(3, 4))
	alphabet := "az09-_A.\n é"
	for range 20000 {
		b := make([]byte, r.IntN(44))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		s := string(b)
		if isSlug(s, 1, 39, "-") != id.MatchString(s) || isSlug(s, 0, 39, "_-") != category.MatchString(s) {
			t.Fatalf("%q: slug %v/%v, expressions %v/%v", s, isSlug(s, 1, 39, "-"), isSlug(s, 0, 39, "_-"), id.MatchString(s), category.MatchString(s))
		}
	}
}
