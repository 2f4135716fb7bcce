package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules/all"
)

// runBackup: motamed backup --out FILE [--db PATH] copies a live SQLite
// database (a PostgreSQL database is backed up with pg_dump).
func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("motamed backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbPath := fs.String("db", env("MOTAMED_DB", "motamed.db"), "the database to copy (MOTAMED_DB)")
	out := fs.String("out", "", "the file to write; it must not exist")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("backup: --out FILE is required")
	}
	store, done, err := openForReading(ctx, *dbPath, "backup")
	if err != nil {
		return err
	}
	defer done()
	if err := store.Backup(ctx, *out); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed up %s to %s\n", *dbPath, *out)
	return nil
}

// runCheck: motamed check [--db PATH] verifies integrity and that every
// match replays to what is stored; it exits non-zero on any problem.
func runCheck(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("motamed check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbPath := fs.String("db", env("MOTAMED_DB", "motamed.db"), "the database to check (MOTAMED_DB)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	store, done, err := openForReading(ctx, *dbPath, "check")
	if err != nil {
		return err
	}
	defer done()
	rep, err := store.Check(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "integrity: %s\nmatches replayed: %d\nevents replayed: %d\n", rep.Integrity, rep.Matches, rep.Events)
	for _, p := range rep.Problems {
		fmt.Fprintln(stdout, "problem:", p)
	}
	gf, err := store.Grandfathered(ctx)
	if err != nil {
		return err
	}
	printGrandfathered(stdout, gf) // in force as accepted: not a problem
	if !rep.OK() {
		return fmt.Errorf("check: %d problem(s) found", len(rep.Problems)+btoi(rep.Integrity != "ok"))
	}
	fmt.Fprintln(stdout, "ok")
	return nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// openExisting opens a database that must already exist (a typo in --db
// should not create an empty SQLite file to back up, check or copy from; a
// PostgreSQL database is never created by Motamed).
func openExisting(ctx context.Context, dsn string) (*db.Store, error) {
	return openExistingWith(ctx, dsn, false)
}

// runMigrate: motamed migrate [--db DSN] applies the migrations the
// database lacks (creating a SQLite file if needed) and exits. Serving
// migrates too; this is for deployments that migrate as a separate step,
// for example before starting several instances on one PostgreSQL.
func runMigrate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("motamed migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dsn := fs.String("db", env("MOTAMED_DB", "motamed.db"), "the database: a SQLite file or a postgres:// URL (MOTAMED_DB)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	h, err := holdForMaintenance(ctx, *dsn, "migrate")
	if err != nil {
		return err
	}
	defer h.Release() //nolint:errcheck // the lock ends with the process too
	store, err := db.Open(ctx, db.Config{DSN: *dsn, KeyTTL: -1, Logger: slog.New(slog.DiscardHandler)}, all.Registry())
	if err != nil {
		return err
	}
	defer store.Close()
	applied, version := store.Migrations()
	fmt.Fprintf(stdout, "%s (%s): applied %d migration(s); schema version %d\n", db.Redact(*dsn), store.Engine(), applied, version)
	return nil
}

// runCopy: motamed copy --from DSN --to DSN copies every score-sheet game,
// player, league, token, match, seat, event, idempotency key, result and
// imported play (db.Copy) into an empty
// database (usually a SQLite file into PostgreSQL), in one transaction, then
// verifies it by replaying every match on both sides.
func runCopy(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("motamed copy", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "the database to copy from (sqlite:FILE, or a postgres:// URL); it must exist")
	to := fs.String("to", "", "the database to copy into (a postgres:// URL, or sqlite:FILE); migrated, and it must hold no data yet")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *from == "" || *to == "" {
		return errors.New("copy: --from and --to are required")
	}
	for _, dsn := range []string{*from, *to} {
		h, err := holdForMaintenance(ctx, dsn, "copy")
		if err != nil {
			return err
		}
		defer h.Release() //nolint:errcheck // the lock ends with the process too
	}
	src, err := openExisting(ctx, *from)
	if err != nil {
		return fmt.Errorf("copy: --from: %w", err)
	}
	defer src.Close()
	dst, err := db.Open(ctx, db.Config{DSN: *to, KeyTTL: -1, Logger: slog.New(slog.DiscardHandler)}, all.Registry())
	if err != nil {
		return fmt.Errorf("copy: --to: %w", err)
	}
	defer dst.Close()
	rep, err := db.Copy(ctx, src, dst)
	if rep != nil {
		for _, t := range rep.Tables {
			fmt.Fprintf(stdout, "%-18s %d rows\n", t.Table, t.Rows)
		}
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "copied %s (%s) into %s (%s)\nmatches replayed on both sides and equal: %d\nevents replayed: %d\nok\n",
		db.Redact(*from), src.Engine(), db.Redact(*to), dst.Engine(), rep.Matches, rep.Check.Events)
	return nil
}
