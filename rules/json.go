package rules

import (
	"reflect"

	"github.com/motamed/motamed/rules/jsonw"
)

// The writers below are the shared values of the games' JSONAppenders.

// AppendJSON appends t as json.Marshal writes it.
func (t Text) AppendJSON(b []byte) []byte {
	b = append(b, `{"en":`...)
	b = jsonw.String(b, t.EN)
	if t.FA != "" {
		b = append(b, `,"fa":`...)
		b = jsonw.String(b, t.FA)
	}
	return append(b, '}')
}

// AppendPlayers appends a list of seated players as json.Marshal writes it.
func AppendPlayers(b []byte, players []Player) []byte {
	return jsonw.List(b, players, func(p *Player, b []byte) []byte {
		b = append(b, `{"id":`...)
		b = jsonw.String(b, p.ID)
		b = append(b, `,"name":`...)
		b = jsonw.String(b, p.Name)
		return append(b, '}')
	})
}

// RowsLen is how many score rows (Scores.Rounds) a state has; ok is false
// when they are not a list (a slice or a Rows).
func RowsLen(rounds any) (n int, ok bool) {
	if r, ok := rounds.(Rows); ok {
		return r.Len(), true
	}
	if v := reflect.ValueOf(rounds); v.Kind() == reflect.Slice {
		return v.Len(), true
	}
	return 0, false
}

// RowsSlice is score rows i to j-1 of a list of them (RowsLen), as a
// slice.
func RowsSlice(rounds any, i, j int) any {
	if r, ok := rounds.(Rows); ok {
		return r.Slice(i, j)
	}
	return reflect.ValueOf(rounds).Slice(i, j).Interface()
}
