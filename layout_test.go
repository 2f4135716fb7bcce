package motamed

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImportDirection keeps the layout honest: the rules packages and
// scoring are pure (standard library, JSON v2 and rules only); storage
// knows nothing of HTTP; nothing imports cmd.
func TestImportDirection(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go tool not on PATH")
	}
	const mod = "github.com/motamed/motamed"
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "./...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	std := map[string]bool{}
	stdOut, err := exec.Command("go", "list", "std").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range strings.Fields(string(stdOut)) {
		std[p] = true
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg, imports := f[0], f[1:]
		rel := strings.TrimPrefix(strings.TrimPrefix(pkg, mod), "/")
		pure := rel == "rules" || strings.HasPrefix(rel, "rules/") || rel == "scoring" || strings.HasPrefix(rel, "scoring/")
		storage := rel == "db" || strings.HasPrefix(rel, "db/")
		for _, imp := range imports {
			ownRules := imp == mod+"/rules" || strings.HasPrefix(imp, mod+"/rules/")
			ownScoring := strings.HasPrefix(rel, "scoring") && strings.HasPrefix(imp, mod+"/scoring")
			// JSON v2 is the code that becomes encoding/json/v2: the rules read
			// event data with it as they would with the standard library.
			jsonV2 := imp == "github.com/go-json-experiment/json" || strings.HasPrefix(imp, "github.com/go-json-experiment/json/")
			// Unicode normalization: tables of the Go project, pure as the
			// standard library's unicode package (name folding uses NFKC).
			norm := imp == "golang.org/x/text/unicode/norm"
			switch {
			case pure && !std[imp] && !ownRules && !ownScoring && !jsonV2 && !norm:
				t.Errorf("%s is pure but imports %s", rel, imp)
			case storage && (strings.Contains(imp, "labstack/echo") || strings.HasPrefix(imp, mod+"/api")):
				t.Errorf("%s is storage but imports %s", rel, imp)
			case strings.HasPrefix(imp, mod+"/cmd"):
				t.Errorf("%s imports a command, %s", rel, imp)
			}
		}
	}
}
