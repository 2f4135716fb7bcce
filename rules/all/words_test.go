package all

import (
	"testing"

	"github.com/motamed/motamed/rules"
)

// TestOptionsAreWorded checks that every option of every game is named and
// explained in English and Persian, and every value a player picks from is
// worded, so the form that sets a match up shows no option key.
func TestOptionsAreWorded(t *testing.T) {
	for _, g := range Registry().All() {
		info := g.Info()
		for _, o := range info.Options {
			where := info.ID + " option " + o.Name
			for what, txt := range map[string]rules.Text{"label": o.Label, "hint": o.Hint} {
				if txt.EN == "" || txt.FA == "" {
					t.Errorf("%s: %s is not in both languages: %+v", where, what, txt)
				}
			}
			for _, v := range o.Enum {
				if c := o.Choices[v]; c.EN == "" || c.FA == "" {
					t.Errorf("%s: value %q is not worded in both languages", where, v)
				}
			}
			if m, ok := o.Default.(map[string]int); ok {
				for k := range m {
					if c := o.Choices[k]; c.EN == "" || c.FA == "" {
						t.Errorf("%s: key %q is not worded in both languages", where, k)
					}
				}
			}
		}
	}
}
