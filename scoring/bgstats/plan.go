package bgstats

import (
	"sort"
	"strings"
	"time"
)

// PlannedPlay is one play to bring in: its source ID, when and where it
// was played, its players in seat order, their totals and places.
type PlannedPlay struct {
	SourceID string
	PlayedAt time.Time
	// PlayDate is the play's date exactly as the export wrote it.
	PlayDate    string
	Location    string
	DurationMin int
	Comments    string
	// StartPlayer is the name of the player who started, "" when unmarked.
	StartPlayer string
	// Players are the export's player names in seat order.
	Players []string
	Scores  []int
	// NoScores: the play kept no scores (every score empty), as in a game
	// with a winner and no points or a cooperative game without points.
	NoScores bool
	// Places are the players' places (1 is best; ties share), worked out
	// as BG Stats shows them (see places), or nil when nothing orders them.
	Places []int
	// Cooperative: the table played together; Won says whether it won.
	Cooperative bool
	Won         bool
	// Teams are the players' team names in seat order, nil for a play
	// without teams.
	Teams []string
}

// Plan lists the plays of game g in played order (the file's order among
// equal dates), each once: a play whose UUID came earlier in the file is a
// duplicate, one in done was imported before. Ignored plays are skipped.
func (e *Export) Plan(g Game, done map[string]bool) (plays []PlannedPlay, duplicates, already int) {
	names := map[int]string{}
	for _, p := range e.Players {
		names[p.ID] = p.Name
	}
	where := map[int]string{}
	for _, l := range e.Locations {
		where[l.ID] = l.Name
	}
	seen := map[string]bool{}
	for _, p := range e.Plays {
		if p.GameRefID != g.ID || p.Ignored {
			continue
		}
		id := p.UUID
		if id == "" { // an export without UUIDs: the play's date and lines identify it
			id = p.PlayDate
			for _, s := range p.PlayerScores {
				id += "|" + names[s.PlayerRefID] + ":" + s.Score
			}
		}
		switch {
		case seen[id]:
			duplicates++
			continue
		case done[id]:
			already++
			seen[id] = true
			continue
		}
		seen[id] = true
		at, _ := playedAt(p.PlayDate)
		lines := append([]Score(nil), p.PlayerScores...)
		sort.SliceStable(lines, func(i, j int) bool { return lines[i].SeatOrder < lines[j].SeatOrder })
		pp := PlannedPlay{SourceID: id, PlayedAt: at, PlayDate: p.PlayDate, Location: where[p.LocationRefID],
			DurationMin: max(p.DurationMin, 0), Comments: strings.TrimSpace(p.Comments), Cooperative: g.Cooperative, NoScores: true}
		teams := p.UsesTeams == nil || *p.UsesTeams
		for _, s := range lines {
			v, _ := scoreOf(s.Score)
			pp.Players = append(pp.Players, names[s.PlayerRefID])
			pp.Scores = append(pp.Scores, v)
			pp.NoScores = pp.NoScores && strings.TrimSpace(s.Score) == ""
			if teams && s.Team != "" && pp.Teams == nil {
				pp.Teams = make([]string, len(lines))
			}
			if s.StartPlayer {
				pp.StartPlayer = names[s.PlayerRefID]
			}
			pp.Won = pp.Won || s.Winner
		}
		if pp.Teams != nil {
			for i, s := range lines {
				pp.Teams[i] = s.Team
			}
		}
		if !g.Cooperative {
			pp.Places = places(g, p, lines, pp.Teams)
		}
		plays = append(plays, pp)
	}
	sort.SliceStable(plays, func(i, j int) bool { return plays[i].PlayedAt.Before(plays[j].PlayedAt) })
	return plays, duplicates, already
}

// places works out the places BG Stats shows for a play's lines (in seat
// order): the ranks when every line has one (entered by hand); in a game
// without points, the winners first and everyone else sharing the next
// place; otherwise by score (the highest first, or the lowest when the
// lowest wins), equal scores sharing a place. A winner flag orders equal
// scores only where BG Stats takes it as given: when the winners were
// marked by hand or no scores were kept. In a play in teams (teams by
// line, else nil) a line counts its team's score: the one its members
// carry, or their sum when they differ. nil when nothing orders the
// players (no ranks, no scores, no winner).
func places(g Game, p Play, lines []Score, teams []string) []int {
	ranked, won, scored := true, false, false
	for _, s := range lines {
		ranked = ranked && s.Rank > 0
		won = won || s.Winner
		scored = scored || strings.TrimSpace(s.Score) != ""
	}
	out := make([]int, len(lines))
	switch {
	case ranked:
		for i, s := range lines {
			out[i] = s.Rank
		}
		return out
	case g.NoPoints || !scored:
		if !won {
			return nil
		}
		winners := 0
		for _, s := range lines {
			if s.Winner {
				winners++
			}
		}
		for i, s := range lines {
			out[i] = 1
			if !s.Winner {
				out[i] = winners + 1
			}
		}
		return out
	}
	sign := -1 // higher is better: order by -score
	if !g.Highest() {
		sign = 1
	}
	value := make([]int, len(lines))
	for i, s := range lines {
		value[i], _ = scoreOf(s.Score)
	}
	if teams != nil {
		byTeam := map[string][]int{}
		for i, t := range teams {
			byTeam[t] = append(byTeam[t], value[i])
		}
		for i, t := range teams {
			value[i] = teamTotal(byTeam[t])
		}
	}
	key := func(i int) [2]int {
		s, v := lines[i], value[i]
		flag := 0
		if p.ManualWinner && !s.Winner {
			flag = 1
		}
		return [2]int{flag, sign * v}
	}
	for i := range lines {
		k, better := key(i), 0
		for j := range lines {
			ko := key(j)
			if ko[0] < k[0] || ko[0] == k[0] && ko[1] < k[1] {
				better++
			}
		}
		out[i] = better + 1
	}
	return out
}

// teamTotal is a team's score from its members' lines: the one they all
// carry, or their sum when they differ (each member's share on their line).
func teamTotal(v []int) int {
	sum, same := 0, true
	for _, x := range v {
		sum += x
		same = same && x == v[0]
	}
	if same {
		return v[0]
	}
	return sum
}

// ScorePlaces are the places BG Stats shows for scores alone (no ranks,
// no winners marked by hand): the highest first (the lowest when highest
// is false), equal scores sharing a place.
func ScorePlaces(scores []int, highest bool) []int {
	out := make([]int, len(scores))
	for i, v := range scores {
		out[i] = 1
		for _, o := range scores {
			if highest && o > v || !highest && o < v {
				out[i]++
			}
		}
	}
	return out
}
