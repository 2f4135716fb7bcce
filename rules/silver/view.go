package silver

import (
	"fmt"
	"maps"
	"strconv"
	"strings"

	"github.com/motamed/motamed/rules"
)

// View is the score sheet (a row per round: each village's cards, then the
// census, a Kamikaze and a 100->50 drop as marks, so that every row adds up
// to the totals) and the round in play (who starts, the amulet, a census).
func (s *State) View() rules.View {
	sh := rules.Sheet{
		RowHeader:   rules.T("Round", "دور"),
		TotalHeader: rules.T("Total", "مجموع"),
		Sum:         true,
		Lower:       true,
		Rows:        make([]rules.SheetRow, 0, len(s.History)),
		Totals:      maps.Clone(s.Totals),
	}
	for _, r := range s.History {
		sh.Rows = append(sh.Rows, s.viewRow(r))
	}
	v := rules.View{Sheet: sh}
	if s.Phase != phaseFinished {
		v.Now = s.now()
	}
	return v
}

func (s *State) viewRow(r RoundRow) rules.SheetRow {
	row := rules.SheetRow{Label: rules.Nf("Round %d", "دورِ %d", r.Round), Number: r.Round, Cells: map[string]rules.Cell{}}
	jumped := map[string]bool{}
	for _, id := range r.ScoreJumps {
		jumped[id] = true
	}
	for _, p := range s.Players {
		sum := r.Sums[p.ID]
		c := rules.Cell{Value: r.Points[p.ID], Field: "village", Fix: []rules.FixTarget{{Field: "village", Player: p.ID, At: strconv.Itoa(r.Round),
			Entry: "villages", Value: cardsText(r.Villages[p.ID]), Label: rules.T("Village", "دهکده")}}}
		pts := sum
		if p.ID == r.CensusBy {
			if r.CensusLowest {
				c.Marks = append(c.Marks, rules.Mark{Kind: "census", Delta: -pts,
					Label: rules.T("census, lowest: 0", "سرشماری، کمترین: 0")})
				pts = 0
			} else {
				c.Marks = append(c.Marks, rules.Mark{Kind: "census", Delta: 10,
					Label: rules.T("census: +10", "سرشماری: +10")})
				pts += 10
			}
		}
		if r.Kamikaze != "" {
			target := 50
			label := rules.T("Kamikaze: 50", "کامیکازه: 50")
			if p.ID == r.Kamikaze {
				target, label = 0, rules.T("Kamikaze: 0", "کامیکازه: 0")
			}
			c.Marks = append(c.Marks, rules.Mark{Kind: "kamikaze", Delta: target - pts, Label: label})
		}
		if jumped[p.ID] {
			c.Value -= 50
			c.Marks = append(c.Marks, rules.Mark{Kind: "jump", Delta: -50, Label: rules.T("100 → 50", "100 می‌شود 50")})
		}
		if len(c.Marks) > 0 {
			c.Base = rules.Num(sum)
		}
		row.Cells[p.ID] = c
	}
	switch {
	case r.Kamikaze != "":
		row.Note = rules.T("Kamikaze: "+s.name(r.Kamikaze), "کامیکازه: "+s.name(r.Kamikaze))
	case r.CensusBy != "":
		row.Note = rules.T("census called by "+s.name(r.CensusBy), "سرشماری: "+s.name(r.CensusBy))
	case r.Reason == "deck_empty":
		row.Note = rules.T("the deck ran out", "کارت‌ها تمام شد")
	case r.Reason == "villagers":
		row.Note = rules.T("both Villagers face-up", "هر دو دهاتی رو شدند")
	}
	if r.AmuletHolder != "" {
		h := s.name(r.AmuletHolder)
		a := rules.T("amulet to "+h, "طلسم به "+h)
		if row.Note.EN == "" {
			row.Note = a
		} else {
			row.Note = rules.T(row.Note.EN+"; "+a.EN, row.Note.FA+"؛ "+a.FA)
		}
	}
	return row
}

func (s *State) now() *rules.Now {
	n := &rules.Now{Title: rules.Nf("Round %d", "دورِ %d", s.Round), Next: s.Next(), Turn: s.expectedTurn()}
	if s.Phase == phasePending {
		n.Turn = ""
	}
	n.Facts = append(n.Facts, rules.Fact{Label: rules.T("Starts", "آغازکننده"), Value: rules.T(s.name(s.FirstPlayer), s.name(s.FirstPlayer))})
	if s.AmuletHolder != "" {
		h := s.name(s.AmuletHolder)
		n.Facts = append(n.Facts, rules.Fact{Label: rules.T("Amulet", "طلسم"), Value: rules.T(h, h)})
	}
	if s.Census != nil {
		c := s.name(s.Census.Caller)
		n.Facts = append(n.Facts, rules.Fact{Label: rules.T("Census", "سرشماری"), Value: rules.T(c, c)})
	}
	if !s.Options.points() {
		n.Title = rules.T(fmt.Sprintf("Round %d of %d", s.Round, s.Options.Rounds), fmt.Sprintf("دورِ %d از %d", s.Round, s.Options.Rounds))
	}
	for _, p := range s.Players {
		n.Seats = append(n.Seats, rules.NowSeat{Player: p.ID, Values: []*int{}})
	}
	return n
}

// cardsText is a village's cards as the table recorded them: "9 9 9".
func cardsText(cards []int) string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = strconv.Itoa(c)
	}
	return strings.Join(out, " ")
}
