package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"github.com/motamed/motamed/db"
)

// warnGrandfathered logs one warning per match that replays only because
// events of it stand by grandfathering: accepted under an older revision
// of its game's rules, refused by today's (see docs/upgrading.md). The
// server serves them all the same; the warning says which to look at.
// It replays every match holding an event of an older revision, so it runs
// beside serving, and says nothing once ctx (the server's run) is done.
func warnGrandfathered(ctx context.Context, store *db.Store, log *slog.Logger) {
	events, err := store.Grandfathered(ctx)
	if err != nil {
		if ctx.Err() == nil {
			log.Warn("could not look for grandfathered events", "err", err)
		}
		return
	}
	for _, m := range byMatch(events) {
		log.Warn("match replays only by grandfathering: today's rules refuse events accepted under an earlier revision",
			"match", m[0].MatchID, "game", m[0].Game, "events", seqs(m), "rules", ruleIDs(m))
	}
}

// printGrandfathered lists, for motamed check, every grandfathered event
// with the rules that now refuse it.
func printGrandfathered(w io.Writer, events []db.GrandfatheredEvent) {
	for _, e := range events {
		var why []string
		for _, r := range e.Rulings {
			why = append(why, r.Rule+": "+r.Message.EN)
		}
		fmt.Fprintf(w, "grandfathered: match %s event %d (%s), accepted under %s rules revision %d, is refused today by %s\n",
			e.MatchID, e.Seq, e.Type, e.Game, e.Revision, strings.Join(why, "; "))
	}
}

// byMatch groups events (listed match by match) by match.
func byMatch(events []db.GrandfatheredEvent) [][]db.GrandfatheredEvent {
	var out [][]db.GrandfatheredEvent
	for i, e := range events {
		if i == 0 || events[i-1].MatchID != e.MatchID {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], e)
	}
	return out
}

func seqs(events []db.GrandfatheredEvent) []int64 {
	out := make([]int64, len(events))
	for i, e := range events {
		out[i] = e.Seq
	}
	return out
}

func ruleIDs(events []db.GrandfatheredEvent) string {
	var out []string
	seen := map[string]bool{}
	for _, e := range events {
		for _, r := range e.Rulings {
			if !seen[r.Rule] {
				seen[r.Rule] = true
				out = append(out, r.Rule)
			}
		}
	}
	return strings.Join(out, ",")
}
