package sheet

import (
	"fmt"
	"strings"

	"github.com/motamed/motamed/rules"
)

type finalData struct {
	Scores map[string]int `json:"scores"`
	Places map[string]int `json:"places"`
	// Winners name the winners on a winner-only sheet (instead of places).
	Winners []string `json:"winners"`
	// Won says whether the table won, on a cooperative sheet.
	Won *bool `json:"won"`
}

// applyFinal records the final totals (and, when known, the places) of a
// match kept elsewhere, on an empty sheet, and finishes it (SHEET-FINAL-1).
func (s *State) applyFinal(raw []byte) (rules.State, []rules.Ruling, error) {
	var d finalData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, nil, err
	}
	var f rules.Fields
	s.checkOutcome(&d, &f)
	if d.Scores == nil && !s.def.WinnerOnly && !s.def.Cooperative {
		f.Add("data.scores", "is required: every player's final total, by player ID (on a sheet scored by team, every team's, by team1, team2 ...)")
	}
	entries, err := s.rowEntries(d.Scores, "data.scores", MaxValue*MaxRows)
	if err != nil {
		return nil, nil, err
	}
	for _, id := range sortedKeys(d.Places) {
		if s.seat(id) < 0 {
			f.Add("data.places."+id, "is not a player of this match")
		} else if p := d.Places[id]; p < 1 || p > len(s.Players) {
			f.Add("data.places."+id, fmt.Sprintf("must be from 1 to %d", len(s.Players)))
		}
	}
	if d.Places != nil && len(d.Places) != len(s.Players) {
		f.Add("data.places", "gives every player's place, or is left out")
	}
	if err := f.Err(); err != nil {
		return nil, nil, err
	}
	var rs []rules.Ruling
	if len(s.Rows) > 0 {
		rs = append(rs, rules.Rule("SHEET-FINAL-1",
			"This sheet already has rows: final totals are recorded only on an empty sheet.",
			"این برگه سطرهای ثبت‌شده دارد: امتیازهای نهایی فقط روی برگهٔ خالی ثبت می‌شوند."))
	}
	if missing, missingFA := entries.missing(); len(missing) > 0 && d.Scores != nil {
		rs = append(rs, rules.Rule("SHEET-ROW-1",
			"The final totals are recorded for every "+entries.side+" at once: "+strings.Join(missing, ", ")+" missing.",
			"امتیازهای نهایی برای همهٔ "+entries.sideFA+" با هم ثبت می‌شوند: امتیاز "+strings.Join(missingFA, "، ")+" نیامده است."))
	}
	for _, e := range entries.given {
		if e.value < 0 && !s.def.Negative {
			rs = append(rs, rules.Rule("SHEET-VALUE-2",
				fmt.Sprintf("%s's total is %d, but this sheet has no negative scores.", e.name, e.value),
				fmt.Sprintf("مجموع %s %d است، اما این برگه امتیاز منفی ندارد.", e.nameFA, e.value)))
		}
	}
	if d.Places != nil {
		rs = append(rs, s.teamPlaces(d.Places)...)
	}
	if err := rules.Violations(rs); err != nil {
		return nil, nil, err
	}
	n := s.clone()
	row := Row{Final: true, Scores: entries.players}
	if row.Scores == nil {
		row.Scores = map[string]int{}
	}
	if s.byTeam() {
		row.Teams = d.Scores
	}
	n.Rows = append(n.Rows, row)
	for id, v := range entries.players {
		n.Totals[id] = v
	}
	n.TeamTotals = n.teamTotals()
	n.Places = d.Places
	n.Won = d.Won
	n.Finished = true
	return n, []rules.Ruling{n.resultRuling()}, nil
}

// checkOutcome checks what decides a match besides its totals: on a
// cooperative sheet whether the table won (required; no places or
// winners), on a winner-only sheet its winners or places (one of them;
// no scores), elsewhere neither. Winners become places: the winners
// first, everyone else shares the next place.
func (s *State) checkOutcome(d *finalData, f *rules.Fields) {
	def := s.def
	switch {
	case def.Cooperative:
		if d.Won == nil {
			f.Add("data.won", "is required: whether the table won, true or false (a cooperative game is won or lost together)")
		}
		if d.Places != nil || d.Winners != nil {
			f.Add("data.places", "cannot be given: a cooperative game has no places between its players; say whether the table won with won")
		}
		return
	case d.Won != nil:
		f.Add("data.won", "is only for a cooperative game, won or lost by the whole table")
	}
	if def.WinnerOnly {
		if len(d.Scores) > 0 {
			f.Add("data.scores", "cannot be given: "+def.DisplayName()+" has a winner and no scores")
		}
		if d.Places == nil && len(d.Winners) == 0 {
			f.Add("data.winners", "is required: the winners' player IDs (or every player's place, with places)")
		}
	}
	if d.Winners == nil {
		return
	}
	if !def.WinnerOnly {
		f.Add("data.winners", "is only for a game with a winner and no scores; give places instead")
		return
	}
	if d.Places != nil {
		f.Add("data.winners", "cannot be given together with places")
		return
	}
	won := map[string]bool{}
	for i, id := range d.Winners {
		if s.seat(id) < 0 {
			f.Add(fmt.Sprintf("data.winners[%d]", i), "is not a player of this match")
		}
		won[id] = true
	}
	d.Places = map[string]int{}
	for _, p := range s.Players {
		d.Places[p.ID] = 1
		if !won[p.ID] {
			d.Places[p.ID] = len(won) + 1
		}
	}
}

// applyFinished ends a sheet of open rounds (SHEET-FINISH-1).
func (s *State) applyFinished(raw []byte) (rules.State, []rules.Ruling, error) {
	var d struct {
		Won *bool `json:"won"`
	}
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, nil, err
	}
	switch {
	case s.def.Cooperative && d.Won == nil:
		return nil, nil, rules.Invalid("data.won", "is required: whether the table won, true or false (a cooperative game is won or lost together)")
	case !s.def.Cooperative && d.Won != nil:
		return nil, nil, rules.Invalid("data.won", "is only for a cooperative game, won or lost by the whole table")
	}
	if len(s.Rows) == 0 {
		return nil, nil, rules.Violate("SHEET-FINISH-1",
			"No round is recorded yet: a sheet ends after at least one round.",
			"هنوز دوری ثبت نشده است: برگه پس از دست‌کم یک دور تمام می‌شود.")
	}
	n := s.clone()
	n.Won = d.Won
	n.Finished = true
	return n, []rules.Ruling{n.resultRuling()}, nil
}
