package sheet

import (
	"fmt"
	"maps"
	"strconv"

	"github.com/motamed/motamed/rules"
)

// View is the score sheet as defined: a row per round or per category
// (named as the sheet names it), the totals, and the row due next.
func (s *State) View() rules.View {
	sh := rules.Sheet{
		RowHeader:   rules.T("Round", "دور"),
		TotalHeader: rules.T("Total", "مجموع"),
		Sum:         true,
		Lower:       s.def.LowestWins,
		Rows:        make([]rules.SheetRow, 0, len(s.Rows)),
		Totals:      maps.Clone(s.Totals),
	}
	if s.def.Rounds == nil {
		sh.RowHeader = rules.T("Category", "دسته")
	}
	for _, r := range s.Rows {
		row := rules.SheetRow{Cells: map[string]rules.Cell{}}
		switch {
		case r.Final:
			row.Label = rules.T("Final totals", "مجموعِ نهایی")
		case r.Category != "":
			row.Label = s.categoryName(r.Category)
		default:
			row.Label, row.Number = rules.Nf("Round %d", "دورِ %d", r.Round), r.Round
		}
		at := r.Category
		if at == "" {
			at = strconv.Itoa(r.Round)
		}
		for id, v := range r.Scores {
			c := rules.Cell{Value: v, Field: "value"}
			if !r.Final {
				c.Fix = []rules.FixTarget{{Field: "value", Player: id, At: at, Entry: "scores", Value: strconv.Itoa(v), Label: rules.T("Score", "امتیاز")}}
			}
			row.Cells[id] = c
		}
		sh.Rows = append(sh.Rows, row)
	}
	v := rules.View{Sheet: sh}
	if !s.Finished {
		n := &rules.Now{Next: s.Next(), Teams: s.Teams}
		if s.def.Rounds != nil {
			n.Title = rules.Nf("Round %d", "دورِ %d", len(s.Rows)+1)
			if c := s.def.Rounds.Count; c > 0 {
				n.Title = rules.T(fmt.Sprintf("Round %d of %d", len(s.Rows)+1, c), fmt.Sprintf("دورِ %d از %d", len(s.Rows)+1, c))
			}
		} else {
			n.Title = rules.T(s.def.Name, nameOf(s.def.NameFA, s.def.Name))
		}
		for _, p := range s.Players {
			n.Seats = append(n.Seats, rules.NowSeat{Player: p.ID, Values: []*int{}})
		}
		v.Now = n
	}
	return v
}

// categoryName is a category's name as the sheet gives it, its ID when it
// has none.
func (s *State) categoryName(id string) rules.Text {
	for _, c := range s.def.Categories {
		if c.ID == id {
			en, fa := nameOf(c.Name, c.NameFA), nameOf(c.NameFA, c.Name)
			if en == "" {
				return rules.T(id, id)
			}
			return rules.T(en, fa)
		}
	}
	return rules.T(id, id)
}
