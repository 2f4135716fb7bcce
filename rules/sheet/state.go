package sheet

import (
	"fmt"
	"maps"
	"slices"

	"github.com/motamed/motamed/rules"
)

// State is a score sheet as far as it is filled in.
type State struct {
	def     *Definition
	Players []rules.Player `json:"players"`
	// Rows are the recorded rows in the order recorded; a row never
	// changes once recorded (a correction replays the log).
	Rows   []Row          `json:"rows"`
	Totals map[string]int `json:"totals"`
	// Places are the places recorded with final_recorded, if any.
	Places   map[string]int `json:"places,omitempty"`
	Finished bool           `json:"finished"`
	// Won says whether the table won, on a cooperative sheet once it is
	// finished.
	Won *bool `json:"won,omitempty"`
	// Teams are the match's teams (player IDs) on a sheet played in teams;
	// TeamTotals are their totals by TeamKey ("team1", "team2" ...).
	Teams      [][]string     `json:"teams,omitempty"`
	TeamTotals map[string]int `json:"team_totals,omitempty"`
}

// Row is one recorded round or category.
type Row struct {
	Round    int    `json:"round,omitempty"`
	Category string `json:"category,omitempty"`
	Final    bool   `json:"final,omitempty"` // the totals of final_recorded
	// Scores are every player's score in the row; on a sheet scored by
	// team, each member has the team's.
	Scores map[string]int `json:"scores"`
	// Teams are the row's scores by TeamKey, on a sheet scored by team.
	Teams map[string]int `json:"teams,omitempty"`
}

func (s *State) clone() *State {
	c := *s
	c.Rows = slices.Clone(s.Rows)
	c.Totals = maps.Clone(s.Totals)
	c.TeamTotals = maps.Clone(s.TeamTotals)
	return &c
}

// Scores: totals are the sums; rows are the recorded rows.
func (s *State) Scores() rules.Scores { return rules.Scores{Totals: s.Totals, Rounds: s.Rows} }

// Result ranks the players once the sheet is finished: by the places
// recorded with final_recorded, else by total (SHEET-RANK-1) and the
// tie-break category (SHEET-RANK-2). On a sheet played in teams the teams
// are ranked by their totals and every member takes the team's place
// (SHEET-TEAM-4); the result lists the teams.
func (s *State) Result() *rules.Result {
	if !s.Finished {
		return nil
	}
	ids := make([]string, len(s.Players))
	for i, p := range s.Players {
		ids[i] = p.ID
	}
	if s.def.Cooperative {
		return s.coopResult(ids)
	}
	var res *rules.Result
	if s.Places != nil {
		res = rules.RankKeys(ids, func(id string) []int { return []int{s.Places[id]} })
	} else {
		sign := -1 // higher is better: sort by -total
		if s.def.LowestWins {
			sign = 1
		}
		tie := s.tieBreakRow()
		res = rules.RankKeys(ids, func(id string) []int {
			k := []int{sign * s.sideTotal(id, s.Totals)}
			if tie != nil {
				k = append(k, sign*s.sideTotal(id, tie.Scores))
			}
			return k
		})
	}
	for _, team := range s.Teams {
		res.Teams = append(res.Teams, slices.Clone(team))
	}
	return res
}

func (s *State) tieBreakRow() *Row {
	if s.def.TieBreak == "" {
		return nil
	}
	for i := range s.Rows {
		if s.Rows[i].Category == s.def.TieBreak {
			return &s.Rows[i]
		}
	}
	return nil
}

// Next says which row is due.
func (s *State) Next() rules.Text {
	if s.Finished {
		return rules.Text{}
	}
	d := s.def
	if d.Rounds != nil {
		n := len(s.Rows) + 1
		if d.Rounds.Count == 0 && n > 1 {
			return rules.T(fmt.Sprintf("Record round %d, or end the sheet.", n),
				fmt.Sprintf("دور %d را ثبت کنید، یا برگه را تمام کنید.", n))
		}
		return rules.T(fmt.Sprintf("Record round %d.", n), fmt.Sprintf("دور %d را ثبت کنید.", n))
	}
	for _, c := range d.Categories {
		if s.row(c.ID) < 0 {
			fa := c.NameFA
			if fa == "" {
				fa = c.Name
			}
			name := c.Name
			if name == "" {
				name = c.NameFA
			}
			return rules.T(fmt.Sprintf("Record %s.", name), fmt.Sprintf("%s را ثبت کنید.", fa))
		}
	}
	return rules.Text{}
}

// row returns the index of the recorded row of category id, or -1.
func (s *State) row(category string) int {
	return slices.IndexFunc(s.Rows, func(r Row) bool { return r.Category == category })
}

// coopResult is a cooperative match's result: every player shares the one
// place (there are no places between them), and all are winners when the
// table won, none when it lost (SHEET-COOP-1).
func (s *State) coopResult(ids []string) *rules.Result {
	res := &rules.Result{Cooperative: true, Winners: []string{}}
	for _, id := range ids {
		res.Placements = append(res.Placements, rules.Placement{PlayerID: id, Place: 1})
	}
	if s.Won != nil && *s.Won {
		res.Winners = slices.Clone(ids)
	}
	return res
}
