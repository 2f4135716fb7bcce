// Package bridge is the rules as a phone runs them: every game behind a
// few calls that take and give JSON, so that a page can open a match from
// its log, apply an event to it, ask a referee question and list a game's
// rules without the server. The WebAssembly module (cmd/motamed-rules)
// exposes it to JavaScript; the server's answers and the bridge's are the
// same words, which the API's tests check.
package bridge

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/all"
	"github.com/motamed/motamed/rules/sheet"
)

// Bridge holds the games and the matches a page has open.
type Bridge struct {
	games   *rules.Registry
	rules   map[string]rules.RuleEntry // the rules of the catalogs read so far, by ID
	read    map[string]bool            // the catalogs read, by game ID ("sheet" for the score sheets')
	matches map[int]*match
	next    int
}

// match is one open match: its game, the states its effective events
// left (the first being the setup's, so that an undo steps back one), those
// events in force, and the events the latest undos took back (latest
// last), which a redo brings back while nothing else was recorded since.
type match struct {
	game   rules.Game
	states []rules.State
	events []StoredEvent
	undone []StoredEvent
	// sent is what the page holds of the last view given: its score rows
	// and its sheet's rows (-1 and nil before the first), so that the next
	// view gives only the rows from the first that changed.
	sentRows  int
	sentSheet []rules.SheetRow
}

// New is a bridge over every built-in game.
func New() *Bridge {
	return &Bridge{games: all.Registry(), rules: map[string]rules.RuleEntry{}, read: map[string]bool{}, matches: map[int]*match{}}
}

// rule is the rule with this ID in any game's catalog or the score
// sheets'. A catalog is read when a ruling first cites one of its rules,
// not when the bridge is made: reading them all is a large part of the
// module's start in a phone. The catalog named by the ID's prefix
// (WIZARD-BID-1: wizard) is read first, then the others in turn.
func (b *Bridge) rule(id string) (rules.RuleEntry, bool) {
	if e, ok := b.rules[id]; ok {
		return e, true
	}
	prefix, _, _ := strings.Cut(id, "-")
	type source struct {
		name    string
		catalog func() []rules.RuleEntry
	}
	sources := []source{{"sheet", sheet.Catalog}}
	for _, g := range b.games.All() {
		sources = append(sources, source{g.Info().ID, g.Catalog})
	}
	if i := slices.IndexFunc(sources, func(s source) bool { return strings.EqualFold(s.name, prefix) }); i > 0 {
		sources[0], sources[i] = sources[i], sources[0]
	}
	for _, s := range sources {
		if b.read[s.name] {
			continue
		}
		b.read[s.name] = true
		for _, e := range s.catalog() {
			b.rules[e.ID] = e
		}
		if e, ok := b.rules[id]; ok {
			return e, true
		}
	}
	return rules.RuleEntry{}, false
}

// Revisions is the revision of each game's rules the bridge implements,
// by game ID (score-sheet games are at rules.FirstRevision).
func (b *Bridge) Revisions() map[string]int {
	return rules.Revisions(b.games)
}

// OpenRequest is a match to open: its game (with its sheet for a
// score-sheet game), its seats, its effective options and its effective
// log in order, each event with the revision of the rules it was accepted
// under (0 when not known: today's).
type OpenRequest struct {
	Game    string            `json:"game"`
	Sheet   *sheet.Definition `json:"sheet,omitempty"`
	Players []rules.Player    `json:"players"`
	Options json.RawMessage   `json:"options,omitempty"`
	Events  []StoredEvent     `json:"events"`
	// Undone are the events the latest undos of the log took back, the
	// latest last, while nothing else was recorded after them: a redo
	// brings back the last.
	Undone []StoredEvent `json:"undone,omitempty"`
}

// StoredEvent is one event of a match's effective log: its seq in the
// match's log (0 for one not stored yet), which a correction names it by.
type StoredEvent struct {
	Seq      int64           `json:"seq,omitempty"`
	Type     string          `json:"type"`
	Data     json.RawMessage `json:"data,omitempty"`
	Revision int             `json:"revision,omitempty"`
}

// View is what a match shows after an event, as the server's match body
// gives it: status, what comes next, state, score sheet and result.
type View struct {
	Status string        `json:"status"`
	Next   string        `json:"next"`
	State  rules.State   `json:"state"`
	Scores rules.Scores  `json:"scores"`
	Result *rules.Result `json:"result"`
	Notes  []Violation   `json:"notes,omitempty"`
	// View is what the match's screens show, as the game describes it.
	View *rules.View `json:"view,omitempty"`
	// Events is the number of effective events the state folds.
	Events int `json:"events"`
	// RowsFrom: Scores.Rounds holds the score rows from this index on; the
	// rows before it are those of the view given before, unchanged.
	RowsFrom int `json:"rows_from,omitempty"`
	// SheetFrom: View.Sheet.Rows holds the sheet's rows from this index on,
	// as RowsFrom.
	SheetFrom int `json:"sheet_from,omitempty"`
}

// Violation is one ruling in a language, as the server words it: the rule,
// its title, the sentence, and where the rule stands in the rulebook.
type Violation struct {
	Rule    string `json:"rule"`
	Title   string `json:"title"`
	Message string `json:"message"`
	Section string `json:"section,omitempty"`
}

// Problem is a refusal as the server's RFC 9457 answer gives it.
type Problem struct {
	Type       string             `json:"type"`
	Title      string             `json:"title"`
	Status     int                `json:"status"`
	Detail     string             `json:"detail,omitempty"`
	Violations []Violation        `json:"violations,omitempty"`
	Fields     []rules.FieldError `json:"fields,omitempty"`
	// BreaksAt is, on a refused correction, the seq of the first event in
	// force it would make illegal.
	BreaksAt *int64 `json:"breaks_at,omitempty"`
}

func (p *Problem) Error() string { return p.Title + ": " + p.Detail }

// Open replays a match's log and keeps it open under the handle returned.
func (b *Bridge) Open(req OpenRequest, lang string) (int, *View, error) {
	g, err := b.game(req.Game, req.Sheet)
	if err != nil {
		return 0, nil, err
	}
	s, _, err := g.Setup(req.Players, req.Options)
	if err != nil {
		return 0, nil, b.problem(err, lang)
	}
	m := &match{game: g, states: make([]rules.State, 1, len(req.Events)+1), events: append([]StoredEvent(nil), req.Events...), undone: append([]StoredEvent(nil), req.Undone...), sentRows: -1}
	m.states[0] = s
	for _, ev := range req.Events {
		s, _, err = rules.ApplyStored(g, s, rules.Event{Type: ev.Type, Data: ev.Data, Revision: ev.Revision})
		if err != nil {
			return 0, nil, b.problem(err, lang)
		}
		m.states = append(m.states, s)
	}
	b.next++
	b.matches[b.next] = m
	return b.next, m.full(lang, nil), nil
}

// Apply checks an event against an open match's current state: accepted,
// the match moves on and its view is returned with the referee's notes;
// refused, the match stays as it was and the refusal is returned.
// seq is the event's seq in the match's log, when known (else 0).
func (b *Bridge) Apply(handle int, ev rules.Event, seq int64, lang string) (*View, error) {
	m, ok := b.matches[handle]
	if !ok {
		return nil, errNoMatch
	}
	next, notes, err := m.game.Apply(m.states[len(m.states)-1], ev)
	if err != nil {
		return nil, b.problem(err, lang)
	}
	m.states = append(m.states, next)
	m.events = append(m.events, StoredEvent{Seq: seq, Type: ev.Type, Data: ev.Data})
	m.undone = nil
	out := make([]Violation, 0, len(notes))
	for _, r := range notes {
		out = append(out, b.violation(r, lang))
	}
	return m.changed(lang, out), nil
}

// Undo steps an open match back by its latest effective event.
func (b *Bridge) Undo(handle int, lang string) (*View, error) {
	m, ok := b.matches[handle]
	if !ok {
		return nil, errNoMatch
	}
	if len(m.states) == 1 {
		return nil, &Problem{Type: "/problems/conflict", Title: kindConflict.In(lang), Status: 409, Detail: "The match has no event left to undo."}
	}
	m.states = m.states[:len(m.states)-1]
	m.undone = append(m.undone, m.events[len(m.events)-1])
	m.events = m.events[:len(m.events)-1]
	return m.changed(lang, nil), nil
}

// Close forgets an open match.
func (b *Bridge) Close(handle int) { delete(b.matches, handle) }

// Ask answers a referee question of a game, worded in lang as the server
// words it (rules.LocalizeAnswer).
func (b *Bridge) Ask(game, question string, body json.RawMessage, lang string) (any, error) {
	g, err := b.game(game, nil)
	if err != nil {
		return nil, err
	}
	for _, r := range g.Referees() {
		if r.Question == question {
			ans, err := r.Ask(body)
			if err != nil {
				return nil, b.problem(err, lang)
			}
			return rules.LocalizeAnswer(ans, lang, b.title)
		}
	}
	return nil, &Problem{Type: "/problems/not-found", Title: kindNotFound.In(lang), Status: 404, Detail: "No referee question " + question + "."}
}

// title is the title of the rule with ID id, if a game cites it.
func (b *Bridge) title(id string) (rules.Text, bool) {
	e, ok := b.rule(id)
	return e.Title, ok
}

// Rule is one rule of a game's catalog in a language.
type Rule struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Text    string `json:"text"`
	Section string `json:"section,omitempty"`
	Check   string `json:"check"`
}

// Rules lists a game's rules in a language, in the rulebook's order.
func (b *Bridge) Rules(game, lang string) ([]Rule, error) {
	g, err := b.game(game, nil)
	if err != nil {
		return nil, err
	}
	cat := g.Catalog()
	out := make([]Rule, 0, len(cat))
	for _, e := range cat {
		out = append(out, Rule{ID: e.ID, Title: e.Title.In(lang), Text: e.Text.In(lang), Section: SectionIn(e.Source, lang), Check: string(e.Check)})
	}
	return out, nil
}

var errNoMatch = &Problem{Type: "/problems/not-found", Title: "Not found", Status: 404, Detail: "No such open match."}

// game is the game of ID id: a built-in game, or the score sheet def.
func (b *Bridge) game(id string, def *sheet.Definition) (rules.Game, error) {
	if g, ok := b.games.Get(id); ok {
		return g, nil
	}
	if def != nil && def.ID == id {
		if err := def.Check(); err != nil {
			return nil, err
		}
		return sheet.New(*def), nil
	}
	return nil, &Problem{Type: "/problems/not-found", Title: kindNotFound.EN, Status: 404, Detail: "No game with ID \"" + id + "\"."}
}

func (m *match) view(lang string, notes []Violation) *View {
	s := m.states[len(m.states)-1]
	v := &View{Status: "in_progress", Next: s.Next().In(lang), State: s, Scores: s.Scores(), Result: s.Result(), Notes: notes, Events: len(m.states) - 1}
	if v.Result != nil {
		v.Status = "finished"
	}
	if vw, ok := s.(rules.Viewer); ok {
		view := vw.View()
		v.View = &view
	}
	return v
}

// full is the match's whole view, which the page then holds.
func (m *match) full(lang string, notes []Violation) *View {
	v := m.view(lang, notes)
	m.sentRows, m.sentSheet = -1, nil
	m.keep(v)
	return v
}

// changed is the match's view after a step (an event, an undo, a redo)
// with only the rows that may differ from the view given before: the score
// rows from the last one the page holds (a step changes only the last
// score row, rules.Scores), and the sheet's rows from the first that
// differs. Writing a long match's rows at every step is most of a step's
// cost on a phone.
func (m *match) changed(lang string, notes []Violation) *View {
	v := m.view(lang, notes)
	rows, sheet := m.sentRows, m.sentSheet
	m.keep(v)
	if n, ok := rules.RowsLen(v.Scores.Rounds); ok && rows > 0 {
		v.RowsFrom = max(min(rows, n)-1, 0)
		v.Scores.Rounds = rules.RowsSlice(v.Scores.Rounds, v.RowsFrom, n)
	}
	if v.View != nil && sheet != nil {
		now := v.View.Sheet.Rows
		k := 0
		for k < len(now) && k < len(sheet) && reflect.DeepEqual(now[k], sheet[k]) {
			k++
		}
		v.SheetFrom = k
		v.View.Sheet.Rows = now[k:]
	}
	return v
}

// keep notes what the page holds once it has view v (whole).
func (m *match) keep(v *View) {
	m.sentRows, m.sentSheet = -1, nil
	if n, ok := rules.RowsLen(v.Scores.Rounds); ok {
		m.sentRows = n
	}
	if v.View != nil {
		m.sentSheet = v.View.Sheet.Rows
		if m.sentSheet == nil {
			m.sentSheet = []rules.SheetRow{}
		}
	}
}

// The titles of the refusals the rules give, as the server words them.
var (
	kindMalformed = rules.T("The request is malformed", "درخواست نادرست است")
	kindViolation = rules.T("The rules do not allow this", "قوانین بازی این را اجازه نمی‌دهند")
	kindFinished  = rules.T("The match is finished", "بازی تمام شده است")
	kindConflict  = rules.T("The request conflicts with the current state", "درخواست با وضعیت کنونی سازگار نیست")
	kindNotFound  = rules.T("Not found", "پیدا نشد")
)

// Titles are the titles of the problems the bridge gives, by type, in
// both languages: the server's vocabulary has the same.
func Titles() map[string]rules.Text {
	return map[string]rules.Text{
		"/problems/malformed-request": kindMalformed,
		"/problems/rule-violation":    kindViolation,
		"/problems/match-finished":    kindFinished,
		"/problems/conflict":          kindConflict,
		"/problems/not-found":         kindNotFound,
	}
}

// problem words a refusal of the rules as the server does.
func (b *Bridge) problem(err error, lang string) error {
	var (
		in   *rules.InputError
		viol *rules.ViolationError
	)
	switch {
	case errors.As(err, &viol):
		p := &Problem{Type: "/problems/rule-violation", Title: kindViolation.In(lang), Status: 422}
		for _, r := range viol.Rulings {
			p.Violations = append(p.Violations, b.violation(r, lang))
		}
		if len(p.Violations) > 0 {
			p.Detail = p.Violations[0].Message
		}
		return p
	case errors.As(err, &in):
		p := &Problem{Type: "/problems/malformed-request", Title: kindMalformed.In(lang), Status: 400}
		p.Fields, p.Detail = in.In(lang)
		return p
	case errors.Is(err, rules.ErrUnknownEvent):
		return &Problem{Type: "/problems/malformed-request", Title: kindMalformed.In(lang), Status: 400, Detail: err.Error(), Fields: []rules.FieldError{{Field: "type", Message: err.Error()}}}
	case errors.Is(err, rules.ErrFinished):
		return &Problem{Type: "/problems/match-finished", Title: kindFinished.In(lang), Status: 409, Detail: "The match is finished; no more events can be recorded. Undo the last event to correct it."}
	}
	return err
}

// violation is a ruling in lang with its rule's title and section.
func (b *Bridge) violation(r rules.Ruling, lang string) Violation {
	v := Violation{Rule: r.Rule, Message: r.Message.In(lang)}
	if e, ok := b.rule(r.Rule); ok {
		v.Title = e.Title.In(lang)
		v.Section = SectionIn(e.Source, lang)
	}
	return v
}

// SectionIn is where a rule stands in the rulebook, in lang: the seed's
// heading as printed (Persian) for fa, the translated heading otherwise.
func SectionIn(src rules.Source, lang string) string {
	if lang == "fa" && src.Section != "" {
		return src.Section
	}
	return src.SectionEN
}
