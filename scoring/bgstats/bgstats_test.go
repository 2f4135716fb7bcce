package bgstats

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/sheet"
)

const file = `{"players":[{"id":1,"name":"Sara"},{"id":2,"name":"علي"}],"games":[{"id":7,"name":"Mini Golf"}],"locations":[],
"plays":[
 {"uuid":"b","playDate":"2024-02-02 10:00:00","gameRefId":7,"manualWinner":true,"playerScores":[{"playerRefId":2,"score":"30","winner":true,"seatOrder":2},{"playerRefId":1,"score":"33","seatOrder":1}]},
 {"uuid":"a","playDate":"2024-02-01 10:00:00","gameRefId":7,"playerScores":[{"playerRefId":1,"score":"28.0","rank":1},{"playerRefId":2,"score":"","rank":2}]},
 {"uuid":"a","playDate":"2024-02-01 10:00:00","gameRefId":7,"playerScores":[{"playerRefId":1,"score":"28","rank":1},{"playerRefId":2,"score":"31","rank":2}]}]}`

func TestPlanOrdersDeduplicatesAndPlaces(t *testing.T) {
	e, err := Parse([]byte(file), nil)
	if err != nil {
		t.Fatal(err)
	}
	g, ok := e.FindGame(0, "mini golf")
	if !ok {
		t.Fatal("the game is found by its folded name")
	}
	plays, dups, already := e.Plan(g, map[string]bool{})
	if len(plays) != 2 || dups != 1 || already != 0 || plays[0].SourceID != "a" {
		t.Fatalf("plan %+v, %d duplicates", plays, dups)
	}
	if a := plays[0]; a.Scores[0] != 28 || a.Scores[1] != 0 || a.Places[1] != 2 {
		t.Fatalf("ranks and scores: %+v", a)
	}
	// Play b has winners marked by hand and no ranks: the winner first;
	// its lines follow the seat order.
	if b := plays[1]; b.Players[0] != "Sara" || b.Places[0] != 2 || b.Places[1] != 1 {
		t.Fatalf("winners: %+v", b)
	}
	if _, _, already := e.Plan(g, map[string]bool{"a": true, "b": true}); already != 2 {
		t.Fatalf("imported before: %d", already)
	}
}

func TestParseRefusesWhatItCannotRead(t *testing.T) {
	for body, field := range map[string]string{
		`{"players":[],"games":[],"plays":[{"uuid":"x","playDate":"yesterday","gameRefId":1,"playerScores":[]}]}`:                                                            "plays[0].gameRefId",
		`{"players":[{"id":1,"name":"A"}],"games":[{"id":1,"name":"G"}],"plays":[{"playDate":"2024-01-01","gameRefId":1,"playerScores":[{"playerRefId":1,"score":"7.5"}]}]}`: "plays[0].playerScores[0].score",
		`{"games":[]}`: "body",
	} {
		_, err := Parse([]byte(body), nil)
		var in *rules.InputError
		if !errors.As(err, &in) || in.Fields[0].Field != field {
			t.Errorf("%s: want an error on %s, got %v", body, field, err)
		}
	}
}

// A play in teams as a match of a sheet scored by team: the teams in the
// order their names first come, a team's score the one its members carry
// or, when they differ, their sum.
func TestAsSheetTeams(t *testing.T) {
	g := sheet.New(sheet.Definition{ID: "tichu", Name: "Tichu", MinPlayers: 4, MaxPlayers: 4, Rounds: &sheet.Rounds{},
		Teams: &sheet.Teams{Count: 2, Size: 2, Scores: sheet.ScoresByTeam}})
	p := PlannedPlay{Players: []string{"a", "b", "c", "d"}, Scores: []int{60, 100, 40, 100}, Teams: []string{"X", "Y", "X", "Y"}}
	m, err := p.AsSheet(g, func(n string) string { return "pl_" + n })
	if err != nil {
		t.Fatal(err)
	}
	if string(m.Options) != `{"teams":[["pl_a","pl_c"],["pl_b","pl_d"]]}` || string(m.Final) != `{"scores":{"team1":100,"team2":100}}` {
		t.Fatalf("%s %s", m.Options, m.Final)
	}
	p.Teams[3] = "Z"
	if _, err := p.AsSheet(g, func(n string) string { return n }); err == nil || !strings.Contains(err.Error(), "SHEET-TEAM-2") {
		t.Fatalf("three teams on a sheet of two: %v", err)
	}
}

// Parse trims players' names and gives them to the caller's name check,
// naming the player; invalid UTF-8 is refused where it would be stored
// and left alone in a field the import ignores.
func TestParseChecksStoredTexts(t *testing.T) {
	var asked []string
	name := func(n string) error {
		asked = append(asked, n)
		if n == "Bad" {
			return &rules.InputError{Fields: []rules.FieldError{{Field: "name", Message: "is bad", MessageFA: "بد است"}}}
		}
		return nil
	}
	e, err := Parse([]byte("{\"players\":[{\"id\":1,\"name\":\" Jay \",\"note\":\"\xff\"}],\"games\":[],\"plays\":[]}"), name)
	if err != nil || e.Players[0].Name != "Jay" || asked[0] != "Jay" {
		t.Fatalf("%v %q %q", err, e.Players[0].Name, asked)
	}
	for body, field := range map[string]string{
		`{"players":[{"id":1,"name":"A"},{"id":2,"name":"Bad"}],"games":[],"plays":[]}`:                                                                              "players[1].name",
		"{\"players\":[{\"id\":1,\"name\":\"A\\u0000\xfe\"}],\"games\":[],\"plays\":[]}":                                                                             "players[0].name",
		`{"players":[],"games":[{"id":1,"name":"G"}],"plays":[{"uuid":"` + strings.Repeat("u", 101) + `","playDate":"2024-01-01","gameRefId":1,"playerScores":[]}]}`: "plays[0].uuid",
	} {
		_, err := Parse([]byte(body), name)
		var in *rules.InputError
		if !errors.As(err, &in) || !slices.ContainsFunc(in.Fields, func(f rules.FieldError) bool { return f.Field == field }) {
			t.Errorf("%.80s: want an error on %s, got %v", body, field, err)
		}
	}
}
