package munchkin

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/motamed/motamed/rules"
)

// View is the score sheet (a row per turn: each pawn's move on the level
// track, with a level held at 1 or at the top and a death marked, so that
// the rows add up to the levels) and the turn in progress.
func (s *State) View() rules.View {
	sh := rules.Sheet{
		RowHeader:   rules.T("Turn", "نوبت"),
		TotalHeader: rules.T("Level", "سطح"),
		Sum:         true,
		Start:       1,
		Rows:        make([]rules.SheetRow, 0, len(s.History)+1),
		Totals:      s.levels(),
	}
	rows := s.History
	if s.Current != nil && !s.Finished || s.Current != nil && len(s.Current.Changes) > 0 {
		rows = append(rows[:len(rows):len(rows)], s.Current)
	}
	for _, r := range rows {
		sh.Rows = append(sh.Rows, s.viewRow(r))
	}
	v := rules.View{Sheet: sh}
	if !s.Finished {
		v.Now = s.now()
	}
	return v
}

func (s *State) viewRow(r *TurnRow) rules.SheetRow {
	who := s.name(r.Player)
	row := rules.SheetRow{Label: rules.Nf("Turn %d", "نوبتِ %d", r.Turn), Number: r.Turn, Cells: map[string]rules.Cell{}, Note: rules.T(who, who)}
	for _, p := range s.Players {
		c := rules.Cell{Field: "level"}
		asked, touched := 0, false
		var whyEN, whyFA []string
		for _, ch := range r.Changes {
			if ch.Player != p.ID {
				continue
			}
			touched = true
			moved := ch.To - ch.From
			c.Value += moved
			asked += ch.Delta
			en, fa := reasonWords(ch.Reason)
			whyEN = append(whyEN, fmt.Sprintf("%s %+d", en, ch.Delta))
			whyFA = append(whyFA, fmt.Sprintf("%s %+d", fa, ch.Delta))
			if moved != ch.Delta {
				c.Marks = append(c.Marks, rules.Mark{Kind: "clamped", Delta: moved - ch.Delta,
					Label: rules.T(fmt.Sprintf("%s %+d: stays at %d", en, ch.Delta, ch.To), fmt.Sprintf("%s %+d: در %d می‌ماند", fa, ch.Delta, ch.To))})
			}
		}
		for _, d := range r.Deaths {
			if d.Player == p.ID {
				touched = true
				c.Marks = append(c.Marks, rules.Mark{Kind: "death", Label: rules.T("died", "مُرد")})
			}
		}
		if !touched {
			if lvl, ok := s.levelAfter(r, p.ID); ok {
				row.Cells[p.ID] = rules.Cell{Field: "level", Held: true, Fix: []rules.FixTarget{{Field: "level", Player: p.ID, At: strconv.Itoa(r.Turn), Entry: "delta",
					Value: strconv.Itoa(lvl), Label: rules.T("Level", "سطح")}}}
			}
			continue
		}
		if asked != c.Value {
			c.Base = rules.Num(asked)
		}
		c.Sub = rules.T(strings.Join(whyEN, ", "), strings.Join(whyFA, "، "))
		if lvl, ok := s.levelAfter(r, p.ID); ok {
			c.Fix = []rules.FixTarget{{Field: "level", Player: p.ID, At: strconv.Itoa(r.Turn), Entry: "delta",
				Value: strconv.Itoa(lvl), Label: rules.T("Level", "سطح")}}
		}
		row.Cells[p.ID] = c
	}
	return row
}

// levelAfter is a player's level at the end of turn r, or now for the turn
// in progress.
func (s *State) levelAfter(r *TurnRow, id string) (int, bool) {
	if r.Levels != nil {
		l, ok := r.Levels[id]
		return l, ok
	}
	i, ok := s.player(id)
	if !ok {
		return 0, false
	}
	return s.Players[i].Level, true
}

// reasonWords names a level change's reason for people.
func reasonWords(reason string) (string, string) {
	switch reason {
	case reasonKill:
		return "kill", "کشتن"
	case reasonHelp:
		return "help", "کمک"
	case reasonSell:
		return "sale", "فروش"
	case reasonCard:
		return "card", "کارت"
	case reasonCurse:
		return "curse", "نفرین"
	case reasonBadStuff:
		return "Bad Stuff", "بلای بد"
	case reasonDeath:
		return "death", "مرگ"
	case reasonCorrection:
		return "correction", "اصلاح"
	}
	return reason, reason
}

func (s *State) now() *rules.Now {
	n := &rules.Now{Title: rules.Nf("Turn %d", "نوبتِ %d", s.Turn.Number), Turn: s.Turn.Player, Next: s.Next(),
		Columns: []rules.Text{rules.T("Level", "سطح"), rules.T("Gear", "تجهیزات")}}
	for _, p := range s.Players {
		n.Seats = append(n.Seats, rules.NowSeat{Player: p.ID, Values: []*int{rules.Num(p.Level), rules.Num(p.EquippedBonus)}, Out: p.Dead})
	}
	if s.Combat != nil {
		n.Facts = append(n.Facts, rules.Fact{Label: rules.T("Fight", "مبارزه"), Value: rules.T("recorded", "ثبت شد")})
	}
	return n
}
