package api

import (
	"database/sql"

	_ "modernc.org/sqlite"
)

// sqlOpenRO opens the test database read-only, to count what was stored.
func sqlOpenRO(path string) (*sql.DB, error) {
	return sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(5000)")
}

// sqlOpenRW opens a test database to change it behind the server's back.
func sqlOpenRW(path string) (*sql.DB, error) {
	return sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
}
