// Package all lists every game Motamed offers. It is the one place a new
// game is added.
package all

import (
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/munchkin"
	"github.com/motamed/motamed/rules/silver"
	"github.com/motamed/motamed/rules/wazabi"
	"github.com/motamed/motamed/rules/wizard"
	"github.com/motamed/motamed/rules/yatuk"
)

// Registry returns the registry of every supported game, in display order.
func Registry() *rules.Registry {
	return rules.NewRegistry(
		wizard.New(),
		silver.New(),
		munchkin.New(),
		wazabi.New(),
		yatuk.New(),
	)
}
