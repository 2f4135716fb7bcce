package api

import (
	"os"
	"testing"

	"github.com/motamed/motamed/rules/rulestest"
)

func TestMain(m *testing.M) {
	rulestest.VerifyDecoding()
	os.Exit(m.Run())
}
