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
	mu    sync.Mutex
	max   int
	items map[string]*encodedMatch
}

// encodedMatch is one match version's JSON, in pieces. It is never modified
// once stored, except for the bodies, each built once on first use.
type encodedMatch struct {
	version int64
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

func newEncodeCache(max int) *encodeCache {
	return &encodeCache{max: max, items: make(map[string]*encodedMatch, max)}
}

// get returns the encoding of m at its version, encoding what the cached
// previous version cannot lend.
func (c *encodeCache) get(m *db.Match) (*encodedMatch, error) {
	c.mu.Lock()
	prev := c.items[m.ID]
	c.mu.Unlock()
	if prev != nil && prev.version == m.Version {
		return prev, nil
	}
	e, err := encodeMatch(m, prev)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if cur, ok := c.items[m.ID]; !ok || cur.version < m.Version {
		if !ok && len(c.items) >= c.max {
			for k := range c.items { // drop an arbitrary entry: cheap and bounded
				delete(c.items, k)
				break
			}
		}
		c.items[m.ID] = e
	}
	return e, nil
}

// encodeMatch encodes m. prev, when it is m's previous version, lends its
// static pieces and every score row before its last one.
func encodeMatch(m *db.Match, prev *encodedMatch) (*encodedMatch, error) {
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

	rv := reflect.ValueOf(sc.Rounds)
	if rv.Kind() != reflect.Slice || rv.IsNil() {
		if e.rowsRaw, err = json.Marshal(sc.Rounds); err != nil {
			return nil, fmt.Errorf("rounds: %w", err)
		}
		return e, nil
	}
	n, keep := rv.Len(), 0
	if prev != nil && prev.version == m.Version-1 && prev.rows != nil {
		keep = max(0, min(len(prev.rows), n)-1)
	}
	e.rows = make([][]byte, n)
	if keep > 0 {
		copy(e.rows, prev.rows[:keep])
	}
	for i := keep; i < n; i++ {
		if e.rows[i], err = json.Marshal(rv.Index(i).Interface()); err != nil {
			return nil, fmt.Errorf("round %d: %w", i, err)
		}
	}
	return e, nil
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
	i := 0
	if lang == "fa" {
		i = 1
	}
	lb := &e.bodies[i]
	lb.once.Do(func() { lb.b = e.build(e.next[i]) })
	return lb.b
}

// build writes the body in MatchResponse's field order.
func (e *encodedMatch) build(next string) []byte {
	n := len(e.static.head) + len(e.static.seats) + len(e.state) + len(e.totals) + len(e.result) + len(e.rowsRaw) + len(next) + 256
	for _, r := range e.rows {
		n += len(r) + 1
	}
	b := make([]byte, 0, n)
	b = append(b, e.static.head...)
	b = append(b, `"status":`...)
	b = append(b, quote(e.status)...)
	b = append(b, ',')
	b = append(b, e.static.seats...)
	b = append(b, `"version":`...)
	b = strconv.AppendInt(b, e.version, 10)
	b = append(b, `,"next":`...)
	b = append(b, quote(next)...)
	b = append(b, `,"state":`...)
	b = append(b, e.state...)
	b = append(b, `,"scores":{"totals":`...)
	b = append(b, e.totals...)
	b = append(b, `,"rounds":`...)
	b = e.appendRounds(b)
	b = append(b, `},"result":`...)
	b = append(b, e.result...)
	b = append(b, `,"created_at":`...)
	b = append(b, e.static.created...)
	b = append(b, `,"updated_at":`...)
	b = append(b, e.updated...)
	return append(b, '}')
}

// appendRounds appends the score sheet as one JSON array.
func (e *encodedMatch) appendRounds(b []byte) []byte {
	if e.rows == nil {
		return append(b, e.rowsRaw...)
	}
	b = append(b, '[')
	for i, r := range e.rows {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, r...)
	}
	return append(b, ']')
}

// quote is s as a JSON string, escaped exactly as encoding/json escapes it.
func quote(s string) []byte {
	b, _ := json.Marshal(s) // a string always marshals
	return b
}
