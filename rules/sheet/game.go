package sheet

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/motamed/motamed/rules"
)

// The events of a score sheet.
const (
	EvScoresRecorded = "scores_recorded"
	EvSheetFinished  = "sheet_finished"
	EvFinalRecorded  = "final_recorded"
)

// Game is a score sheet as a game: the same contract as the five games
// whose rules Motamed knows.
type Game struct{ def *Definition }

// New returns the game of a checked definition.
func New(def Definition) *Game {
	d := def
	if def.Teams != nil {
		t := *def.Teams
		d.Teams = &t
	}
	return &Game{def: &d}
}

// Definition returns the game's definition.
func (g *Game) Definition() Definition {
	d := *g.def
	if d.Teams != nil {
		t := *d.Teams
		d.Teams = &t
	}
	return d
}

// Info describes the game.
func (g *Game) Info() rules.Info {
	d := g.def
	rows := "the categories"
	if d.Rounds != nil {
		rows = "the next round"
	}
	keys := ""
	if d.Teams != nil && d.Teams.Scores == ScoresByTeam {
		keys = ` This sheet is scored by team: scores are keyed "team1", "team2" ... in the order of the match's teams option, one value per team.`
	}
	events := []rules.EventDoc{
		{Type: EvScoresRecorded, Description: "One row of the sheet for every player: {round, scores: {player_id: value}} on a sheet of rounds, {category, scores} on a sheet of categories (" + rows + "). Values are checked against the row's range and the sheet's sign; every player is required." + keys,
			Example: json.RawMessage(g.exampleRow())},
		{Type: EvFinalRecorded, Description: "The final totals of a match kept elsewhere (an import), on an empty sheet: {scores: {player_id: total}, places?: {player_id: place}}. Places, when given, are as recorded; otherwise they follow the totals. The match finishes." + keys,
			Example: json.RawMessage(`{"scores":{"p1":80,"p2":72},"places":{"p1":1,"p2":2}}`)},
	}
	switch {
	case d.Cooperative:
		events[1].Description = "The end of a cooperative match kept elsewhere (an import), on an empty sheet: {won: true|false, scores?: {player_id: total}}. The table wins or loses together; there are no places between the players. The match finishes."
		events[1].Example = json.RawMessage(`{"won":true}`)
	case d.WinnerOnly:
		events[1].Description = "The winners of a match kept elsewhere (an import), on an empty sheet: {winners: [player_id, ...]} (or places: {player_id: place}); this game keeps no scores. Everyone else shares the next place. The match finishes."
		events[1].Example = json.RawMessage(`{"winners":["p1"]}`)
	}
	if d.Rounds != nil && d.Rounds.Count == 0 {
		desc := "The table ends a sheet of open rounds, after at least one round: {}."
		example := `{}`
		if d.Cooperative {
			desc, example = "The table ends a sheet of open rounds, after at least one round, saying whether it won together: {won: true|false}.", `{"won":true}`
		}
		events = append(events, rules.EventDoc{Type: EvSheetFinished, Description: desc, Example: json.RawMessage(example)})
	}
	return rules.Info{ID: d.ID, Name: d.DisplayName(), NameFA: d.displayNameFA(), MinPlayers: d.MinPlayers, MaxPlayers: d.MaxPlayers,
		Options: g.options(), Events: events}
}

func (g *Game) exampleRow() string {
	scores := `{"p1":4,"p2":5}`
	if g.def.Teams != nil && g.def.Teams.Scores == ScoresByTeam {
		scores = `{"team1":4,"team2":5}`
	}
	if g.def.Rounds != nil {
		return `{"round":1,"scores":` + scores + `}`
	}
	return fmt.Sprintf(`{"category":%q,"scores":%s}`, g.def.Categories[0].ID, scores)
}

// options documents the teams option of a sheet played in teams.
func (g *Game) options() []rules.OptionDoc {
	t := g.def.Teams
	if t == nil {
		return []rules.OptionDoc{}
	}
	desc := "Required: the teams, each a list of player IDs; every player in exactly one team"
	if t.Count > 0 {
		desc += fmt.Sprintf("; %d teams", t.Count)
	}
	if t.Size > 0 {
		desc += fmt.Sprintf(" of %d players each", t.Size)
	}
	if t.Scores == ScoresByTeam {
		desc += `. Rows are scored one value per team, keyed "team1", "team2" ... in this order.`
	} else {
		desc += ". Rows are scored per player; a team's total is the sum of its members'."
	}
	return []rules.OptionDoc{{Name: "teams", Type: "array", Description: desc,
		Label: rules.T("Teams", "تیم‌ها"),
		Hint:  rules.T("Every player plays in exactly one team.", "هر بازیکن دقیقاً در یک تیم بازی می‌کند.")}}
}

// Catalog lists the sheet rules.
func (g *Game) Catalog() []rules.RuleEntry { return catalog }

// Referees: a score sheet has no stateless questions.
func (g *Game) Referees() []rules.Referee { return nil }

// Setup seats the players; a sheet played in teams takes its teams as the
// option "teams", a sheet without teams has no options.
func (g *Game) Setup(players []rules.Player, options json.RawMessage) (rules.State, any, error) {
	d := g.def
	if n := len(players); n < d.MinPlayers || n > d.MaxPlayers {
		return nil, nil, rules.Violate("SHEET-PLAYERS-1",
			fmt.Sprintf("%s is played by %d to %d players, not %d.", d.DisplayName(), d.MinPlayers, d.MaxPlayers, n),
			fmt.Sprintf("%s را %d تا %d بازیکن بازی می‌کنند، نه %d نفر.", d.displayNameFA(), d.MinPlayers, d.MaxPlayers, n))
	}
	if err := rules.CheckPlayerIDs(players); err != nil {
		return nil, nil, err
	}
	opts, err := g.setupTeams(players, options)
	if err != nil {
		return nil, nil, err
	}
	s := &State{def: d, Players: players, Rows: []Row{}, Totals: map[string]int{}, Teams: opts.Teams}
	for _, p := range players {
		s.Totals[p.ID] = 0
	}
	s.TeamTotals = s.teamTotals()
	if d.Teams == nil {
		return s, struct{}{}, nil
	}
	return s, opts, nil
}

// Apply records one event.
func (g *Game) Apply(st rules.State, ev rules.Event) (rules.State, []rules.Ruling, error) {
	s, ok := st.(*State)
	if !ok || s.def.ID != g.def.ID {
		return nil, nil, fmt.Errorf("sheet %s: foreign state %T", g.def.ID, st)
	}
	if s.Finished {
		return nil, nil, rules.ErrFinished
	}
	switch ev.Type {
	case EvScoresRecorded:
		return s.applyScores(ev.Data)
	case EvFinalRecorded:
		return s.applyFinal(ev.Data)
	case EvSheetFinished:
		if g.def.Rounds != nil && g.def.Rounds.Count == 0 {
			return s.applyFinished(ev.Data)
		}
	}
	return nil, nil, fmt.Errorf("%w: %q (a score sheet records %s)", rules.ErrUnknownEvent, ev.Type, strings.Join(g.eventTypes(), ", "))
}

func (g *Game) eventTypes() []string {
	var out []string
	for _, e := range g.Info().Events {
		out = append(out, e.Type)
	}
	return out
}
