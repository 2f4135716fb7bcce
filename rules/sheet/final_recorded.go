package sheet

import (
	"fmt"
	"strings"

	"github.com/motamed/motamed/rules"
)

type finalData struct {
	Scores map[string]int `json:"scores"`
	Places map[string]int `json:"places"`
}

// applyFinal records the final totals (and, when known, the places) of a
// match kept elsewhere, on an empty sheet, and finishes it (SHEET-FINAL-1).
func (s *State) applyFinal(raw []byte) (rules.State, []rules.Ruling, error) {
	var d finalData
	if err := rules.Decode(raw, "data", &d); err != nil {
		return nil, nil, err
	}
	var f rules.Fields
	if d.Scores == nil {
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
	if missing, missingFA := entries.missing(); len(missing) > 0 {
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
	if s.byTeam() {
		row.Teams = d.Scores
	}
	n.Rows = append(n.Rows, row)
	for id, v := range entries.players {
		n.Totals[id] = v
	}
	n.TeamTotals = n.teamTotals()
	n.Places = d.Places
	n.Finished = true
	return n, []rules.Ruling{n.resultRuling()}, nil
}

// applyFinished ends a sheet of open rounds (SHEET-FINISH-1).
func (s *State) applyFinished(raw []byte) (rules.State, []rules.Ruling, error) {
	var none struct{}
	if err := rules.Decode(raw, "data", &none); err != nil {
		return nil, nil, err
	}
	if len(s.Rows) == 0 {
		return nil, nil, rules.Violate("SHEET-FINISH-1",
			"No round is recorded yet: a sheet ends after at least one round.",
			"هنوز دوری ثبت نشده است: برگه پس از دست‌کم یک دور تمام می‌شود.")
	}
	n := s.clone()
	n.Finished = true
	return n, []rules.Ruling{n.resultRuling()}, nil
}
