package api

import (
	"slices"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/sheet"
	"github.com/motamed/motamed/scoring/bgstats"
)

// importPlay is a planned BG Stats play as a finished match to store: its
// seats, options and final event (sm), where and when it was played, its
// comments as the match's notes, and its source (the play's UUID, its date
// as written, its duration and who started) so an export writes it back
// as it came.
func importPlay(p bgstats.PlannedPlay, sm bgstats.SheetMatch) db.ImportPlay {
	at := p.PlayedAt
	src := &db.MatchSource{Source: db.SourceBGStats, SourceID: p.SourceID, PlayDate: p.PlayDate, DurationMin: p.DurationMin, Comments: p.Comments}
	if i := slices.Index(p.Players, p.StartPlayer); p.StartPlayer != "" && i >= 0 {
		src.StartSeat = &i
	}
	notes := p.Comments
	if len([]rune(notes)) > 2000 {
		notes = string([]rune(notes)[:2000])
	}
	return db.ImportPlay{SourceID: p.SourceID, Seats: sm.Seats, Options: sm.Options,
		Final:  rules.Event{Type: sheet.EvFinalRecorded, Data: sm.Final},
		Meta:   db.MatchMeta{Location: p.Location, PlayedAt: &at, Notes: notes, Source: db.SourceBGStats, DurationMin: p.DurationMin},
		Source: src}
}
