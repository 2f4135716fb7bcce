package wazabi

import (
	"fmt"
	"slices"

	"github.com/motamed/motamed/rules"
)

// View is the score sheet (a row per finished hand: in a tournament each
// hand's points, in one hand the dice each player still held) and the turn
// being played: whose turn it is, every player's dice and cards, the teams.
func (s *State) View() rules.View {
	sh := rules.Sheet{RowHeader: rules.T("Hand", "دست"), Rows: make([]rules.SheetRow, 0, len(s.Played)), Totals: s.Scores().Totals}
	tournament := s.Options.Hands > 1
	if tournament {
		sh.TotalHeader, sh.Sum = rules.T("Points", "امتیاز"), true
	} else {
		sh.TotalHeader, sh.Lower = rules.T("Dice", "تاس"), true
	}
	for _, h := range s.Played {
		row := rules.SheetRow{Label: rules.Nf("Hand %d", "دستِ %d", h.Hand), Number: h.Hand, Cells: map[string]rules.Cell{}}
		won := func(id string) bool { return id == h.Winner || slices.Contains(h.WinningTeam, id) }
		for _, st := range s.Seats {
			id := st.PlayerID
			left := h.DiceLeft[id]
			c := rules.Cell{Field: "dice", Value: left}
			if tournament {
				c.Value = 0
				if won(id) {
					c.Value = h.Points
				}
				c.Sub = rules.T(plural(left, "die", "dice")+" left", fmt.Sprintf("%d تاس مانده", left))
			}
			if won(id) {
				c.Marks = append(c.Marks, rules.Mark{Kind: "winner", Label: rules.T("won the hand", "برنده‌ی دست")})
			}
			row.Cells[id] = c
		}
		w := s.name(h.Winner)
		row.Note = rules.T(w+" got rid of every die first", w+" زودتر از همه تاس‌هایش را تمام کرد")
		sh.Rows = append(sh.Rows, row)
	}
	v := rules.View{Sheet: sh}
	if !s.Over {
		v.Now = s.now()
	}
	return v
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

func (s *State) now() *rules.Now {
	n := &rules.Now{Turn: s.Current, Next: s.Next(),
		Columns: []rules.Text{rules.T("Dice", "تاس"), rules.T("Cards", "کارت")}}
	if s.Options.Hands > 1 {
		n.Title = rules.T(fmt.Sprintf("Hand %d of %d", s.Hand, s.Options.Hands), fmt.Sprintf("دستِ %d از %d", s.Hand, s.Options.Hands))
		n.Columns = append(n.Columns, rules.T("Points", "امتیاز"))
	} else {
		n.Title = rules.T("Wazabi", "وازابی")
	}
	if s.Turn.Rolled {
		r := s.Turn.Roll
		n.Facts = append(n.Facts, rules.Fact{Label: rules.T("Roll", "تاس‌ها"),
			Value: rules.T(fmt.Sprintf("%d wasabi, %d card, %d give", r.W, r.Card, r.Give), fmt.Sprintf("%d وازابی، %d کارت، %d بده", r.W, r.Card, r.Give))})
	}
	n.Facts = append(n.Facts, rules.Fact{Label: rules.T("Draw pile", "دسته‌ی کارت"), Value: rules.T(fmt.Sprint(s.DrawPile), fmt.Sprint(s.DrawPile))})
	if s.Direction == "counterclockwise" {
		n.Facts = append(n.Facts, rules.Fact{Label: rules.T("Direction", "جهت"), Value: rules.T("counterclockwise", "خلافِ عقربه‌های ساعت")})
	}
	teams := map[int][]string{}
	maxTeam := 0
	for _, st := range s.Seats {
		seat := rules.NowSeat{Player: st.PlayerID, Out: st.Out, Values: []*int{rules.Num(st.Dice), rules.Num(st.Cards)}}
		if s.Options.Hands > 1 {
			seat.Values = append(seat.Values, rules.Num(st.Points))
		}
		n.Seats = append(n.Seats, seat)
		if st.Team > 0 {
			teams[st.Team] = append(teams[st.Team], st.PlayerID)
			maxTeam = max(maxTeam, st.Team)
		}
	}
	for t := 1; t <= maxTeam; t++ {
		n.Teams = append(n.Teams, teams[t])
	}
	return n
}
