package bgstats

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/sheet"
)

// SheetMatch is a planned play as a finished match of a score sheet: its
// seats, its options and the data of its final_recorded event.
type SheetMatch struct {
	Seats   []string        // player IDs in seat order
	Options json.RawMessage // nil, or {"teams": [[player ID, ...], ...]}
	Final   json.RawMessage // final_recorded's data: scores and places
}

// AsSheet turns p into a finished match of g, each player named by
// id(name). On a sheet played in teams the play's teams become the match's
// (teammates carry one team name); on a sheet scored by team a team's
// score is the one its members carry, or their sum when they differ. The
// error says why the play cannot be a match of g: a player twice, a play
// without the teams the sheet needs or with teams it has not, or a rule of
// the sheet the play breaks (tried on the pure game, so nothing is stored
// for a play that would be refused).
func (p PlannedPlay) AsSheet(g *sheet.Game, id func(name string) string) (SheetMatch, error) {
	def := g.Definition()
	seen := map[string]bool{}
	for _, n := range p.Players {
		if seen[n] {
			return SheetMatch{}, &SkipError{EN: fmt.Sprintf("%q plays twice in it", n), FA: fmt.Sprintf("«%s» دو بار در آن بازی کرده است", n)}
		}
		seen[n] = true
	}
	m := SheetMatch{}
	players := make([]rules.Player, len(p.Players))
	for i, n := range p.Players {
		players[i] = rules.Player{ID: id(n), Name: n}
		m.Seats = append(m.Seats, id(n))
	}
	scores, places := map[string]int{}, map[string]int{}
	for i, pl := range players {
		scores[pl.ID] = p.Scores[i]
		if p.Places != nil {
			places[pl.ID] = p.Places[i]
		}
	}
	switch {
	case def.Teams == nil && p.Teams != nil:
		return SheetMatch{}, &SkipError{
			EN: fmt.Sprintf("it is played in teams, and %s's sheet has none: define a version of it with teams", def.DisplayName()),
			FA: fmt.Sprintf("تیمی بازی شده و برگهٔ %s تیم ندارد: نسخه‌ای تیمی از آن تعریف کنید", faName(def)),
		}
	case def.Teams != nil:
		teams, err := p.teams(players)
		if err != nil {
			return SheetMatch{}, &SkipError{
				EN: fmt.Sprintf("%v; %s is played in teams (SHEET-TEAM-1)", err, def.DisplayName()),
				FA: fmt.Sprintf("%s در هیچ تیمی نیست؛ %s تیمی بازی می‌شود", err.(*noTeamError).name, faName(def)),
			}
		}
		m.Options, _ = json.Marshal(map[string]any{"teams": teams})
		if def.Teams.Scores == sheet.ScoresByTeam {
			byTeam := map[string]int{}
			for t, team := range teams {
				byTeam[sheet.TeamKey(t)] = teamScore(team, scores)
			}
			scores = byTeam
		}
	}
	data := map[string]any{"scores": scores}
	if p.Places != nil {
		data["places"] = places
	}
	switch {
	case def.Cooperative:
		data = map[string]any{"won": p.Won}
		if !p.NoScores {
			data["scores"] = scores
		}
	case def.WinnerOnly && p.Places == nil:
		return SheetMatch{}, &SkipError{
			EN: "no winner is marked in it, and " + def.DisplayName() + " is won by a winner, without scores",
			FA: "برنده‌ای در آن مشخص نشده و " + faName(def) + " بی‌امتیاز و با یک برنده بُرده می‌شود",
		}
	case def.WinnerOnly:
		data = map[string]any{"places": places}
	}
	m.Final, _ = json.Marshal(data)
	st, _, err := g.Setup(players, m.Options)
	if err == nil {
		_, _, err = g.Apply(st, rules.Event{Type: sheet.EvFinalRecorded, Data: m.Final})
	}
	var v *rules.ViolationError
	if errors.As(err, &v) {
		var en, fa []string
		for _, r := range v.Rulings {
			en = append(en, r.Message.EN+" ("+r.Rule+")")
			fa = append(fa, r.Message.FA)
		}
		return SheetMatch{}, &SkipError{EN: strings.Join(en, " "), FA: strings.Join(fa, " ")}
	}
	return m, err
}

// teams groups the players by team name, in the order the names first
// come; every player needs one.
func (p PlannedPlay) teams(players []rules.Player) ([][]string, error) {
	var names []string
	var teams [][]string
	for i, pl := range players {
		name := ""
		if p.Teams != nil {
			name = p.Teams[i]
		}
		if name == "" {
			return nil, &noTeamError{name: pl.Name}
		}
		t := slices.Index(names, name)
		if t < 0 {
			names, teams = append(names, name), append(teams, nil)
			t = len(names) - 1
		}
		teams[t] = append(teams[t], pl.ID)
	}
	return teams, nil
}

// teamScore is the score the members carry, or their sum when they differ
// (each member's share written on their own line).
func teamScore(team []string, scores map[string]int) int {
	sum, same := 0, true
	for _, id := range team {
		sum += scores[id]
		same = same && scores[id] == scores[team[0]]
	}
	if same {
		return scores[team[0]]
	}
	return sum
}

// SkipError says, in English and in Persian, why a play cannot be a
// match of a score sheet.
type SkipError struct{ EN, FA string }

func (e *SkipError) Error() string { return e.EN }

// noTeamError is a player of a play in teams who is in no team.
type noTeamError struct{ name string }

func (e *noTeamError) Error() string { return e.name + " is in no team" }

// faName is the sheet's Persian name, or its name when it has none.
func faName(def sheet.Definition) string {
	if def.NameFA != "" {
		return def.NameFA
	}
	return def.DisplayName()
}
