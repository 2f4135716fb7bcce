package rules

import (
	"fmt"
	"strings"
)

// Check reports the first way the sheet fails its promise to the players
// seated: a total missing, a Sum sheet whose cells do not add up to its
// totals, a cell whose adjustments do not explain its value, a label
// missing in a language, a fix offered for another player's figure, or a
// player's ID in a text people read.
func (sh Sheet) Check(players []Player) error {
	texts := []Text{sh.RowHeader, sh.TotalHeader}
	sums := map[string]int{}
	for _, p := range players {
		if _, ok := sh.Totals[p.ID]; !ok {
			return fmt.Errorf("no total for %s", p.Name)
		}
		sums[p.ID] = sh.Start
	}
	for i, r := range sh.Rows {
		texts = append(texts, r.Label, r.Note)
		if r.Label.EN == "" || r.Label.FA == "" {
			return fmt.Errorf("row %d has no label in both languages: %+v", i+1, r.Label)
		}
		for id, c := range r.Cells {
			if _, ok := sums[id]; !ok {
				return fmt.Errorf("row %d has a cell for %q, who is not seated", i+1, id)
			}
			sums[id] += c.Value
			delta := 0
			for _, m := range c.Marks {
				if m.Kind == "" || m.Label.EN == "" || m.Label.FA == "" {
					return fmt.Errorf("row %d: %s's mark %+v has no kind or label", i+1, id, m)
				}
				delta += m.Delta
				texts = append(texts, m.Label)
			}
			texts = append(texts, c.Sub)
			if c.Held && (c.Value != 0 || len(c.Marks) > 0 || len(c.Fix) == 0) {
				return fmt.Errorf("row %d: %s's held cell %+v moves, is marked or offers no fix", i+1, id, c)
			}
			for _, f := range c.Fix {
				if f.Field == "" || f.Label.EN == "" || f.Label.FA == "" {
					return fmt.Errorf("row %d: %s's fix %+v has no field or label", i+1, id, f)
				}
				if f.Player != id {
					return fmt.Errorf("row %d: %s's cell offers to fix %q's figure", i+1, id, f.Player)
				}
				texts = append(texts, f.Label)
			}
			base := c.Value
			if c.Base != nil {
				base = *c.Base
			}
			if base+delta != c.Value {
				return fmt.Errorf("row %d (%s): %s's cell shows %d, but %d recorded and adjustments of %+d make %d", i+1, r.Label.EN, id, c.Value, base, delta, base+delta)
			}
		}
	}
	if sh.Sum {
		for _, p := range players {
			if sums[p.ID] != sh.Totals[p.ID] {
				return fmt.Errorf("%s's cells add up to %d, but the total shown is %d", p.Name, sums[p.ID], sh.Totals[p.ID])
			}
		}
	}
	for _, t := range texts {
		for _, p := range players {
			if len(p.ID) >= 6 && (strings.Contains(t.EN, p.ID) || strings.Contains(t.FA, p.ID)) {
				return fmt.Errorf("the text %q shows %s's ID", t.EN, p.Name)
			}
		}
	}
	return nil
}
