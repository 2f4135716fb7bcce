package db

import "testing"

func TestDialectSeam(t *testing.T) {
	q := `SELECT a FROM t WHERE x = ? AND y IN (?, ?)`
	if got := sqliteDialect.rebind(q); got != q {
		t.Errorf("sqlite rebind changed the query: %s", got)
	}
	if got, want := postgresDialect.rebind(q), `SELECT a FROM t WHERE x = $1 AND y IN ($2, $3)`; got != want {
		t.Errorf("postgres rebind: %s, want %s", got, want)
	}
	for dsn, want := range map[string][3]string{
		"motamed.db":         {"sqlite", "motamed.db", "motamed.db"},
		"sqlite:/var/m.db":   {"sqlite", "/var/m.db", "sqlite:/var/m.db"},
		"sqlite:///var/m.db": {"sqlite", "/var/m.db", "sqlite:///var/m.db"},
		"postgres://u:secret@h:5432/league?sslmode=disable":   {"postgres", "league", "postgres://u:xxxxx@h:5432/league?sslmode=disable"},
		"postgresql://u@h/db?password=secret&sslmode=require": {"postgres", "db", "postgresql://u@h/db?password=xxxxx&sslmode=require"},
		"POSTGRES://h": {"postgres", "postgres", "postgres://h"},
	} {
		if got := [3]string{Engine(dsn), DatabaseName(dsn), Redact(dsn)}; got != want {
			t.Errorf("%s: engine, name, redacted = %q, want %q", dsn, got, want)
		}
	}
}
