package wizard

import (
	"fmt"
	"strconv"

	"github.com/motamed/motamed/rules"
)

// View is the score sheet (a row per round: each player's points with bid
// and tricks won under them, revoke penalties marked) and the round being
// played (dealer, trump, bids and tricks so far).
func (s *State) View() rules.View {
	sh := rules.Sheet{
		RowHeader:   rules.T("Round", "دور"),
		TotalHeader: rules.T("Total", "مجموع"),
		SubHeader:   rules.T("bid / won", "پیش‌بینی / بُرده"),
		Sum:         true,
		Rows:        make([]rules.SheetRow, 0, len(s.Rows)),
		Totals:      cloneMap(s.Totals),
	}
	for _, r := range s.Rows {
		row := rules.SheetRow{Label: rules.Nf("Round %d", "دورِ %d", r.Round), Number: r.Round, Cells: map[string]rules.Cell{}, Voided: r.Voided}
		at := strconv.Itoa(r.Round)
		for _, p := range s.Players {
			c := rules.Cell{Value: r.Points[p.ID], Field: "tricks", Sub: rules.T(fmt.Sprintf("%d / %d", r.Bids[p.ID], r.Tricks[p.ID]), fmt.Sprintf("%d / %d", r.Bids[p.ID], r.Tricks[p.ID])),
				Fix: []rules.FixTarget{
					{Field: "bid", Player: p.ID, At: at, Entry: "bid", Value: strconv.Itoa(r.Bids[p.ID]), Label: rules.T("Bid", "پیش‌بینی")},
					{Field: "tricks", Player: p.ID, At: at, Entry: "won", Value: strconv.Itoa(r.Tricks[p.ID]), Label: rules.T("Tricks won", "تریک‌های بُرده")},
				}}
			if pen := r.Penalties[p.ID]; pen != 0 {
				c.Base = rules.Num(c.Value + pen)
				c.Marks = append(c.Marks, rules.Mark{Kind: "penalty", Delta: -pen,
					Label: rules.T(fmt.Sprintf("revoke: −%d", pen), fmt.Sprintf("رنگ‌ندادن: −%d", pen))})
			}
			if r.Voided {
				c.Marks = append(c.Marks, rules.Mark{Kind: "voided", Label: rules.T("round replayed: a revoke", "دور دوباره بازی می‌شود: رنگ‌ندادن")})
			}
			row.Cells[p.ID] = c
		}
		row.Note = trumpNote(r.Trump, r.TrumpCard)
		if r.Dealer != "" {
			row.Note = joinNote(rules.T("dealer "+s.nameOf(r.Dealer), "پخش‌کننده: "+s.nameOf(r.Dealer)), row.Note)
		}
		sh.Rows = append(sh.Rows, row)
	}
	v := rules.View{Sheet: sh}
	if s.Phase != phaseFinished {
		v.Now = s.now()
	}
	return v
}

func (s *State) now() *rules.Now {
	n := &rules.Now{Next: s.Next(), Columns: []rules.Text{rules.T("Bid", "پیش‌بینی"), rules.T("Won", "بُرده")}}
	round := s.Round
	if s.Phase == phaseDeal {
		round = s.nextRound()
	} else {
		n.Dealer = s.Dealer
		n.Turn = s.Turn
	}
	n.Title = rules.T(fmt.Sprintf("Round %d of %d", round, s.Options.Rounds), fmt.Sprintf("دورِ %d از %d", round, s.Options.Rounds))
	if s.Phase != phaseDeal && s.Trump != "" {
		n.Facts = append(n.Facts, rules.Fact{Label: rules.T("Trump", "حکم"), Value: trumpWords(s.Trump)})
	}
	if s.TrumpCard != "" {
		n.Facts = append(n.Facts, rules.Fact{Label: rules.T("Turned up", "کارتِ رو"), Value: cardWords(s.TrumpCard)})
	}
	for _, p := range s.Players {
		seat := rules.NowSeat{Player: p.ID, Values: []*int{nil, nil}}
		if b, ok := s.Bids[p.ID]; ok {
			seat.Values[0] = rules.Num(b)
		}
		if s.Phase == phasePlaying {
			seat.Values[1] = rules.Num(s.Won[p.ID])
		}
		n.Seats = append(n.Seats, seat)
	}
	return n
}

// trumpWords names a trump ("red", "none") for people.
func trumpWords(trump string) rules.Text {
	c, ok := parseTrump(trump)
	if !ok {
		return rules.T(trump, trump)
	}
	if c == noColour {
		return rules.T("no trump", "بدون حکم")
	}
	return rules.T(colourName(c), colourFA(c))
}

// cardWords names a card ("red-7", "wizard") for people.
func cardWords(s string) rules.Text {
	c, ok := parseCard(s)
	switch {
	case !ok:
		return rules.T(s, s)
	case c.isWizard():
		return rules.T("Wizard", "جادوگر")
	case c.isJester():
		return rules.T("Jester", "دلقک")
	}
	return rules.T(fmt.Sprintf("%s %d", colourName(c.colour), c.value), fmt.Sprintf("%s %d", colourFA(c.colour), c.value))
}

func trumpNote(trump, card string) rules.Text {
	if trump == "" {
		return rules.Text{}
	}
	t := trumpWords(trump)
	n := rules.T("trump "+t.EN, "حکم: "+t.FA)
	if card != "" {
		cw := cardWords(card)
		n = rules.T(n.EN+" ("+cw.EN+")", n.FA+" ("+cw.FA+")")
	}
	return n
}

// joinNote joins two notes with a separator no one reads as a digit.
func joinNote(a, b rules.Text) rules.Text {
	switch {
	case a.EN == "":
		return b
	case b.EN == "":
		return a
	}
	return rules.T(a.EN+"; "+b.EN, a.FA+"؛ "+b.FA)
}
