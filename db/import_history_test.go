package db

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/sheet"
)

func init() {
	register(conformanceCase{name: "HistoryImportIsOneTransaction", fn: testHistoryImport})
}

// A whole history is stored in one transaction on both engines: its new
// score-sheet games (cooperative and winner-only), leagues, players and
// plays with their sources; a failure of its last import leaves nothing of
// it, not even its games, and the games are offered only once it commits.
func testHistoryImport(t *testing.T, e *testEngine) {
	s := e.open(t)
	ctx := context.Background()
	crew := sheet.Definition{ID: "the-crew", Version: 1, Name: "The Crew", MinPlayers: 1, MaxPlayers: 20, Rounds: &sheet.Rounds{}, Cooperative: true}
	wolf := sheet.Definition{ID: "werewolf", Version: 1, Name: "Werewolf", MinPlayers: 1, MaxPlayers: 20, Rounds: &sheet.Rounds{}, WinnerOnly: true}
	a, b := NewImportPlayer("Jay"), NewImportPlayer("Sara")
	lc, lw := NewHistoryLeague("The Crew", crew.ID, json.RawMessage(`{"points_scheme":"placement"}`)), NewHistoryLeague("Werewolf", wolf.ID, nil)
	at := time.Date(2021, 1, 16, 19, 0, 0, 0, time.UTC)
	seat := 1
	h := History{Games: []sheet.Definition{crew, wolf}, Leagues: []League{lc, lw}, Players: []Player{a, b},
		Imports: []Import{
			{LeagueID: lc.ID, Game: crew.ID, Plays: []ImportPlay{{SourceID: "crew-1", Seats: []string{a.ID, b.ID},
				Final:  rules.Event{Type: sheet.EvFinalRecorded, Data: []byte(`{"won":true}`)},
				Meta:   MatchMeta{Location: "Arium", PlayedAt: &at, Source: SourceBGStats, DurationMin: 150},
				Source: &MatchSource{Source: SourceBGStats, SourceID: "crew-1", PlayDate: "2021-01-16 19:00:00", DurationMin: 150, StartSeat: &seat, Comments: "close"}}}},
			{LeagueID: lw.ID, Game: wolf.ID, Plays: []ImportPlay{{SourceID: "wolf-1", Seats: []string{a.ID, b.ID},
				Final: rules.Event{Type: sheet.EvFinalRecorded, Data: []byte(`{"winners":["nobody"]}`)}}}},
		}}
	if _, err := s.ImportHistory(ctx, h); err == nil {
		t.Fatal("a play its sheet refuses fails the whole history")
	}
	for _, table := range []string{"sheet_games", "leagues", "players", "matches", "match_sources"} {
		if n := countRows(t, s, table); n != 0 {
			t.Fatalf("a failed history left %d rows in %s", n, table)
		}
	}
	if _, ok := s.games.Get(crew.ID); ok {
		t.Fatal("a failed history's game is offered")
	}
	h.Imports[1].Plays[0].Final.Data = []byte(`{"winners":["` + b.ID + `"]}`)
	ids, err := s.ImportHistory(ctx, h)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.games.Get(wolf.ID); !ok || len(ids) != 2 || countRows(t, s, "sheet_games") != 2 || countRows(t, s, "leagues") != 2 {
		t.Fatalf("the history's games and leagues: %v", ids)
	}
	m, err := s.GetMatch(ctx, ids[0][0])
	if err != nil {
		t.Fatal(err)
	}
	if r := m.State.Result(); !r.Cooperative || len(r.Winners) != 2 || m.Meta.Source != SourceBGStats || m.Meta.DurationMin != 150 || m.Meta.Location != "Arium" {
		t.Fatalf("the co-op match: %+v %+v", r, m.Meta)
	}
	src, err := s.MatchSources(ctx, []string{ids[0][0], ids[1][0]})
	if err != nil {
		t.Fatal(err)
	}
	if got := src[ids[0][0]]; got.SourceID != "crew-1" || got.PlayDate != "2021-01-16 19:00:00" || *got.StartSeat != 1 || got.Comments != "close" {
		t.Fatalf("source: %+v", got)
	}
	facts, err := s.LeaguePlayFacts(ctx, lc.ID)
	if err != nil || facts[ids[0][0]].Source == nil || len(facts[ids[0][0]].Seats) != 2 || facts[ids[0][0]].Seats[0] != a.ID {
		t.Fatalf("play facts: %+v %v", facts, err)
	}
	if _, err := s.ImportHistory(ctx, History{Games: []sheet.Definition{crew}}); !errors.Is(err, rules.ErrGameExists) {
		t.Fatalf("a game defined twice: %v", err)
	}
}
