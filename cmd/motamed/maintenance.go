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

// runBackup: motamed backup --out FILE [--db PATH] copies a live database.
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
	store, err := openExisting(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer store.Close()
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
	store, err := openExisting(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer store.Close()
	rep, err := store.Check(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "integrity: %s\nmatches replayed: %d\nevents replayed: %d\n", rep.Integrity, rep.Matches, rep.Events)
	for _, p := range rep.Problems {
		fmt.Fprintln(stdout, "problem:", p)
	}
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
// should not create an empty one to back up or check).
func openExisting(ctx context.Context, path string) (*db.Store, error) {
	if _, err := statFile(path); err != nil {
		return nil, fmt.Errorf("database %s: %w", path, err)
	}
	return db.Open(ctx, db.Config{Path: path, Logger: slog.New(slog.DiscardHandler)}, all.Registry())
}
