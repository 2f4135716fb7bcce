package scoring

import "sort"

// PlayerStats summarizes one player's finished matches.
type PlayerStats struct {
	PlayerID string `json:"player_id"`
	// Game is the game the stats are for ("" when across games).
	Game    string `json:"game"`
	Matches int    `json:"matches"`
	// Wins counts matches the player's side placed first in, shared
	// first places included.
	Wins int `json:"wins"`
	// WinShares counts a first place shared by k sides as 1/k (the
	// standings' wins).
	WinShares float64 `json:"win_shares"`
	// WinRate is WinShares / Matches (0 with no matches), as in standings.
	WinRate float64 `json:"win_rate"`
	// AvgPlace is the mean place (the side's competition rank).
	AvgPlace float64 `json:"avg_place"`
	// BestScore and WorstScore are the highest and lowest final score
	// totals among the matches that recorded one for the player (nil if
	// none did); ScoredMatches counts those matches.
	BestScore     *int `json:"best_score"`
	WorstScore    *int `json:"worst_score"`
	ScoredMatches int  `json:"scored_matches"`
	// CurrentWinStreak is the number of first places in a row ending with
	// the latest match; LongestWinStreak the longest such run.
	CurrentWinStreak int `json:"current_win_streak"`
	LongestWinStreak int `json:"longest_win_streak"`
	// HeadToHead has one entry per opponent (a player on another side of
	// a shared match; teammates are not opponents), by opponent ID.
	HeadToHead []HeadToHead `json:"head_to_head"`
}

// HeadToHead is a player's record against one opponent: Won when the
// player's side placed better, Lost when worse, Tied when level.
type HeadToHead struct {
	OpponentID string `json:"opponent_id"`
	Played     int    `json:"played"`
	Won        int    `json:"won"`
	Lost       int    `json:"lost"`
	Tied       int    `json:"tied"`
}

// Stats computes playerID's statistics over results, given in match
// order (only matches the player played count). Every result must be
// valid; errors wrap ErrInvalidResult.
func Stats(playerID string, results []MatchResult) (PlayerStats, error) {
	ps := PlayerStats{PlayerID: playerID}
	h2h := make(map[string]*HeadToHead)
	placeSum, placed := 0, 0
	for _, m := range results {
		sides, err := m.sides()
		if err != nil {
			return PlayerStats{}, err
		}
		mine := -1
		for i, s := range sides {
			for _, id := range s.players {
				if id == playerID {
					mine = i
				}
			}
		}
		if mine < 0 {
			continue
		}
		me := sides[mine]
		ps.Matches++
		if !me.coop {
			placeSum += me.rank
			placed++
		}
		if me.rank == 1 {
			ps.Wins++
			ps.WinShares += winShare(sides, me)
			ps.CurrentWinStreak++
			ps.LongestWinStreak = max(ps.LongestWinStreak, ps.CurrentWinStreak)
		} else {
			ps.CurrentWinStreak = 0
		}
		if score, ok := m.Scores[playerID]; ok {
			ps.ScoredMatches++
			if ps.BestScore == nil || score > *ps.BestScore {
				ps.BestScore = &score
			}
			if ps.WorstScore == nil || score < *ps.WorstScore {
				v := score
				ps.WorstScore = &v
			}
		}
		for i, s := range sides {
			if i == mine {
				continue
			}
			for _, id := range s.players {
				h := h2h[id]
				if h == nil {
					h = &HeadToHead{OpponentID: id}
					h2h[id] = h
				}
				h.Played++
				switch {
				case me.rank < s.rank:
					h.Won++
				case me.rank > s.rank:
					h.Lost++
				default:
					h.Tied++
				}
			}
		}
	}
	if ps.Matches > 0 {
		ps.WinRate = ps.WinShares / float64(ps.Matches)
		if placed > 0 {
			ps.AvgPlace = float64(placeSum) / float64(placed)
		}
	}
	ps.HeadToHead = make([]HeadToHead, 0, len(h2h))
	for _, h := range h2h {
		ps.HeadToHead = append(ps.HeadToHead, *h)
	}
	sort.Slice(ps.HeadToHead, func(i, j int) bool {
		return ps.HeadToHead[i].OpponentID < ps.HeadToHead[j].OpponentID
	})
	return ps, nil
}

// StatsByGame is Stats per game (MatchResult.Game), one entry for each
// game the player has played, ordered by game ID.
func StatsByGame(playerID string, results []MatchResult) ([]PlayerStats, error) {
	byGame := make(map[string][]MatchResult)
	for _, m := range results {
		byGame[m.Game] = append(byGame[m.Game], m)
	}
	games := make([]string, 0, len(byGame))
	for g := range byGame {
		games = append(games, g)
	}
	sort.Strings(games)
	var out []PlayerStats
	for _, g := range games {
		ps, err := Stats(playerID, byGame[g])
		if err != nil {
			return nil, err
		}
		if ps.Matches == 0 {
			continue
		}
		ps.Game = g
		out = append(out, ps)
	}
	return out, nil
}
