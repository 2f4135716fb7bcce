package api

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules/all"
)

// bgStatsFile is a BG Stats export as a cafe's phone writes it: several
// games, Persian names (one with an Arabic yeh), a location, an ignored
// play, and one play listed twice.
const bgStatsFile = `{
  "about": "BG Stats export", "userInfo": {"meRefId": 1},
  "players": [
    {"id": 1, "uuid": "a1", "name": "سارا", "isAnonymous": false},
    {"id": 2, "uuid": "a2", "name": "رضا"},
    {"id": 3, "uuid": "a3", "name": "علي"},
    {"id": 4, "uuid": "a4", "name": "Kian"}
  ],
  "locations": [{"id": 1, "uuid": "l1", "name": "کافه درنا"}],
  "games": [
    {"id": 3, "uuid": "g3", "name": "Wingspan", "bggId": 266192, "highestWins": true},
    {"id": 5, "uuid": "g5", "name": "Catan", "bggId": 13}
  ],
  "plays": [
    {"uuid": "p-2", "playDate": "2024-03-08 20:00:00", "gameRefId": 3, "locationRefId": 1, "durationMin": 70,
     "playerScores": [{"playerRefId": 1, "score": "70", "winner": false, "rank": 2, "seatOrder": 1},
                      {"playerRefId": 3, "score": "81", "winner": true, "rank": 1, "seatOrder": 2},
                      {"playerRefId": 4, "score": "55", "winner": false, "rank": 3, "seatOrder": 3}]},
    {"uuid": "p-1", "playDate": "2024-03-01 19:30:00", "gameRefId": 3, "locationRefId": 1, "durationMin": 80,
     "playerScores": [{"playerRefId": 1, "score": "88", "winner": true, "rank": 1, "seatOrder": 1},
                      {"playerRefId": 2, "score": "74", "winner": false, "rank": 2, "seatOrder": 2},
                      {"playerRefId": 3, "score": "74", "winner": false, "rank": 2, "seatOrder": 3}]},
    {"uuid": "p-1", "playDate": "2024-03-01 19:30:00", "gameRefId": 3, "locationRefId": 1,
     "playerScores": [{"playerRefId": 1, "score": "88", "winner": true, "rank": 1, "seatOrder": 1},
                      {"playerRefId": 2, "score": "74", "winner": false, "rank": 2, "seatOrder": 2},
                      {"playerRefId": 3, "score": "74", "winner": false, "rank": 2, "seatOrder": 3}]},
    {"uuid": "p-3", "playDate": "2024-03-09 18:00:00", "gameRefId": 3, "ignored": true,
     "playerScores": [{"playerRefId": 2, "score": "10", "winner": true, "rank": 1}]},
    {"uuid": "c-1", "playDate": "2024-03-02 18:00:00", "gameRefId": 5,
     "playerScores": [{"playerRefId": 2, "score": "10", "winner": true, "rank": 1}, {"playerRefId": 4, "score": "7", "rank": 2}]}
  ],
  "tags": [], "challenges": []
}`

func (s *testServer) standingsOf(t *testing.T, league string) map[string][3]float64 {
	t.Helper()
	out := map[string][3]float64{}
	for _, r := range s.must(t, 200, "GET", "/v1/leagues/"+league+"/standings", nil)["rows"].([]any) {
		row := r.(map[string]any)
		out[row["name"].(string)] = [3]float64{row["points"].(float64), row["mu"].(float64), row["elo"].(float64)}
	}
	return out
}

// A cafe brings its Wingspan history in from BG Stats: the dry run says
// what would happen and stores nothing; the import matches علی by folded
// name, creates the others, keeps one copy of the duplicated play and
// none of the ignored one, in played order; a second import adds nothing;
// the league exported and imported into an empty league gives the same
// standings; a malformed file is refused with nothing stored.
func TestBGStatsImport(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	s.must(t, 201, "POST", "/v1/games", wingspanSheet)
	ali := s.player(t, "علی")
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Cafe Dorna", "game": "wingspan"})["id"].(string)

	dry := s.must(t, 200, "POST", "/v1/leagues/"+lg+"/import?dry_run=true", bgStatsFile)
	if n := s.count(t, "matches"); n != 0 || s.count(t, "players") != 1 || len(dry["matches"].([]any)) != 2 {
		t.Fatalf("dry run: %d matches stored, plan %v", n, dry["matches"])
	}
	statuses := map[string]string{}
	for _, p := range dry["players"].([]any) {
		statuses[p.(map[string]any)["name"].(string)] = p.(map[string]any)["status"].(string)
	}
	if statuses["علي"] != "matched" || statuses["سارا"] != "to_create" || len(statuses) != 4 {
		t.Fatalf("dry run players: %v", statuses)
	}
	if c := dry["plays"].(map[string]any); c["duplicates"] != 1.0 || c["of_game"] != 3.0 {
		t.Fatalf("dry run counts: %v", c)
	}

	got := s.must(t, 201, "POST", "/v1/leagues/"+lg+"/import", bgStatsFile)
	if got["plays"].(map[string]any)["imported"] != 2.0 || s.count(t, "players") != 4 {
		t.Fatalf("import: %v; %d players", got["plays"], s.count(t, "players"))
	}
	first := got["matches"].([]any)[0].(map[string]any)
	if first["source_id"] != "p-1" || first["location"] != "کافه درنا" {
		t.Fatalf("not in played order: %v", first)
	}
	m := s.must(t, 200, "GET", "/v1/matches/"+first["match_id"].(string), nil)
	if m["status"] != "finished" {
		t.Fatalf("imported match: %v", m)
	}
	// 1 March: سارا 1st, رضا and علی share 2nd (3 sides: 2 / 0.5 / 0.5);
	// 8 March: علی 1st, سارا 2nd, Kian 3rd (2 / 1 / 0).
	want := map[string]float64{"سارا": 2 + 1, "رضا": 0.5, "علی": 0.5 + 2, "Kian": 0}
	before := s.standingsOf(t, lg)
	for name, pts := range want {
		if before[name][0] != pts {
			t.Errorf("%s: %v points, want %v", name, before[name][0], pts)
		}
	}
	if _, ok := before["علي"]; ok {
		t.Error("علي became a player of their own instead of علی")
	}
	_ = ali

	again := s.must(t, 201, "POST", "/v1/leagues/"+lg+"/import", bgStatsFile)
	if again["plays"].(map[string]any)["imported"] != 0.0 || again["plays"].(map[string]any)["already_imported"] != 2.0 || s.count(t, "matches") != 2 {
		t.Fatalf("second import: %v, %d matches", again["plays"], s.count(t, "matches"))
	}

	r := s.do("GET", "/v1/leagues/"+lg+"/export?format=bgstats", nil)
	if r.status != 200 {
		t.Fatalf("export: %d %s", r.status, r.body)
	}
	empty := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Copy", "game": "wingspan"})["id"].(string)
	s.must(t, 201, "POST", "/v1/leagues/"+empty+"/import", r.body)
	after := s.standingsOf(t, empty)
	if len(after) != len(before) {
		t.Fatalf("round trip: %v, want %v", after, before)
	}
	for name, row := range before {
		if after[name] != row {
			t.Errorf("round trip %s: %v, want %v", name, after[name], row)
		}
	}

	matches, players := s.count(t, "matches"), s.count(t, "players")
	bad := strings.Replace(bgStatsFile, `{"playerRefId": 4, "score": "55"`, `{"playerRefId": 9, "score": "55"`, 1)
	br := s.do("POST", "/v1/leagues/"+lg+"/import", bad)
	var prob Problem
	_ = json.Unmarshal(br.body, &prob)
	if br.status != 400 || len(prob.Fields) == 0 || prob.Fields[0].Field != "plays[0].playerScores[2].playerRefId" {
		t.Fatalf("malformed file: %d %s", br.status, br.body)
	}
	for _, body := range []string{`{"plays": []}`, `not json`, `[]`} {
		if r := s.do("POST", "/v1/leagues/"+lg+"/import", body); r.status != 400 {
			t.Fatalf("%s: %d %s", body, r.status, r.body)
		}
	}
	if s.count(t, "matches") != matches || s.count(t, "players") != players {
		t.Fatal("a refused file stored something")
	}
}

// Who may define games and import: an admin or an owner; not a scorer or a
// viewer. A league of a built-in game takes no import.
func TestSheetAndImportAccess(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Cafe", "game": "wizard"})["id"].(string)
	bearer := func(role string) string {
		return "Bearer " + s.must(t, 201, "POST", "/v1/tokens", map[string]any{"role": role, "league_id": lg})["token"].(string)
	}
	for _, role := range []string{"scorer", "viewer"} {
		if r := s.do("POST", "/v1/games", golfSheet, "Authorization", bearer(role)); r.status != 403 {
			t.Fatalf("%s defines a game: %d %s", role, r.status, r.body)
		}
		if r := s.do("POST", "/v1/leagues/"+lg+"/import", bgStatsFile, "Authorization", bearer(role)); r.status != 403 {
			t.Fatalf("%s imports: %d %s", role, r.status, r.body)
		}
	}
	s.must(t, 201, "POST", "/v1/games", golfSheet, "Authorization", bearer("owner"))
	players := s.count(t, "players")
	for lang, why := range map[string]string{"en": "not the events a rule-checked match needs", "fa": "رویداد به رویداد داوری"} {
		r := s.do("POST", "/v1/leagues/"+lg+"/import", bgStatsFile, "Authorization", bearer("owner"), "Accept-Language", lang)
		var prob Problem
		_ = json.Unmarshal(r.body, &prob)
		if r.status != 422 || !strings.Contains(prob.Detail, why) || !strings.Contains(prob.Detail, "Wizard") || s.count(t, "matches") != 0 || s.count(t, "players") != players {
			t.Fatalf("import into a Wizard league (%s): %d %s", lang, r.status, r.body)
		}
	}
}

// bgStatsTeams is a BG Stats export of Tichu played in teams: one play
// with winners only, one with ranks, one with teams of 3 and 1, one
// without teams.
const bgStatsTeams = `{
  "players": [{"id": 1, "name": "Sara"}, {"id": 2, "name": "رضا"}, {"id": 3, "name": "Kian"}, {"id": 4, "name": "مینا"}],
  "locations": [],
  "games": [{"id": 9, "name": "Tichu", "usesTeams": true}],
  "plays": [
    {"uuid": "t-2", "playDate": "2024-05-02 20:00:00", "gameRefId": 9, "usesTeams": true,
     "playerScores": [{"playerRefId": 1, "score": "50", "team": "Red", "rank": 2}, {"playerRefId": 3, "score": "150", "team": "Blue", "rank": 1},
                      {"playerRefId": 2, "score": "50", "team": "Red", "rank": 2}, {"playerRefId": 4, "score": "150", "team": "Blue", "rank": 1}]},
    {"uuid": "t-1", "playDate": "2024-05-01 20:00:00", "gameRefId": 9, "usesTeams": true,
     "playerScores": [{"playerRefId": 1, "score": "320", "team": "A", "winner": true}, {"playerRefId": 2, "score": "-20", "team": "B"},
                      {"playerRefId": 3, "score": "320", "team": "A", "winner": true}, {"playerRefId": 4, "score": "", "team": "B"}]},
    {"uuid": "t-3", "playDate": "2024-05-03 20:00:00", "gameRefId": 9, "usesTeams": true,
     "playerScores": [{"playerRefId": 1, "score": "100", "team": "A", "winner": true}, {"playerRefId": 2, "score": "100", "team": "A", "winner": true},
                      {"playerRefId": 3, "score": "100", "team": "A", "winner": true}, {"playerRefId": 4, "score": "0", "team": "B"}]},
    {"uuid": "t-4", "playDate": "2024-05-04 20:00:00", "gameRefId": 9,
     "playerScores": [{"playerRefId": 1, "score": "100", "winner": true}, {"playerRefId": 2, "score": "0"},
                      {"playerRefId": 3, "score": "0"}, {"playerRefId": 4, "score": "0"}]}
  ]
}`

// BG Stats plays in teams come into a league of a sheet played in teams as
// matches in teams: the same results as recorded at the table in
// TestTeamSheetLeague, so the same standings and ratings; plays whose
// teams break the sheet are skipped with the rule; the league exported
// and imported into an empty league gives the same standings; a sheet
// without teams takes no play in teams.
func TestBGStatsImportTeams(t *testing.T) {
	s := newTestServer(t, all.Registry().All()...)
	s.must(t, 201, "POST", "/v1/games", tichuSheet)
	lg := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Tichu nights", "game": "tichu"})["id"].(string)
	dry := s.must(t, 200, "POST", "/v1/leagues/"+lg+"/import?dry_run=true", bgStatsTeams)
	skipped := map[string]string{}
	for _, sk := range dry["skipped"].([]any) {
		skipped[sk.(map[string]any)["source_id"].(string)] = sk.(map[string]any)["reason"].(string)
	}
	if !strings.Contains(skipped["t-3"], "SHEET-TEAM-2") || !strings.Contains(skipped["t-4"], "in no team") || len(dry["matches"].([]any)) != 2 || s.count(t, "matches") != 0 {
		t.Fatalf("dry run: %v", dry)
	}
	got := s.must(t, 201, "POST", "/v1/leagues/"+lg+"/import", bgStatsTeams)
	if got["plays"].(map[string]any)["imported"] != 2.0 || len(got["skipped"].([]any)) != 2 {
		t.Fatalf("import: %v", got)
	}
	first := s.must(t, 200, "GET", "/v1/matches/"+got["matches"].([]any)[0].(map[string]any)["match_id"].(string), nil)
	if teams := first["result"].(map[string]any)["teams"].([]any); len(teams) != 2 || first["state"].(map[string]any)["team_totals"].(map[string]any)["team1"] != 320.0 {
		t.Fatalf("imported match in teams: %v", first)
	}
	before := s.standingsOf(t, lg)
	// As at the table: Sara and Kian win the first, Kian and مینا the second.
	for name, pts := range map[string]float64{"Sara": 1, "رضا": 0, "Kian": 2, "مینا": 1} {
		if before[name][0] != pts {
			t.Errorf("%s: %v points, want %v", name, before[name][0], pts)
		}
	}
	h := map[string]*handRating{}
	for _, n := range []string{"Sara", "رضا", "Kian", "مینا"} {
		h[n] = &handRating{mu: 25, sigma2: 625.0 / 9}
	}
	handTwoSides([]*handRating{h["Sara"], h["Kian"]}, []*handRating{h["رضا"], h["مینا"]})
	handTwoSides([]*handRating{h["Kian"], h["مینا"]}, []*handRating{h["Sara"], h["رضا"]})
	for n, r := range h {
		if !near(before[n][1], r.mu) {
			t.Errorf("%s: mu %v, want %v", n, before[n][1], r.mu)
		}
	}

	r := s.do("GET", "/v1/leagues/"+lg+"/export?format=bgstats", nil)
	empty := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Copy", "game": "tichu"})["id"].(string)
	back := s.must(t, 201, "POST", "/v1/leagues/"+empty+"/import", r.body)
	if back["plays"].(map[string]any)["imported"] != 2.0 {
		t.Fatalf("round trip: %s\n%v", r.body, back)
	}
	after := s.standingsOf(t, empty)
	for name, row := range before {
		if after[name] != row {
			t.Errorf("round trip %s: %v, want %v", name, after[name], row)
		}
	}

	s.must(t, 201, "POST", "/v1/games", map[string]any{"name": "Tichu", "id": "tichu-solo", "min_players": 2, "max_players": 4, "negative": true, "rounds": map[string]any{"count": 0}})
	solo := s.must(t, 201, "POST", "/v1/leagues", map[string]any{"name": "Solo", "game": "tichu-solo"})["id"].(string)
	one := s.must(t, 200, "POST", "/v1/leagues/"+solo+"/import?dry_run=true", bgStatsTeams)
	if len(one["matches"].([]any)) != 1 || !strings.Contains(one["skipped"].([]any)[0].(map[string]any)["reason"].(string), "played in teams") {
		t.Fatalf("a sheet without teams: %v", one)
	}
}
