package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
)

// The resume scenario measures a restart: a run with --db leaves the
// matches it had in progress in DB.open.json (which generated match each
// is, its players and its next event), and --scenario resume starts the
// server on that database and sends each of them its next event once. The
// event POST latencies it reports are those first appends, each folding
// its match from a stored snapshot; the server's "ready in" is the start.

// openMatch is a match left in progress by a run.
type openMatch struct {
	ID      string   `json:"id"`
	Game    string   `json:"game"`
	Index   int      `json:"index"` // in the generated pool
	Players []string `json:"players"`
	Next    int      `json:"next"` // the next event's index
}

// openMatches is what DB.open.json holds: the pool the matches came from
// and the matches.
type openMatches struct {
	Seed    uint64      `json:"seed"`
	Pool    int         `json:"pool"`
	Games   []string    `json:"games"`
	Matches []openMatch `json:"matches"`
}

func openPath(db string) string { return db + ".open.json" }

func loadOpen(db string) (openMatches, error) {
	var o openMatches
	b, err := os.ReadFile(openPath(db))
	if err != nil {
		return o, fmt.Errorf("--scenario resume needs the matches a run with --db %s left in progress: %w", db, err)
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return o, fmt.Errorf("%s: %w", openPath(db), err)
	}
	return o, nil
}

// saveOpen writes the tables' matches in progress next to the database.
func saveOpen(db string, cfg config, tables []*table) error {
	o := openMatches{Seed: cfg.seed, Pool: cfg.pool, Games: cfg.games, Matches: []openMatch{}}
	for _, t := range tables {
		for _, m := range t.matches {
			if m != nil && m.id != "" && m.next < len(m.seq.Bodies) {
				o.Matches = append(o.Matches, openMatch{ID: m.id, Game: m.seq.Game, Index: m.idx, Players: m.players, Next: m.next})
			}
		}
	}
	b, err := json.Marshal(o)
	if err != nil {
		return err
	}
	return os.WriteFile(openPath(cfg.db), b, 0o644)
}

// dealOpen gives the open matches to the tables in turn.
func (rn *runner) dealOpen(o openMatches, tables []*table) error {
	for _, t := range tables {
		t.matches = nil
	}
	for i, om := range o.Matches {
		seqs := rn.pool[om.Game]
		if om.Index < 0 || om.Index >= len(seqs) || len(om.Players) != seqs[om.Index].Seats || om.Next >= len(seqs[om.Index].Bodies) {
			return fmt.Errorf("open match %s does not fit the generated %s matches", om.ID, om.Game)
		}
		seq := seqs[om.Index]
		t := tables[i%len(tables)]
		t.matches = append(t.matches, &liveMatch{seq: seq, idx: om.Index, players: om.Players, id: om.ID, rep: seq.Replacer(om.Players),
			next: om.Next, matchPath: "/v1/matches/" + om.ID, eventsPath: "/v1/matches/" + om.ID + "/events"})
	}
	return nil
}

// resume sends each of the table's matches its next event once.
func (rn *runner) resume(ctx context.Context, t *table) {
	for _, m := range t.matches {
		if ctx.Err() != nil {
			return
		}
		body := m.rep.Append(nil, m.seq.Bodies[m.next])
		res := t.do(ctx, rn.cl, http.MethodPost, m.eventsPath, body, http.StatusCreated, false)
		if t.tally.record(kindEvent, res, "POST", fmt.Sprintf("%s (%s event %d)", m.eventsPath, m.seq.Game, m.next+1), http.StatusCreated) {
			t.tally.events++
			t.tally.eventBytes += int64(len(body))
			rn.accepted.Add(1)
			m.next++
		}
	}
}
