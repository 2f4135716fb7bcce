package silver

import (
	"fmt"
	"os"
	"testing"

	"github.com/motamed/motamed/rules/rulestest"
)

// TestMain runs the tests, then reports which checkable rules are cited by a
// check and broken by a test; on a full run, a gap fails the package.
func TestMain(m *testing.M) {
	code := m.Run()
	report, ok := rulestest.Coverage(New(), ".")
	fmt.Println(report)
	if !ok && code == 0 && rulestest.Full() {
		code = 1
	}
	os.Exit(code)
}
