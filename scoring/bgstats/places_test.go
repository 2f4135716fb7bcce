package bgstats

import (
	"slices"
	"testing"

	"github.com/motamed/motamed/rules/sheet"
)

// history is a BG Stats export of the kinds of plays a real history holds:
// ranks absent (BG Stats writes rank 0 unless entered by hand) and
// present, lowest wins, a manual winner on a tie, a game without points,
// a cooperative game, a play with team fields left over from a team game
// (usesTeams false), two locations.
const history = `{"players":[{"id":1,"name":"Jay "},{"id":2,"name":"Sara"},{"id":3,"name":"Reza"},{"id":4,"name":"Kian"}],
"locations":[{"id":1,"name":"Arium"},{"id":2,"name":"Home"}],
"games":[{"id":10,"name":"Root","highestWins":true},{"id":11,"name":"Golf","highestWins":false},
 {"id":12,"name":"Werewolf","noPoints":true},{"id":13,"name":"The Crew","cooperative":true,"noPoints":true}],
"plays":[
 {"uuid":"root-1","playDate":"2021-01-16 19:00:00","gameRefId":10,"locationRefId":1,"durationMin":150,"usesTeams":false,"playerScores":[
  {"playerRefId":1,"score":"30","winner":true,"rank":0,"seatOrder":1,"team":"1","startPlayer":true},{"playerRefId":2,"score":"25","rank":0,"seatOrder":2,"team":"2"},
  {"playerRefId":3,"score":"23","rank":0,"seatOrder":3,"team":"1"},{"playerRefId":4,"score":"20","rank":0,"seatOrder":4,"team":"2"}]},
 {"uuid":"root-2","playDate":"2021-01-17 19:00:00","gameRefId":10,"locationRefId":2,"playerScores":[
  {"playerRefId":1,"score":"20","rank":3,"seatOrder":1},{"playerRefId":2,"score":"20","rank":1,"winner":true,"seatOrder":2},{"playerRefId":3,"score":"21","rank":2,"seatOrder":3}]},
 {"uuid":"root-3","playDate":"2021-01-18 19:00:00","gameRefId":10,"manualWinner":true,"playerScores":[
  {"playerRefId":1,"score":"28","seatOrder":1},{"playerRefId":2,"score":"28","winner":true,"seatOrder":2},{"playerRefId":3,"score":"12","seatOrder":3}]},
 {"uuid":"root-4","playDate":"2021-01-19 19:00:00","gameRefId":10,"playerScores":[
  {"playerRefId":1,"score":"28","winner":true,"seatOrder":1},{"playerRefId":2,"score":"28","winner":true,"seatOrder":2},{"playerRefId":3,"score":"12","seatOrder":3}]},
 {"uuid":"golf-1","playDate":"2021-02-01 10:00:00","gameRefId":11,"playerScores":[
  {"playerRefId":1,"score":"41","seatOrder":1},{"playerRefId":2,"score":"38","winner":true,"seatOrder":2},{"playerRefId":3,"score":"41","seatOrder":3}]},
 {"uuid":"wolf-1","playDate":"2021-03-01 21:00:00","gameRefId":12,"playerScores":[
  {"playerRefId":1,"score":"","seatOrder":1},{"playerRefId":2,"score":"","winner":true,"seatOrder":2},{"playerRefId":3,"score":"","winner":true,"seatOrder":3},{"playerRefId":4,"score":"","seatOrder":4}]},
 {"uuid":"crew-1","playDate":"2021-04-01 20:00:00","gameRefId":13,"playerScores":[
  {"playerRefId":1,"score":"","winner":true},{"playerRefId":2,"score":"","winner":true},{"playerRefId":3,"score":"","winner":true}]},
 {"uuid":"crew-2","playDate":"2021-04-02 20:00:00","gameRefId":13,"playerScores":[
  {"playerRefId":1,"score":""},{"playerRefId":2,"score":""},{"playerRefId":3,"score":""}]}]}`

func planOf(t *testing.T, game int) []PlannedPlay {
	t.Helper()
	e, err := Parse([]byte(history), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range e.Games {
		if g.ID == game {
			plays, _, _ := e.Plan(g, nil)
			return plays
		}
	}
	t.Fatalf("no game %d", game)
	return nil
}

// Places as BG Stats shows them.
func TestPlacesAsBGStatsShowsThem(t *testing.T) {
	root := planOf(t, 10)
	for i, want := range [][]int{
		{1, 2, 3, 4}, // scores decide when ranks are absent (30/25/23/20)
		{3, 1, 2},    // ranks entered by hand are kept
		{2, 1, 3},    // a winner marked by hand breaks the tie on 28
		{1, 1, 3},    // winners worked out from the scores share the tie
	} {
		if !slices.Equal(root[i].Places, want) {
			t.Errorf("%s: places %v, want %v", root[i].SourceID, root[i].Places, want)
		}
	}
	first := root[0]
	if first.Teams != nil {
		t.Errorf("team fields of a play not in teams are ignored: %v", first.Teams)
	}
	if first.Location != "Arium" || first.DurationMin != 150 || first.PlayDate != "2021-01-16 19:00:00" || first.StartPlayer != "Jay" || first.Players[0] != "Jay" {
		t.Errorf("what the play keeps: %+v", first)
	}
	if root[1].Location != "Home" {
		t.Errorf("second location: %q", root[1].Location)
	}
	if golf := planOf(t, 11)[0]; !slices.Equal(golf.Places, []int{2, 1, 2}) {
		t.Errorf("lowest wins, ties share: %v", golf.Places)
	}
	if wolf := planOf(t, 12)[0]; !slices.Equal(wolf.Places, []int{3, 1, 1, 3}) || !wolf.NoScores {
		t.Errorf("no points: winners first, the rest together: %+v", wolf)
	}
	crew := planOf(t, 13)
	if !crew[0].Cooperative || !crew[0].Won || crew[1].Won || crew[0].Places != nil {
		t.Errorf("cooperative: %+v", crew)
	}
}

// Plays become matches of co-op and winner-only sheets.
func TestAsSheetCooperativeAndWinnerOnly(t *testing.T) {
	id := func(n string) string { return "pl_" + n }
	crew := sheet.New(sheet.Definition{ID: "the-crew", Name: "The Crew", MinPlayers: 2, MaxPlayers: 5, Rounds: &sheet.Rounds{}, Cooperative: true})
	for i, want := range []string{`{"won":true}`, `{"won":false}`} {
		m, err := planOf(t, 13)[i].AsSheet(crew, id)
		if err != nil || string(m.Final) != want {
			t.Fatalf("%s %v", m.Final, err)
		}
	}
	wolf := sheet.New(sheet.Definition{ID: "werewolf", Name: "Werewolf", MinPlayers: 3, MaxPlayers: 10, Rounds: &sheet.Rounds{}, WinnerOnly: true})
	m, err := planOf(t, 12)[0].AsSheet(wolf, id)
	if err != nil || string(m.Final) != `{"places":{"pl_Jay":3,"pl_Kian":3,"pl_Reza":1,"pl_Sara":1}}` {
		t.Fatalf("%s %v", m.Final, err)
	}
}
