package wazabi

import "github.com/motamed/motamed/rules"

// Scores: with one hand, the dice each player holds (fewer is better); in a
// tournament (hands > 1), tournament points (team points for each member).
// Rounds are the finished hands.
func (s *State) Scores() rules.Scores {
	totals := make(map[string]int, len(s.Seats))
	for _, st := range s.Seats {
		if s.Options.Hands > 1 {
			totals[st.PlayerID] = st.Points
		} else {
			totals[st.PlayerID] = st.Dice
		}
	}
	rows := s.Played
	if rows == nil {
		rows = []HandRow{}
	}
	return rules.Scores{Totals: totals, Rounds: rows}
}

// Result places the players once the match is over:
//   - tournament: most points first (WAZABI-TOURN-3), teams as one side;
//   - play_to_last: the finishing order (WAZABI-WIN-2);
//   - one hand: the winner (team) first (WAZABI-WIN-1, WAZABI-TEAM-2), the
//     others by the dice they still hold, fewest first.
func (s *State) Result() *rules.Result {
	if !s.Over || len(s.Played) == 0 {
		return nil
	}
	ids := make([]string, len(s.Seats))
	for i, st := range s.Seats {
		ids[i] = st.PlayerID
	}
	teamDice := map[int]int{}
	for _, st := range s.Seats {
		teamDice[st.Team] += st.Dice
	}
	last := s.Played[len(s.Played)-1]
	var res *rules.Result
	switch {
	case s.Options.Hands > 1:
		res = rules.RankKeys(ids, func(id string) []int { return []int{-s.Seats[s.seatOf(id)].Points} })
	case s.Options.PlayToLast:
		pos := map[string]int{}
		for k, id := range last.FinishOrder {
			pos[id] = k
		}
		res = rules.RankKeys(ids, func(id string) []int { return []int{pos[id]} })
	default:
		res = rules.RankKeys(ids, func(id string) []int {
			st := s.Seats[s.seatOf(id)]
			won := 1
			if id == last.Winner || (st.Team != 0 && st.Team == s.Seats[s.seatOf(last.Winner)].Team) {
				won = 0
			}
			if st.Team != 0 {
				return []int{won, teamDice[st.Team]}
			}
			return []int{won, st.Dice}
		})
	}
	if len(s.Options.Teams) > 0 {
		seen := map[int]bool{}
		for _, p := range res.Placements {
			st := s.Seats[s.seatOf(p.PlayerID)]
			if !seen[st.Team] {
				seen[st.Team] = true
				res.Teams = append(res.Teams, s.teamOf(s.seatOf(p.PlayerID)))
			}
		}
	}
	return res
}
