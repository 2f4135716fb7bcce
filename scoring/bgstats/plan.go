package bgstats

import (
	"sort"
	"time"
)

// PlannedPlay is one play to bring in: its source ID, when and where it
// was played, its players in seat order, their totals and places.
type PlannedPlay struct {
	SourceID string
	PlayedAt time.Time
	Location string
	// Players are the export's player names in seat order.
	Players []string
	Scores  []int
	// Places are the players' places (1 is best; ties share), or nil when
	// the export gives neither ranks nor winners: the totals decide.
	Places []int
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
		pp := PlannedPlay{SourceID: id, PlayedAt: at, Location: where[p.LocationRefID]}
		ranked, won := true, false
		for _, s := range lines {
			v, _ := scoreOf(s.Score)
			pp.Players = append(pp.Players, names[s.PlayerRefID])
			pp.Scores = append(pp.Scores, v)
			if s.Team != "" && pp.Teams == nil {
				pp.Teams = make([]string, len(lines))
			}
			ranked = ranked && s.Rank > 0
			won = won || s.Winner
		}
		if pp.Teams != nil {
			for i, s := range lines {
				pp.Teams[i] = s.Team
			}
		}
		switch {
		case ranked:
			for _, s := range lines {
				pp.Places = append(pp.Places, s.Rank)
			}
		case won: // the winners first, everyone else shares the next place
			winners := 0
			for _, s := range lines {
				if s.Winner {
					winners++
				}
			}
			for _, s := range lines {
				place := 1
				if !s.Winner {
					place = winners + 1
				}
				pp.Places = append(pp.Places, place)
			}
		}
		plays = append(plays, pp)
	}
	sort.SliceStable(plays, func(i, j int) bool { return plays[i].PlayedAt.Before(plays[j].PlayedAt) })
	return plays, duplicates, already
}
