package scoring

import (
	"os"
	"strings"
	"testing"
)

// docs/ratings.md and openapi.yaml's standings description state the
// rating parameters this package uses; this keeps them from drifting.
func TestRatingParametersDocumented(t *testing.T) {
	m, e := DefaultPlackettLuce(), DefaultElo()
	checks := []struct {
		what string
		ok   bool
	}{
		{"mu 25", m.Mu == 25}, {"sigma 25/3", m.Sigma == 25.0/3}, {"beta 25/6", m.Beta == 25.0/6},
		{"kappa 0.0001", m.Kappa == 0.0001}, {"tau 0", m.Tau == 0}, {"Elo 1500", e.Initial == 1500},
		{"K 32", e.K == 32}, {"provisional below 5", DefaultProvisionalMatches == 5},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("the documents say %s; the code differs: update docs/ratings.md and openapi.yaml", c.what)
		}
	}
	for _, path := range []string{"../docs/ratings.md", "../openapi.yaml"} {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		for _, want := range []string{"25/3", "25/6", "0.0001", "1500", "32", "A Bayesian Approximation Method for Online Ranking", "JMLR 12"} {
			if path == "../docs/ratings.md" && want == "JMLR 12" {
				want = "Machine Learning Research* 12"
			}
			if !strings.Contains(text, want) {
				t.Errorf("%s does not state %q", path, want)
			}
		}
	}
}
