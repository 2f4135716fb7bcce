package yatuk

import (
	"fmt"
	"strconv"

	"github.com/motamed/motamed/rules"
)

// View is the score sheet (a row per battle: the armies' strengths, the gem
// to its winner and a gem taken from its holder marked, so that the rows
// add up to the gems held) and the turn being played.
func (s *State) View() rules.View {
	sh := rules.Sheet{
		RowHeader:   rules.T("Battle", "نبرد"),
		TotalHeader: rules.T("Gems", "گوهر"),
		Sum:         true,
		Rows:        make([]rules.SheetRow, 0, len(s.Battles)),
		Totals:      s.Scores().Totals,
	}
	holder := map[Gem]string{}
	for _, b := range s.Battles {
		label := rules.Nf("Battle %d", "نبردِ %d", b.Number)
		if s.Options.Hands > 1 {
			label = rules.T(fmt.Sprintf("Hand %d, battle %d", b.Hand, b.Number), fmt.Sprintf("دستِ %d، نبردِ %d", b.Hand, b.Number))
		}
		row := rules.SheetRow{Label: label, Cells: map[string]rules.Cell{}}
		if s.Options.Hands <= 1 {
			row.Number = b.Number
		}
		gemEN, gemFAw := string(b.Gem), gemFA(b.Gem)
		prev := holder[b.Gem]
		for _, p := range s.Players {
			str, fought := b.Strengths[p.ID]
			c := rules.Cell{Field: "gems"}
			if fought {
				c.Sub = rules.T(fmt.Sprintf("strength %d", str), fmt.Sprintf("قدرت %d", str))
				c.Fix = []rules.FixTarget{{Field: "gems", Player: p.ID, At: string(b.Land), Entry: "armies",
					Value: strconv.Itoa(str), Label: rules.T("Army", "سپاه")}}
			}
			switch {
			case p.ID == b.Winner && prev != b.Winner:
				c.Value = 1
				c.Marks = append(c.Marks, rules.Mark{Kind: "winner", Label: rules.T("wins the "+gemEN+" gem", "گوهرِ "+gemFAw+" را می‌بَرد")})
			case p.ID == prev && prev != b.Winner:
				c.Value = -1
				c.Marks = append(c.Marks, rules.Mark{Kind: "taken", Label: rules.T("loses the "+gemEN+" gem", "گوهرِ "+gemFAw+" را از دست می‌دهد")})
			case !fought:
				continue
			}
			row.Cells[p.ID] = c
		}
		holder[b.Gem] = b.Winner
		w := s.name(b.Winner)
		row.Note = rules.T(landEN[b.Land]+": "+w+" wins", landFA[b.Land]+": برنده "+w)
		sh.Rows = append(sh.Rows, row)
	}
	v := rules.View{Sheet: sh}
	if !s.Finished {
		v.Now = s.now()
	}
	return v
}

func (s *State) now() *rules.Now {
	n := &rules.Now{Title: rules.Nf("Turn %d", "نوبتِ %d", s.Turn), Turn: s.Current, Next: s.Next(),
		Columns: []rules.Text{rules.T("Cards", "کارت"), rules.T("Gems", "گوهر")}}
	if s.Options.Hands > 1 {
		n.Title = rules.T(fmt.Sprintf("Hand %d, turn %d", s.Hand, s.Turn), fmt.Sprintf("دستِ %d، نوبتِ %d", s.Hand, s.Turn))
	}
	if pb := s.PendingBattle; pb != nil {
		n.Facts = append(n.Facts, rules.Fact{Label: rules.T("Battle due", "نبردِ پیشِ رو"), Value: rules.T(landEN[pb.Land], landFA[pb.Land])})
	}
	n.Facts = append(n.Facts, rules.Fact{Label: rules.T("Draw pile", "دسته‌ی کارت"), Value: rules.T(fmt.Sprint(s.DrawPile), fmt.Sprint(s.DrawPile))})
	for _, p := range s.Players {
		n.Seats = append(n.Seats, rules.NowSeat{Player: p.ID, Values: []*int{rules.Num(p.HandSize), rules.Num(len(p.Gems))}})
	}
	return n
}
