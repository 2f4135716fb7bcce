package api

import (
	"encoding/base64"
	"encoding/json"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules"
)

// Page sizes of every list.
const (
	defaultLimit = 50
	maxLimit     = 200
)

// cursor is a position in one list, as handed to clients: opaque base64 of
// the list's name, the filters it was asked with and the key of its last
// row. A cursor is only good for the list and filters it came from.
type cursor struct {
	List    string   `json:"l"`
	Filters string   `json:"f"`
	Key     []string `json:"k"`
}

func (k cursor) encode() string {
	b, _ := json.Marshal(k)
	return base64.RawURLEncoding.EncodeToString(b)
}

// errBadCursor is the 400 of a cursor this list did not hand out.
func errBadCursor() error {
	return rules.Invalid("cursor", "is not a cursor of this list with these filters: start again without a cursor")
}

// pageOf reads ?limit= and ?cursor= for the list named list with filters
// (the query's filter values, in a fixed order).
func pageOf(c echo.Context, list string, filters ...string) (db.Page, error) {
	p := db.Page{Limit: defaultLimit}
	if v := c.QueryParam("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxLimit {
			return p, rules.Invalid("limit", "must be a whole number from 1 to 200")
		}
		p.Limit = n
	}
	raw := c.QueryParam("cursor")
	if raw == "" {
		return p, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(raw)
	if err != nil || len(raw) > 1000 {
		return p, errBadCursor()
	}
	var k cursor
	if err := json.Unmarshal(b, &k); err != nil || k.List != list || k.Filters != filterKey(filters) || len(k.Key) == 0 {
		return p, errBadCursor()
	}
	p.After = k.Key
	return p, nil
}

// nextCursor is the cursor of the page after the one that ended at key, or
// nil when there is none.
func nextCursor(key []string, list string, filters ...string) *string {
	if key == nil {
		return nil
	}
	s := cursor{List: list, Filters: filterKey(filters), Key: key}.encode()
	return &s
}

func filterKey(filters []string) string {
	b, _ := json.Marshal(filters)
	return string(b)
}

// readerOf is what private leagues the caller may read.
func readerOf(c echo.Context) db.Reader {
	t := principal(c)
	switch {
	case t == nil:
		return db.Reader{}
	case t.Role == db.RoleAdmin:
		return db.Reader{All: true}
	default:
		return db.Reader{LeagueID: t.LeagueID}
	}
}
