package rules

// Findings collects the rules an event breaks, one ruling per rule: the
// first finding of a rule carries its message. A check adds what it finds
// and ends with `return f.Err()`.
type Findings []Ruling

// Add records a broken rule unless that rule is already recorded.
func (f *Findings) Add(id, en, fa string) {
	for _, r := range *f {
		if r.Rule == id {
			return
		}
	}
	*f = append(*f, Rule(id, en, fa))
}

// Err is a *ViolationError holding the findings, or nil when there are none.
func (f Findings) Err() error { return Violations(f) }
