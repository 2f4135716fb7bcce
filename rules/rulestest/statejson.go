package rulestest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/motamed/motamed/rules"
)

// CheckStateJSON fails t unless st marshals, and, when st or a row of its
// score sheet writes its own JSON (rules.JSONAppender), unless AppendJSON
// appends exactly the bytes json.Marshal writes.
func CheckStateJSON(t testing.TB, st rules.State, where string) {
	t.Helper()
	checkAppendJSON(t, st, where)
	sheet := st.Scores().Rounds
	n, ok := rules.RowsLen(sheet)
	if !ok {
		return
	}
	checkAppendJSON(t, sheet, where+", score sheet")
	rows := reflect.ValueOf(rules.RowsSlice(sheet, 0, n))
	for i := 0; i < n; i++ {
		checkAppendJSON(t, rowAt(rows, i), fmt.Sprintf("%s, score sheet row %d", where, i+1))
	}
}

func checkAppendJSON(t testing.TB, v any, where string) {
	t.Helper()
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%s: json.Marshal: %v", where, err)
	}
	a, ok := v.(rules.JSONAppender)
	if !ok {
		return
	}
	prefix := []byte("prefix,")
	got, err := a.AppendJSON(bytes.Clone(prefix))
	if err != nil {
		t.Fatalf("%s: AppendJSON: %v", where, err)
	}
	if !bytes.HasPrefix(got, prefix) {
		t.Fatalf("%s: AppendJSON did not append to the slice it was given", where)
	}
	if got = got[len(prefix):]; !bytes.Equal(got, want) {
		n := 0
		for n < len(got) && n < len(want) && got[n] == want[n] {
			n++
		}
		t.Fatalf("%s: AppendJSON differs from json.Marshal at byte %d:\n got  ...%s\n want ...%s", where, n, excerpt(got, n), excerpt(want, n))
	}
}

func excerpt(b []byte, at int) string {
	from, to := max(0, at-60), min(len(b), at+60)
	return string(b[from:to])
}

// rowAt is row i of a score sheet as a value whose methods include a pointer
// receiver's AppendJSON: the element itself when it is a pointer, else its
// address.
func rowAt(rows reflect.Value, i int) any {
	row := rows.Index(i)
	if row.Kind() != reflect.Pointer && row.CanAddr() {
		return row.Addr().Interface()
	}
	return row.Interface()
}
