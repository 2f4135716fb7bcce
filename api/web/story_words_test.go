package web

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/motamed/motamed/rules/all"
)

// Every event a game records is told in words on the phone (the Events
// list, what Undo takes back, the queue): app-story.js has a sentence for
// each event type of each game, so none reads "An event of the game".
func TestEveryEventIsToldInWords(t *testing.T) {
	b, err := fs.ReadFile(assetFS, "app-story.js")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	for _, g := range all.Registry().All() {
		for _, ev := range g.Info().Events {
			if !strings.Contains(src, "case '"+ev.Type+"':") {
				t.Errorf("%s: app-story.js tells no sentence for the event %q", g.Info().ID, ev.Type)
			}
		}
	}
}
