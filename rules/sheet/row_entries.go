package sheet

import (
	"fmt"

	"github.com/motamed/motamed/rules"
)

// entry is one score given in a row: a player's, or a team's on a sheet
// scored by team.
type entry struct {
	name, nameFA string
	value        int
}

// rowEntries is a row's scores read for the sheet: the values given (in
// seat or team order), whose are missing, and every player's score.
type rowEntries struct {
	side, sideFA        string // "player" or "team", for messages
	given               []entry
	missingEN, missingF []string
	players             map[string]int
}

func (r rowEntries) missing() ([]string, []string) { return r.missingEN, r.missingF }

// rowEntries reads scores given by player ID, or by team key on a sheet
// scored by team; a key that is no player (or team) of the match, or a
// value beyond ±limit, is a field error under field.
func (s *State) rowEntries(scores map[string]int, field string, limit int) (rowEntries, error) {
	var f rules.Fields
	for _, k := range sortedKeys(scores) {
		switch {
		case s.byTeam() && !s.isTeamKey(k):
			f.Add(field+"."+k, "is not a team of this match: a row scored by team gives "+s.teamKeys())
		case !s.byTeam() && s.seat(k) < 0:
			f.Add(field+"."+k, "is not a player of this match")
		case scores[k] < -limit || scores[k] > limit:
			f.Add(field+"."+k, fmt.Sprintf("must be from %d to %d", -limit, limit))
		}
	}
	if err := f.Err(); err != nil {
		return rowEntries{}, err
	}
	if !s.byTeam() {
		r := rowEntries{side: "player", sideFA: "بازیکنان", players: scores}
		for _, p := range s.Players {
			if v, ok := scores[p.ID]; ok {
				r.given = append(r.given, entry{p.Name, p.Name, v})
			} else {
				r.missingEN = append(r.missingEN, p.Name)
				r.missingF = append(r.missingF, p.Name)
			}
		}
		return r, nil
	}
	r := rowEntries{side: "team", sideFA: "تیم‌ها", players: map[string]int{}}
	for i, team := range s.Teams {
		en, fa := fmt.Sprintf("Team %d", i+1), fmt.Sprintf("تیم %d", i+1)
		v, ok := scores[TeamKey(i)]
		if !ok {
			r.missingEN = append(r.missingEN, en)
			r.missingF = append(r.missingF, fa)
			continue
		}
		r.given = append(r.given, entry{en, fa, v})
		for _, id := range team {
			r.players[id] = v
		}
	}
	return r, nil
}
