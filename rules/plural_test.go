package rules

import "testing"

func TestCountAgreesWithItsNumber(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 cards"}, {1, "1 card"}, {2, "2 cards"}, {-1, "-1 card"}, {15, "15 cards"}} {
		if got := Count(c.n, "card", "cards"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
