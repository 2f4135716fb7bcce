package sheet

import (
	"fmt"
	"strings"

	"github.com/motamed/motamed/rules"
)

// Options are a match's options on a sheet played in teams: the teams, as
// lists of player IDs, every player in exactly one.
type Options struct {
	Teams [][]string `json:"teams"`
}

// setupTeams reads the teams option of a sheet played in teams: every
// player of the match in exactly one team (SHEET-TEAM-1), as many teams of
// the size the definition fixes (SHEET-TEAM-2). A name that is no player
// of the match is a field error.
func (g *Game) setupTeams(players []rules.Player, raw []byte) (Options, error) {
	var in struct {
		Teams *[][]string `json:"teams"`
	}
	if err := rules.Decode(raw, "options", &in); err != nil {
		return Options{}, err
	}
	def := g.def
	if def.Teams == nil {
		if in.Teams != nil {
			return Options{}, rules.Invalid("options.teams", def.DisplayName()+" is not played in teams")
		}
		return Options{}, nil
	}
	if in.Teams == nil {
		return Options{}, rules.Invalid("options.teams", `is required: `+def.DisplayName()+` is played in teams; list them as [["player_id", ...], ...]`)
	}
	teams := *in.Teams
	names := map[string]string{}
	for _, p := range players {
		names[p.ID] = p.Name
	}
	var f rules.Fields
	in2 := map[string][]int{} // player ID -> the teams listing them
	for i, team := range teams {
		if len(team) == 0 {
			f.Add(fmt.Sprintf("options.teams[%d]", i), "is empty: a team has at least one player")
		}
		for j, id := range team {
			if _, ok := names[id]; !ok {
				f.Add(fmt.Sprintf("options.teams[%d][%d]", i, j), "is not a player of this match")
			}
			in2[id] = append(in2[id], i)
		}
	}
	if err := f.Err(); err != nil {
		return Options{}, err
	}
	var rs []rules.Ruling
	var none, twice []string
	for _, p := range players {
		switch n := len(in2[p.ID]); {
		case n == 0:
			none = append(none, p.Name)
		case n > 1:
			twice = append(twice, p.Name)
		}
	}
	if len(none) > 0 {
		rs = append(rs, rules.Rule("SHEET-TEAM-1",
			fmt.Sprintf("Every player plays in one team: %s in no team.", strings.Join(none, ", ")),
			fmt.Sprintf("هر بازیکن در یک تیم بازی می‌کند: %s در هیچ تیمی نیست.", strings.Join(none, "، "))))
	}
	if len(twice) > 0 {
		rs = append(rs, rules.Rule("SHEET-TEAM-1",
			fmt.Sprintf("Every player plays in one team: %s in more than one.", strings.Join(twice, ", ")),
			fmt.Sprintf("هر بازیکن در یک تیم بازی می‌کند: %s در بیش از یک تیم است.", strings.Join(twice, "، "))))
	}
	t := def.Teams
	switch {
	case t.Count > 0 && len(teams) != t.Count:
		rs = append(rs, rules.Rule("SHEET-TEAM-2",
			fmt.Sprintf("%s is played by %d teams, not %d.", def.DisplayName(), t.Count, len(teams)),
			fmt.Sprintf("%s را %d تیم بازی می‌کنند، نه %d تیم.", def.displayNameFA(), t.Count, len(teams))))
	case len(teams) < 2:
		rs = append(rs, rules.Rule("SHEET-TEAM-2",
			"A match in teams needs at least two teams.",
			"بازی تیمی دست‌کم دو تیم می‌خواهد."))
	}
	if t.Size > 0 {
		for i, team := range teams {
			if len(team) != t.Size {
				rs = append(rs, rules.Rule("SHEET-TEAM-2",
					fmt.Sprintf("Team %d has %d players; teams of %s have %d.", i+1, len(team), def.DisplayName(), t.Size),
					fmt.Sprintf("تیم %d %d بازیکن دارد؛ تیم‌های %s %d نفره‌اند.", i+1, len(team), def.displayNameFA(), t.Size)))
			}
		}
	}
	if err := rules.Violations(rs); err != nil {
		return Options{}, err
	}
	return Options{Teams: teams}, nil
}

// byTeam says rows are scored one value per team.
func (s *State) byTeam() bool {
	return s.def.Teams != nil && s.def.Teams.Scores == ScoresByTeam
}

// teamOf returns the index of the team of player id, or -1.
func (s *State) teamOf(id string) int {
	for i, team := range s.Teams {
		for _, m := range team {
			if m == id {
				return i
			}
		}
	}
	return -1
}

// sideTotal is what ranks a player: their team's total on a sheet played
// in teams (the sum of the members' totals; on a sheet scored by team,
// every member carries the team's), else their own.
func (s *State) sideTotal(id string, scores map[string]int) int {
	t := s.teamOf(id)
	if t < 0 {
		return scores[id]
	}
	if s.byTeam() {
		return scores[s.Teams[t][0]]
	}
	sum := 0
	for _, m := range s.Teams[t] {
		sum += scores[m]
	}
	return sum
}

// teamTotals are every team's total by TeamKey, nil without teams.
func (s *State) teamTotals() map[string]int {
	if len(s.Teams) == 0 {
		return nil
	}
	out := make(map[string]int, len(s.Teams))
	for i, team := range s.Teams {
		out[TeamKey(i)] = s.sideTotal(team[0], s.Totals)
	}
	return out
}

func (s *State) isTeamKey(k string) bool {
	for i := range s.Teams {
		if TeamKey(i) == k {
			return true
		}
	}
	return false
}

func (s *State) teamKeys() string {
	keys := make([]string, len(s.Teams))
	for i := range s.Teams {
		keys[i] = TeamKey(i)
	}
	return strings.Join(keys, ", ")
}

// teamPlaces: teammates share their team's place (SHEET-TEAM-3).
func (s *State) teamPlaces(places map[string]int) []rules.Ruling {
	var rs []rules.Ruling
	for i, team := range s.Teams {
		for _, id := range team[1:] {
			if places[id] != places[team[0]] {
				rs = append(rs, rules.Rule("SHEET-TEAM-3",
					fmt.Sprintf("Team %d's players have different places: teammates share their team's place.", i+1),
					fmt.Sprintf("بازیکنان تیم %d رتبه‌های متفاوت دارند: هم‌تیمی‌ها رتبهٔ تیمشان را با هم دارند.", i+1)))
				break
			}
		}
	}
	return rs
}
