package db

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/motamed/motamed/rules"
	"github.com/motamed/motamed/rules/rulestest"
	"github.com/motamed/motamed/rules/sheet"
)

func init() {
	register(
		conformanceCase{name: "CopyCoversTheSchema", fn: testCopyCoversTheSchema},
		conformanceCase{name: "CopyKeepsEveryRow", fn: testCopyKeepsEveryRow},
	)
}

// schemaColumns lists the tables of s's schema with their columns, in the
// order the schema has them.
func schemaColumns(t *testing.T, s *Store) map[string][]string {
	t.Helper()
	q := `SELECT m.name, c.name FROM sqlite_master m, pragma_table_info(m.name) c
		WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, c.cid`
	if s.d.engine == enginePostgres {
		q = `SELECT table_name, column_name FROM information_schema.columns
			WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`
	}
	rows, err := s.read.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string][]string{}
	for rows.Next() {
		var table, col string
		if err := rows.Scan(&table, &col); err != nil {
			t.Fatal(err)
		}
		out[table] = append(out[table], col)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// Every table of the schema is copied with all its columns, or declared
// derived: a table or column added by a migration and forgotten by Copy
// fails here, on each engine.
func testCopyCoversTheSchema(t *testing.T, e *testEngine) {
	schema := schemaColumns(t, e.open(t))
	if len(schema) == 0 {
		t.Fatal("no tables listed")
	}
	copied := map[string][]string{}
	for _, c := range copyTables {
		copied[c.name] = c.cols
		if _, ok := schema[c.name]; !ok {
			t.Errorf("copy names %s, which the schema does not have", c.name)
		}
		for col := range c.times {
			if !slices.Contains(c.cols, col) {
				t.Errorf("%s: time column %s is not copied", c.name, col)
			}
		}
	}
	for table, cols := range schema {
		if _, derived := derivedTables[table]; derived {
			continue
		}
		want, ok := copied[table]
		if !ok {
			t.Errorf("table %s is neither copied nor declared derived (copyTables, derivedTables in copy.go)", table)
			continue
		}
		for _, col := range cols {
			if !slices.Contains(want, col) {
				t.Errorf("column %s.%s is not copied", table, col)
			}
		}
		for _, col := range want {
			if !slices.Contains(cols, col) {
				t.Errorf("copy names %s.%s, which the schema does not have", table, col)
			}
		}
	}
}

// fillEveryTable puts into s a row in every copied table and a value in
// every column of them that may hold NULL, through the store's own writes:
// what fillForCopy holds, a score-sheet game with plays imported from BG
// Stats into a league then archived, tokens used and created by a token,
// players created by a token and merged, a match with a voided event and
// what is not play, abandoned.
func fillEveryTable(t *testing.T, s *Store) {
	t.Helper()
	ctx := context.Background()
	fillForCopy(t, s)

	tok, err := s.CreateToken(ctx, NewSecret(), RoleAdmin, "", "desk", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.TouchToken(ctx, tok.ID, time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	mina, err := s.AddPlayer(ctx, "Mina", true, tok.ID)
	if err != nil {
		t.Fatal(err)
	}
	twice, err := s.AddPlayer(ctx, "مینا", true, tok.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.MergePlayer(ctx, twice.ID, mina.ID); err != nil {
		t.Fatal(err)
	}

	if _, err := s.CreateSheetGame(ctx, sheet.Definition{ID: "golf", Name: "Golf", MinPlayers: 2, MaxPlayers: 4, Rounds: &sheet.Rounds{}}); err != nil {
		t.Fatal(err)
	}
	l, err := s.CreateLeague(ctx, "Golf nights", "golf", nil, Public)
	if err != nil {
		t.Fatal(err)
	}
	imp := golfImport(l.ID, mina.ID, 2)
	imp.TokenID = tok.ID
	seat := 1
	imp.Plays[0].Source = &MatchSource{Source: SourceBGStats, SourceID: "bg-1", PlayDate: "2024-01-01 18:00:00", DurationMin: 45, StartSeat: &seat, Comments: "close game"}
	if _, err := s.Import(ctx, imp); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateToken(ctx, NewSecret(), RoleScorer, l.ID, "table 1", tok.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SetLeagueArchived(ctx, l.ID, true); err != nil {
		t.Fatal(err)
	}

	m, err := s.CreateMatch(ctx, NewMatch{Game: "counter", CreatedBy: tok.ID, Players: []string{mina.ID, imp.Players[0].ID}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{mina.ID, imp.Players[0].ID} {
		if _, err := s.Append(ctx, m.ID, add(p, 1), AppendOptions{TokenID: tok.ID}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Void(ctx, m.ID, 2, AppendOptions{TokenID: tok.ID}); err != nil {
		t.Fatal(err)
	}
	table, place, notes := "Table 3", "Cafe Dorna", "rematch"
	played := time.Date(2026, 3, 1, 19, 30, 0, 0, time.UTC)
	for _, ch := range []MatchChange{{Table: &table, Location: &place, Notes: &notes, PlayedAt: &played}, {Status: StatusAbandoned}} {
		if _, err := s.UpdateMatch(ctx, m.ID, ch, AppendOptions{TokenID: tok.ID}); err != nil {
			t.Fatal(err)
		}
	}
}

// tableRows reads every row of a copied table in its order, each value as
// text; with instants, times are read as the instant they name, so that
// the two engines' forms of one time compare equal.
func tableRows(t *testing.T, s *Store, table string, instants bool) [][]string {
	t.Helper()
	c := copyTables[slices.IndexFunc(copyTables, func(c copiedTable) bool { return c.name == table })]
	rows, err := s.read.Query(`SELECT ` + strings.Join(c.cols, ", ") + ` FROM ` + table + ` ORDER BY ` + c.order)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out [][]string
	vals := make([]any, len(c.cols))
	ptrs := make([]any, len(c.cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		row := make([]string, len(vals))
		for i, v := range vals {
			switch x := v.(type) {
			case nil:
				row[i] = "NULL"
			case []byte:
				row[i] = string(x)
			case time.Time:
				row[i] = formatTime(x)
			default:
				row[i] = fmt.Sprint(x)
			}
			if instants && c.times[c.cols[i]] != 0 && v != nil {
				row[i] = formatTime(parseTime(row[i]))
			}
		}
		out = append(out, row)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// sameRows fails t where a copied table of b differs from a's.
func sameRows(t *testing.T, what string, a, b *Store, instants bool) {
	t.Helper()
	for _, c := range copyTables {
		x, y := tableRows(t, a, c.name, instants), tableRows(t, b, c.name, instants)
		if !reflect.DeepEqual(x, y) {
			t.Errorf("%s: %s differs:\n  %v\n  %v", what, c.name, x, y)
		}
	}
}

// A copy keeps every row of every copied table as it was, value for value,
// from SQLite into e and back into SQLite; a SQLite database that went
// through PostgreSQL and back is the same to the letter.
func testCopyKeepsEveryRow(t *testing.T, e *testEngine) {
	ctx := context.Background()
	// PostgreSQL keeps times to the microsecond: times of that precision
	// come back to SQLite as they left. (No janitor, which would read the
	// clock while it is set.)
	src, err := Open(ctx, Config{DSN: filepath.Join(t.TempDir(), "src.db"), KeyTTL: -1}, rules.NewRegistry(rulestest.Counter()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { src.Close() })
	src.clock = func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }
	fillEveryTable(t, src)
	for _, c := range copyTables {
		if countRows(t, src, c.name) == 0 {
			t.Errorf("%s is empty: the copy of it is not tried", c.name)
		}
		for _, col := range c.cols {
			var n int
			if err := src.read.QueryRow(`SELECT COUNT(*) FROM ` + c.name + ` WHERE ` + col + ` IS NOT NULL`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n == 0 {
				t.Errorf("%s.%s is NULL in every row: the copy of its values is not tried", c.name, col)
			}
		}
	}

	dst := e.open(t)
	if _, err := Copy(ctx, src, dst); err != nil {
		t.Fatal(err)
	}
	sameRows(t, "copy", src, dst, true)
	if ids, err := dst.ImportedPlays(ctx, tableRows(t, src, "imported_plays", false)[0][0]); err != nil || len(ids) != 2 {
		t.Fatalf("imported plays on the copy: %v %v", ids, err)
	}
	if _, ok := dst.game(ctx, "golf"); !ok {
		t.Fatal("the score-sheet game is not offered on the copy")
	}

	back := openTest(t, "")
	if _, err := Copy(ctx, dst, back); err != nil {
		t.Fatal(err)
	}
	sameRows(t, "copy back", src, back, false)
}

// A backup keeps every row of every copied table to the letter, and the
// tables a copy leaves out too.
func TestBackupKeepsEveryRow(t *testing.T) {
	ctx := context.Background()
	src := openTest(t, "")
	fillEveryTable(t, src)
	out := filepath.Join(t.TempDir(), "backup.db")
	if err := src.Backup(ctx, out); err != nil {
		t.Fatal(err)
	}
	b := openTest(t, out)
	sameRows(t, "backup", src, b, false)
	schema := schemaColumns(t, src)
	for table := range derivedTables {
		if _, ok := schema[table]; !ok {
			continue // another engine's
		}
		if x, y := countRows(t, src, table), countRows(t, b, table); x != y {
			t.Errorf("backup: %s has %d rows, had %d", table, y, x)
		}
	}
}
