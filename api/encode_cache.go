package api

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"sync"

	"github.com/motamed/motamed/db"
)

// encodeCache keeps the JSON of the latest version of recently served
// matches. A match body is mostly its score sheet, and a version never
// changes once made, so each version is encoded once and reused by every
// read, stream and page of it. A new version reuses the previous one's rows:
// only a sheet's last row may change (rules.Scores), so an event costs the
// encoding of one or two rows however long the match has run.
type encodeCache struct {
	mu       sync.Mutex
	max      int   // entries
	maxBytes int64 // total size of the bodies kept
	bytes    int64
	items    map[string]*encodedMatch
}

// encodedMatch is one match version's JSON. The body in the language it was
// first asked in is built at once, and the state and every score row are
// slices of it, so an entry keeps one copy of its JSON, not two. It is
// never modified once stored, except that the other language's body is
// built on first use.
type encodedMatch struct {
	version int64
	size    int64 // bytes of the first body
	static  *matchStatic
	status  string
	state   []byte
	totals  []byte
	rows    [][]byte // each score row; nil when rowsRaw holds the whole sheet
	rowsRaw []byte   // a sheet that is not a list (or is null), as encoded
	result  []byte
	updated []byte // the quoted updated_at
	next    [2]string
	bodies  [2]lazyBody // the whole match body in English and Persian
}

// matchStatic is what a match body repeats at every version.
type matchStatic struct {
	head    []byte // {"id":...,"game":...,"league_id":...,
	seats   []byte // "players":[...],"options":{...},
	created []byte // the quoted created_at
}

type lazyBody struct {
	once sync.Once
	b    []byte
}

// newEncodeCache keeps at most max matches and about maxBytes of JSON.
func newEncodeCache(max int, maxBytes int64) *encodeCache {
	return &encodeCache{max: max, maxBytes: maxBytes, items: make(map[string]*encodedMatch, max)}
}

// get returns the encoding of m at its version, encoding what the cached
// previous version cannot lend; lang is the language it is wanted in first.
func (c *encodeCache) get(m *db.Match, lang string) (*encodedMatch, error) {
	c.mu.Lock()
	prev := c.items[m.ID]
	c.mu.Unlock()
	if prev != nil && prev.version == m.Version {
		return prev, nil
	}
	e, err := encodeMatch(m, prev, lang)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	cur, ok := c.items[m.ID]
	if ok && cur.version >= m.Version {
		return e, nil
	}
	if ok {
		c.bytes -= cur.size
	}
	c.items[m.ID] = e
	c.bytes += e.size
	// Drop arbitrary other entries (cheap, and fair enough for a cache of
	// the latest versions) until both bounds hold.
	for k, v := range c.items {
		if len(c.items) <= c.max && c.bytes <= c.maxBytes {
			break
		}
		if k != m.ID {
			delete(c.items, k)
			c.bytes -= v.size
		}
	}
	return e, nil
}

// encodeMatch encodes m, with its body in lang. prev, when it is m's
// previous version, lends its static pieces and every score row before its
// last one.
func encodeMatch(m *db.Match, prev *encodedMatch, lang string) (*encodedMatch, error) {
	e := &encodedMatch{version: m.Version, status: m.Status}
	if prev != nil && prev.version < m.Version {
		e.static = prev.static
	} else {
		prev = nil
	}
	if e.static == nil {
		st, err := encodeStatic(m)
		if err != nil {
			return nil, err
		}
		e.static = st
	}
	var err error
	if e.state, err = json.Marshal(m.State); err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	sc := m.State.Scores()
	if e.totals, err = json.Marshal(sc.Totals); err != nil {
		return nil, fmt.Errorf("totals: %w", err)
	}
	if e.result, err = json.Marshal(m.State.Result()); err != nil {
		return nil, fmt.Errorf("result: %w", err)
	}
	e.updated = quote(timeString(m.UpdatedAt))
	next := m.State.Next()
	e.next = [2]string{next.In("en"), next.In("fa")}

	if err := e.encodeRows(sc.Rounds, prev); err != nil {
		return nil, err
	}
	// Build the first body and make the pieces slices of it: the pieces'
	// own bytes, and the previous version's body the reused rows point
	// into, are then garbage.
	i := langIndex(lang)
	b := e.build(e.next[i], true)
	e.bodies[i].once.Do(func() { e.bodies[i].b = b })
	e.size = int64(len(b))
	return e, nil
}

// encodeRows encodes the score sheet, row by row when it is a list.
func (e *encodedMatch) encodeRows(rounds any, prev *encodedMatch) (err error) {
	rv := reflect.ValueOf(rounds)
	if rv.Kind() != reflect.Slice || rv.IsNil() {
		if e.rowsRaw, err = json.Marshal(rounds); err != nil {
			return fmt.Errorf("rounds: %w", err)
		}
		return nil
	}
	n, keep := rv.Len(), 0
	if prev != nil && prev.version == e.version-1 && prev.rows != nil {
		keep = max(0, min(len(prev.rows), n)-1)
	}
	e.rows = make([][]byte, n)
	if keep > 0 {
		copy(e.rows, prev.rows[:keep])
	}
	for i := keep; i < n; i++ {
		if e.rows[i], err = json.Marshal(rv.Index(i).Interface()); err != nil {
			return fmt.Errorf("round %d: %w", i, err)
		}
	}
	return nil
}

func langIndex(lang string) int {
	if lang == "fa" {
		return 1
	}
	return 0
}

func encodeStatic(m *db.Match) (*matchStatic, error) {
	var league any
	if m.LeagueID != "" {
		league = m.LeagueID
	}
	head, err := json.Marshal(struct {
		ID       string `json:"id"`
		Game     string `json:"game"`
		LeagueID any    `json:"league_id"`
	}{m.ID, m.Game, league})
	if err != nil {
		return nil, err
	}
	players := make([]SeatResponse, 0, len(m.Seats))
	for _, s := range m.Seats {
		players = append(players, SeatResponse{ID: s.PlayerID, Name: s.Name, Seat: s.Seat})
	}
	seats, err := json.Marshal(struct {
		Players []SeatResponse  `json:"players"`
		Options json.RawMessage `json:"options"`
	}{players, m.Options})
	if err != nil {
		return nil, err
	}
	// Both are objects: keep their members and drop the braces, to splice
	// them into the body.
	head[len(head)-1] = ','
	seats[len(seats)-1] = ','
	return &matchStatic{head: head, seats: seats[1:], created: quote(timeString(m.CreatedAt))}, nil
}

// body is the match body (MatchResponse) in lang, built once per language.
func (e *encodedMatch) body(lang string) []byte {
	i := langIndex(lang)
	lb := &e.bodies[i]
	lb.once.Do(func() { lb.b = e.build(e.next[i], false) })
	return lb.b
}

// build writes the body in MatchResponse's field order. With repoint, the
// state and rows are then made slices of the body: only before the entry
// is shared.
func (e *encodedMatch) build(next string, repoint bool) []byte {
	qnext, status := quote(next), quote(e.status)
	n := len(e.static.head) + len(e.static.seats) + len(e.static.created) + len(e.updated) + len(status) + len(qnext) +
		len(e.state) + len(e.totals) + len(e.result) + len(e.rowsRaw) + len(bodyKeys) + 24
	for _, r := range e.rows {
		n += len(r) + 1
	}
	b := make([]byte, 0, n)
	b = append(b, e.static.head...)
	b = append(b, `"status":`...)
	b = append(b, status...)
	b = append(b, ',')
	b = append(b, e.static.seats...)
	b = append(b, `"version":`...)
	b = strconv.AppendInt(b, e.version, 10)
	b = append(b, `,"next":`...)
	b = append(b, qnext...)
	b = append(b, `,"state":`...)
	at := len(b)
	b = append(b, e.state...)
	if repoint {
		e.state = b[at:len(b):len(b)]
	}
	b = append(b, `,"scores":{"totals":`...)
	b = append(b, e.totals...)
	b = append(b, `,"rounds":`...)
	b = e.appendRounds(b, repoint)
	b = append(b, `},"result":`...)
	b = append(b, e.result...)
	b = append(b, `,"created_at":`...)
	b = append(b, e.static.created...)
	b = append(b, `,"updated_at":`...)
	b = append(b, e.updated...)
	return append(b, '}')
}

// appendRounds appends the score sheet as one JSON array; with repoint
// (only while b has all the capacity it needs, so that it never moves) the
// rows become slices of b.
func (e *encodedMatch) appendRounds(b []byte, repoint bool) []byte {
	if e.rows == nil {
		return append(b, e.rowsRaw...)
	}
	b = append(b, '[')
	for i, r := range e.rows {
		if i > 0 {
			b = append(b, ',')
		}
		at := len(b)
		b = append(b, r...)
		if repoint {
			e.rows[i] = b[at:len(b):len(b)]
		}
	}
	return append(b, ']')
}

// bodyKeys is every member name and separator build writes, for sizing.
const bodyKeys = `"status":,"version":,"next":,"state":,"scores":{"totals":,"rounds":[]},"result":,"created_at":,"updated_at":}`

// quote is s as a JSON string, escaped exactly as encoding/json escapes it.
func quote(s string) []byte {
	b, _ := json.Marshal(s) // a string always marshals
	return b
}
