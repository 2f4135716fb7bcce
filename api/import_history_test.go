package api

import (
	"encoding/json"
	"testing"

	"github.com/motamed/motamed/rules/all"
)

// wholeHistory is a whole BG Stats history in the app's format: ranks
// absent (rank 0, as BG Stats writes them) and present, a lowest-wins
// game, a game without points, a cooperative game, a team game, a play
// with team fields left over (usesTeams false), two locations, a play of a
// game Motamed referees, a game never played, and "Jay " with a trailing
// space.
const wholeHistory = `{"about":"BG Stats","players":[{"id":1,"name":"Jay "},{"id":2,"name":"Sara"},{"id":3,"name":"Reza"},{"id":4,"name":"Kian"}],
"locations":[{"id":1,"name":"Arium"},{"id":2,"name":"Home"}],
"games":[{"id":10,"name":"Root","highestWins":true},{"id":11,"name":"Golf","highestWins":false},
 {"id":12,"name":"Werewolf","noPoints":true},{"id":13,"name":"The Crew","cooperative":true,"noPoints":true},
 {"id":14,"name":"Tichu","usesTeams":true,"highestWins":true},{"id":15,"name":"Wizard","highestWins":true},{"id":16,"name":"Shelf only"}],
"plays":[
 {"uuid":"root-1","playDate":"2021-01-16 19:00:00","gameRefId":10,"locationRefId":1,"durationMin":150,"usesTeams":false,"comments":"first night","playerScores":[
  {"playerRefId":1,"score":"30","winner":true,"rank":0,"seatOrder":1,"team":"1","startPlayer":true},{"playerRefId":2,"score":"25","rank":0,"seatOrder":2,"team":"2"},
  {"playerRefId":3,"score":"23","rank":0,"seatOrder":3,"team":"1"},{"playerRefId":4,"score":"20","rank":0,"seatOrder":4,"team":"2"}]},
 {"uuid":"root-2","playDate":"2021-01-17 19:00:00","gameRefId":10,"locationRefId":2,"durationMin":95,"playerScores":[
  {"playerRefId":1,"score":"20","rank":3,"seatOrder":1},{"playerRefId":2,"score":"20","rank":1,"winner":true,"seatOrder":2},{"playerRefId":3,"score":"21","rank":2,"seatOrder":3}]},
 {"uuid":"golf-1","playDate":"2021-02-01 10:00:00","gameRefId":11,"playerScores":[
  {"playerRefId":1,"score":"41","seatOrder":1},{"playerRefId":2,"score":"38","winner":true,"seatOrder":2},{"playerRefId":3,"score":"41","seatOrder":3}]},
 {"uuid":"wolf-1","playDate":"2021-03-01 21:00:00","gameRefId":12,"playerScores":[
  {"playerRefId":1,"score":""},{"playerRefId":2,"score":"","winner":true},{"playerRefId":3,"score":"","winner":true},{"playerRefId":4,"score":""}]},
 {"uuid":"crew-1","playDate":"2021-04-01 20:00:00","gameRefId":13,"playerScores":[
  {"playerRefId":1,"score":"","winner":true},{"playerRefId":2,"score":"","winner":true},{"playerRefId":3,"score":"","winner":true}]},
 {"uuid":"crew-2","playDate":"2021-04-02 20:00:00","gameRefId":13,"playerScores":[
  {"playerRefId":1,"score":""},{"playerRefId":2,"score":""},{"playerRefId":3,"score":""}]},
 {"uuid":"tichu-1","playDate":"2021-05-01 20:00:00","gameRefId":14,"usesTeams":true,"playerScores":[
  {"playerRefId":1,"score":"600","team":"A","winner":true},{"playerRefId":2,"score":"400","team":"B"},
  {"playerRefId":3,"score":"600","team":"A","winner":true},{"playerRefId":4,"score":"400","team":"B"}]},
 {"uuid":"wiz-1","playDate":"2021-06-01 20:00:00","gameRefId":15,"playerScores":[
  {"playerRefId":1,"score":"120"},{"playerRefId":2,"score":"150","winner":true},{"playerRefId":3,"score":"90"}]}]}`

func planGames(t *testing.T, plan map[string]any) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	for _, g := range plan["games"].([]any) {
		out[g.(map[string]any)["name"].(string)] = g.(map[string]any)
	}
	return out
}

func leagueOf(t *testing.T, games map[string]map[string]any, name string) string {
	t.Helper()
	return games[name]["league"].(map[string]any)["id"].(string)
}

// A cafe's whole BG Stats history comes in at once: the dry run plans a
// score-sheet game and a league per game played (from the file's flags),
// stores nothing; the confirmed import creates them and every play once;
// places and standings are BG Stats'; sending the file again adds nothing.
func TestBGStatsHistoryImport(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	dry := s.must(t, 200, "POST", "/v1/imports/bgstats", wholeHistory)
	if s.count(t, "matches") != 0 || s.count(t, "leagues") != 0 || s.count(t, "sheet_games") != 0 || dry["dry_run"] != true {
		t.Fatal("a dry run stores nothing")
	}
	games := planGames(t, dry)
	if len(games) != 6 || games["Shelf only"] != nil {
		t.Fatalf("plan: %v", dry["games"])
	}
	for name, want := range map[string]map[string]any{
		"Golf":     {"lowest_wins": true},
		"Werewolf": {"winner_only": true},
		"The Crew": {"cooperative": true},
		"Tichu":    {"teams": true},
		"Wizard":   {"results_only": true, "name": "Wizard (results)"},
	} {
		g := games[name]["game"].(map[string]any)
		for k, v := range want {
			if g[k] != v {
				t.Errorf("%s: %s is %v, want %v", name, k, g[k], v)
			}
		}
		if games[name]["action"] != "create" || games[name]["to_import"].(float64) < 1 {
			t.Errorf("%s: %v", name, games[name])
		}
	}
	for _, p := range dry["players"].([]any) {
		if n := p.(map[string]any)["name"]; n == "Jay " {
			t.Error("names are trimmed")
		}
	}

	done := s.must(t, 201, "POST", "/v1/imports/bgstats?dry_run=false", wholeHistory)
	if n := s.count(t, "matches"); n != 8 || done["plays"].(map[string]any)["imported"] != 8.0 || s.count(t, "leagues") != 6 || s.count(t, "players") != 4 {
		t.Fatalf("imported %d matches: %v", n, done["plays"])
	}
	games = planGames(t, done)

	// Root, ranks absent: 30/25/23/20 are places 1, 2, 3, 4.
	root := leagueOf(t, games, "Root")
	avg := map[string]float64{}
	for _, r := range s.must(t, 200, "GET", "/v1/leagues/"+root+"/standings", nil)["rows"].([]any) {
		row := r.(map[string]any)
		avg[row["name"].(string)] = row["avg_place"].(float64)
	}
	if avg["Jay"] != 2 || avg["Sara"] != 1.5 || avg["Reza"] != 2.5 || avg["Kian"] != 4 {
		t.Errorf("Root average places: %v", avg)
	}
	// The Crew: one won, one lost; a play and a win each, no places.
	for _, r := range s.must(t, 200, "GET", "/v1/leagues/"+leagueOf(t, games, "The Crew")+"/standings", nil)["rows"].([]any) {
		row := r.(map[string]any)
		if row["played"] != 2.0 || row["wins"] != 1.0 || row["win_rate"] != 0.5 || row["avg_place"] != 0.0 {
			t.Errorf("The Crew: %v", row)
		}
	}
	// The imported match shows its date, location, duration and source.
	list := s.must(t, 200, "GET", "/v1/matches?league_id="+root, nil)
	var first map[string]any
	for _, m := range list["items"].([]any) {
		if m.(map[string]any)["location"] == "Arium" {
			first = m.(map[string]any)
		}
	}
	if first == nil || first["source"] != "bgstats" || first["played_at"] != "2021-01-16T19:00:00Z" || first["duration_seconds"] != 9000.0 || first["notes"] != "first night" {
		t.Fatalf("imported match in the list: %v", first)
	}

	again := s.must(t, 200, "POST", "/v1/imports/bgstats", wholeHistory)
	for name, g := range planGames(t, again) {
		if g["action"] != "import" || g["to_import"] != 0.0 || g["already_imported"].(float64) < 1 {
			t.Errorf("again, %s: %v", name, g)
		}
	}
	s.must(t, 201, "POST", "/v1/imports/bgstats?dry_run=false", wholeHistory)
	if n := s.count(t, "matches"); n != 8 {
		t.Fatalf("the same file twice: %d matches", n)
	}
}

// A league's export writes the imported plays back as BG Stats wrote them
// (uuid, playDate, durationMin, location) and a match recorded here as a
// new play; imported into the league again, it adds nothing.
func TestBGStatsExportRoundTrip(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	games := planGames(t, s.must(t, 201, "POST", "/v1/imports/bgstats?dry_run=false&games=10", wholeHistory))
	if len(games) != 6 || games["Golf"]["selected"] != false || s.count(t, "matches") != 2 {
		t.Fatalf("only Root ticked: %d matches", s.count(t, "matches"))
	}
	root := leagueOf(t, games, "Root")
	a, b := s.player(t, "Mina"), s.player(t, "Omid")
	m := s.must(t, 201, "POST", "/v1/matches", map[string]any{"game": games["Root"]["game"].(map[string]any)["id"], "league_id": root,
		"players": []string{a, b}, "location": "Arium"})["id"].(string)
	s.must(t, 201, "POST", "/v1/matches/"+m+"/events", map[string]any{"type": "scores_recorded", "data": map[string]any{"round": 1, "scores": map[string]int{a: 9, b: 4}}})
	s.must(t, 201, "POST", "/v1/matches/"+m+"/events", map[string]any{"type": "sheet_finished", "data": map[string]any{}})

	r := s.do("GET", "/v1/leagues/"+root+"/export?format=bgstats", nil)
	if r.status != 200 {
		t.Fatalf("export: %d %s", r.status, r.body)
	}
	var exp BGStatsExport
	if err := json.Unmarshal(r.body, &exp); err != nil {
		t.Fatal(err)
	}
	where := map[int]string{}
	for _, l := range exp.Locations {
		where[l.ID] = l.Name
	}
	plays := map[string]BGStatsPlay{}
	for _, p := range exp.Plays {
		plays[p.UUID] = p
	}
	if p := plays["root-1"]; p.PlayDate != "2021-01-16 19:00:00" || p.DurationMin != 150 || where[p.LocationRefID] != "Arium" || p.Comments != "first night" ||
		!p.PlayerScores[0].StartPlayer || p.PlayerScores[0].Rank != 0 || p.PlayerScores[0].Score != "30" {
		t.Errorf("root-1 as it came: %+v", p)
	}
	if p := plays["root-2"]; where[p.LocationRefID] != "Home" || p.DurationMin != 95 || p.PlayerScores[0].Rank != 3 {
		t.Errorf("root-2 (ranks entered by hand are kept): %+v", p)
	}
	if len(exp.Plays) != 3 {
		t.Fatalf("plays: %+v", exp.Plays)
	}
	own := exp.Plays[2]
	if own.UUID != playUUID(m) || len(own.UUID) != 36 || where[own.LocationRefID] != "Arium" || own.PlayDate == "" {
		t.Errorf("a match recorded here is a new play of its own: %+v", own)
	}
	again := s.do("GET", "/v1/leagues/"+root+"/export?format=bgstats", nil)
	if string(again.body) != string(r.body) {
		t.Error("two exports differ")
	}
	before := s.count(t, "matches")
	re := s.must(t, 201, "POST", "/v1/leagues/"+root+"/import", r.body)
	if s.count(t, "matches") != before || re["plays"].(map[string]any)["already_imported"] != 3.0 {
		t.Fatalf("import of the export added plays: %v", re["plays"])
	}
	plan := planGames(t, s.must(t, 200, "POST", "/v1/imports/bgstats", r.body))
	if g := plan["Root"]; g["action"] != "import" || g["to_import"] != 0.0 {
		t.Fatalf("the whole-file plan of the export: %v", g)
	}
}

// A play that cannot come in says why in the language asked for, with the
// Persian alongside: a game won by a winner, without scores, and a play of
// it where nobody is marked the winner.
func TestBGStatsSkippedPlayReasonsInPersian(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	const file = `{"players":[{"id":1,"name":"Sara"},{"id":2,"name":"Reza"}],
"games":[{"id":12,"name":"Werewolf","noPoints":true}],
"plays":[{"uuid":"wolf-1","playDate":"2021-03-01 21:00:00","gameRefId":12,"playerScores":[{"playerRefId":1,"score":"","winner":true},{"playerRefId":2,"score":""}]},
 {"uuid":"wolf-2","playDate":"2021-03-02 21:00:00","gameRefId":12,"playerScores":[{"playerRefId":1,"score":""},{"playerRefId":2,"score":""}]}]}`
	skip := func(plan map[string]any) map[string]any {
		t.Helper()
		sk := planGames(t, plan)["Werewolf"]["skipped"].([]any)
		if len(sk) != 1 {
			t.Fatalf("skipped: %v", sk)
		}
		return sk[0].(map[string]any)
	}
	en := skip(s.must(t, 200, "POST", "/v1/imports/bgstats", file))
	if en["source_id"] != "wolf-2" || en["reason"] != "The play of 2021-03-02 cannot come in: no winner is marked in it, and Werewolf is won by a winner, without scores" {
		t.Errorf("English: %v", en)
	}
	fa := skip(s.must(t, 200, "POST", "/v1/imports/bgstats", file, "Accept-Language", "fa"))
	want := "بازیِ ۲۰۲۱-۰۳-۰۲ وارد نمی‌شود: برنده‌ای در آن مشخص نشده و Werewolf بی‌امتیاز و با یک برنده بُرده می‌شود"
	if fa["reason"] != want || en["reason_fa"] != want {
		t.Errorf("Persian: %v; alongside the English: %v", fa["reason"], en["reason_fa"])
	}
}
