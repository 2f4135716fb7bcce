package api

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/jsonw"
)

// encodeCache keeps the JSON of the latest version of recently served
// matches. A match body is mostly its score sheet, and a version never
// changes once made, so each version is encoded once and reused by every
// read, stream and page of it. A new version reuses the previous one's rows:
// only a sheet's last row may change (rules.Scores), so an event costs the
// encoding of one or two rows however long the match has run.
//
// Finished matches have a budget of their own, an eighth of the bytes: a
// busy tournament finishes thousands an hour, each is read a few times at
// most, and a cache full of them only makes the heap larger, which makes
// the collector run more often (see db's state cache). One read again
// after it left is encoded once more.
type encodeCache struct {
	mu           sync.Mutex
	max          int   // entries
	maxBytes     int64 // total size of the bodies kept
	maxDoneBytes int64 // the finished matches' share of it
	bytes        int64
	doneBytes    int64
	items        map[string]*encodedMatch
}

// encodedMatch is one match version's JSON, in pieces that are written
// one after the other into each answer's buffer. Each score row is its own
// small slice, encoded once and shared by every later version that keeps
// it, so an entry holds one copy of its JSON and a new version allocates
// only what changed. It is never modified once stored.
type encodedMatch struct {
	version  int64
	size     int64 // bytes of the pieces, for the cache's bound
	finished bool
	static   *matchStatic
	status   []byte // quoted
	state    []byte
	totals   []byte
	rows     [][]byte // each score row; nil when rowsRaw holds the whole sheet
	rowsRaw  []byte   // a sheet that is not a list (or is null), as encoded
	result   []byte
	tail     []byte    // from ,"table": to the closing brace (MatchTimes)
	next     [2][]byte // the quoted "next" text in English and Persian
}

// matchStatic is what a match body repeats at every version.
type matchStatic struct {
	head    []byte // {"id":...,"game":...,"league_id":...,
	seats   []byte // "players":[...],"options":{...},
	created []byte // the quoted created_at
}

// newEncodeCache keeps at most max matches and about maxBytes of JSON.
func newEncodeCache(maxEntries int, maxBytes int64) *encodeCache {
	return &encodeCache{max: maxEntries, maxBytes: maxBytes, maxDoneBytes: maxBytes / 8, items: make(map[string]*encodedMatch, maxEntries)}
}

// get returns the encoding of m at its version, encoding what the cached
// previous version cannot lend.
func (c *encodeCache) get(m *db.Match) (*encodedMatch, error) {
	e, err := c.prepare(m)
	if err != nil {
		return nil, err
	}
	c.keep(m.ID, e)
	return e, nil
}

// prepare returns the encoding of m at its version without keeping a new
// one: an append encodes its answer while its commit is under way, and
// keeps it only once the version is durable.
func (c *encodeCache) prepare(m *db.Match) (*encodedMatch, error) {
	c.mu.Lock()
	prev := c.items[m.ID]
	c.mu.Unlock()
	if prev != nil && prev.version == m.Version {
		return prev, nil
	}
	return encodeMatch(m, prev)
}

// keep stores e as match id's latest encoding, unless a later version is
// already there.
func (c *encodeCache) keep(id string, e *encodedMatch) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cur, ok := c.items[id]
	if ok && cur.version >= e.version {
		return
	}
	if ok {
		c.forget(id, cur)
	}
	c.items[id] = e
	c.bytes += e.size
	if e.finished {
		c.doneBytes += e.size
	}
	// Drop arbitrary other entries (cheap, and fair enough for a cache of
	// the latest versions) until the bounds hold: finished ones while they
	// are over their budget, then any.
	for k, v := range c.items {
		overAll := len(c.items) > c.max || c.bytes > c.maxBytes
		overDone := c.doneBytes > c.maxDoneBytes
		if !overAll && !overDone {
			break
		}
		if k != id && (overAll || v.finished) {
			c.forget(k, v)
		}
	}
}

// drop removes match id's encoding: the match changed without a new
// version (a player renamed or merged).
func (c *encodeCache) drop(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.items[id]; ok {
		c.forget(id, v)
	}
}

// clear removes every encoding: matches may have changed without a new
// version where this process did not hear of it.
func (c *encodeCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for id, v := range c.items {
		c.forget(id, v)
	}
}

// forget removes the entry v of match id; the caller holds mu.
func (c *encodeCache) forget(id string, v *encodedMatch) {
	delete(c.items, id)
	c.bytes -= v.size
	if v.finished {
		c.doneBytes -= v.size
	}
}

// encodeMatch encodes m. prev, when it is m's previous version, lends its
// static pieces and every score row before its last one. What a version
// adds is written into one scratch buffer and copied out once, at its exact
// size: the pieces are slices of that one copy.
func encodeMatch(m *db.Match, prev *encodedMatch) (*encodedMatch, error) {
	e := &encodedMatch{version: m.Version, finished: m.Status == db.StatusFinished}
	if m.Rewritten {
		// A correction in the middle of the log: rows before the last one
		// may have changed, so nothing is borrowed.
		prev = nil
	}
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
	bp := appendScratch.Get().(*[]byte)
	defer appendScratch.Put(bp)
	b := (*bp)[:0]
	var ends [7]int // where each of the pieces below ends in b
	b, err := appendValue(b, m.State)
	if err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	ends[0] = len(b)
	sc := m.State.Scores()
	b = jsonw.IntMap(b, sc.Totals)
	ends[1] = len(b)
	b = appendResult(b, m.State.Result())
	ends[2] = len(b)
	b = jsonw.String(b, m.Status)
	ends[3] = len(b)
	b, err = appendTail(b, m)
	if err != nil {
		return nil, err
	}
	ends[4] = len(b)
	next := m.State.Next()
	b = jsonw.String(b, next.In("en"))
	ends[5] = len(b)
	b = jsonw.String(b, next.In("fa"))
	ends[6] = len(b)
	var rowEndsBuf [4]int
	b, rowEnds, err := e.appendRows(b, rowEndsBuf[:0], sc.Rounds, prev)
	if err != nil {
		return nil, err
	}
	if cap(b) <= 64<<10 {
		*bp = b[:0]
	}

	all := slices.Clone(b)
	piece := func(from, to int) []byte { return all[from:to:to] }
	e.state = piece(0, ends[0])
	e.totals = piece(ends[0], ends[1])
	e.result = piece(ends[1], ends[2])
	e.status = piece(ends[2], ends[3])
	e.tail = piece(ends[3], ends[4])
	e.next = [2][]byte{piece(ends[4], ends[5]), piece(ends[5], ends[6])}
	from := ends[6]
	if e.rows == nil {
		e.rowsRaw = piece(from, len(all))
	}
	for i, end := range rowEnds {
		e.rows[len(e.rows)-len(rowEnds)+i] = piece(from, end)
		from = end
	}
	e.size = int64(e.length(0))
	return e, nil
}

// appendScratch holds the buffers a version's pieces are written into
// before they are copied out at their exact size (an entry keeps its bytes
// for as long as it is cached, so spare capacity would be kept too).
var appendScratch = sync.Pool{New: func() any { b := make([]byte, 0, 8<<10); return &b }}

// appendValue appends v's JSON: by v itself when it is a rules.JSONAppender
// (a state, or a row of a score sheet: the same bytes without reflection),
// else by encoding/json.
func appendValue(b []byte, v any) ([]byte, error) {
	if a, ok := v.(rules.JSONAppender); ok {
		return a.AppendJSON(b)
	}
	j, err := json.Marshal(v)
	return append(b, j...), err
}

// appendTime appends t as its quoted JSON string (RFC 3339 text needs no
// escaping).
func appendTime(b []byte, t time.Time) []byte {
	b = append(b, '"')
	b = t.UTC().AppendFormat(b, time.RFC3339Nano)
	return append(b, '"')
}

// appendRows sets e.rows to the score sheet's rows, lending prev's rows
// before its last one, and appends the JSON of the others to b and where
// each of them ends in b to rowEnds. A sheet that is not a list (or has no
// rows) is appended whole, and e.rows is left nil.
func (e *encodedMatch) appendRows(b []byte, rowEnds []int, rounds any, prev *encodedMatch) (_ []byte, _ []int, err error) {
	n, list := rules.SheetLen(rounds)
	if !list || n == 0 {
		j, err := json.Marshal(rounds)
		if err != nil {
			return nil, nil, fmt.Errorf("rounds: %w", err)
		}
		return append(b, j...), nil, nil
	}
	keep := 0
	if prev != nil && prev.version == e.version-1 && prev.rows != nil {
		keep = max(0, min(len(prev.rows), n)-1)
	}
	e.rows = make([][]byte, n)
	copy(e.rows, prev.rowsBefore(keep))
	rv := reflect.ValueOf(rules.SheetSlice(rounds, keep, n))
	for i := keep; i < n; i++ {
		if b, err = appendValue(b, rules.RowAt(rv, i-keep)); err != nil {
			return nil, nil, fmt.Errorf("round %d: %w", i, err)
		}
		rowEnds = append(rowEnds, len(b))
	}
	return b, rowEnds, nil
}

// rowsBefore is e's first n rows (none for a nil e).
func (e *encodedMatch) rowsBefore(n int) [][]byte {
	if e == nil || n == 0 {
		return nil
	}
	return e.rows[:n]
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
	seats, err := json.Marshal(struct {
		Players []SeatResponse  `json:"players"`
		Options json.RawMessage `json:"options"`
	}{seatResponses(m), m.Options})
	if err != nil {
		return nil, err
	}
	// Both are objects: keep their members and drop the braces, to splice
	// them into the body.
	head[len(head)-1] = ','
	seats[len(seats)-1] = ','
	return &matchStatic{head: head, seats: seats[1:], created: quote(timeString(m.CreatedAt))}, nil
}

// appendTail appends the end of m's body: its labels and times
// (MatchTimes) and the closing brace, after a comma.
func appendTail(b []byte, m *db.Match) ([]byte, error) {
	j, err := json.Marshal(matchTimesOf(m))
	if err != nil {
		return b, err
	}
	b = append(b, ',')
	return append(b, j[1:]...), nil
}

// length is a little more than the size of the body appendBody writes in
// language i (it allows for the longest version number).
func (e *encodedMatch) length(i int) int {
	return len(e.static.head) + len(e.static.seats) + len(e.tail) + len(e.status) + len(e.next[i]) +
		len(e.state) + len(e.totals) + len(e.result) + len(bodyKeys) + e.roundsLength()
}

func (e *encodedMatch) roundsLength() int {
	if e.rows == nil {
		return len(e.rowsRaw)
	}
	n := 2 + max(len(e.rows)-1, 0)
	for _, r := range e.rows {
		n += len(r)
	}
	return n
}

// appendBody appends the match body (MatchResponse, in its field order)
// in lang to b.
func (e *encodedMatch) appendBody(b []byte, lang string) []byte {
	i := langIndex(lang)
	b = slices.Grow(b, e.length(i))
	b = append(b, e.static.head...)
	b = append(b, `"status":`...)
	b = append(b, e.status...)
	b = append(b, ',')
	b = append(b, e.static.seats...)
	b = append(b, `"version":`...)
	b = strconv.AppendInt(b, e.version, 10)
	b = append(b, `,"next":`...)
	b = append(b, e.next[i]...)
	b = append(b, `,"state":`...)
	b = append(b, e.state...)
	b = append(b, `,"scores":{"totals":`...)
	b = append(b, e.totals...)
	b = append(b, `,"rounds":`...)
	b = e.appendRounds(b)
	b = append(b, `},"result":`...)
	b = append(b, e.result...)
	return append(b, e.tail...)
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

// bodyKeys is every member name and separator appendBody writes besides
// the pieces, and room for the version number, for sizing.
const bodyKeys = `"status":,,"version":,"next":,"state":,"scores":{"totals":,"rounds":},"result":` + "-9223372036854775808"

// quote is s as a JSON string, escaped exactly as encoding/json escapes it.
func quote(s string) []byte { return jsonw.String(make([]byte, 0, len(s)+2), s) }
