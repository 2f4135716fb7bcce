package silver

import (
	"testing"

	"github.com/motamed/motamed/rules/rulestest"
)

// TestMain runs the tests, then reports which checkable rules are cited by a
// check and broken by a test; on a full run, a gap fails the package.
func TestMain(m *testing.M) { rulestest.Main(m, New()) }
