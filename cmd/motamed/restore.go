package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/motamed/motamed/db"
)

// runRestore: motamed restore --from FILE [--db PATH] puts a backup made by
// motamed backup in place of a SQLite database. The server must be stopped
// first: restore refuses while anything holds the database (see inuse.go). The backup is copied beside the database, checked (integrity, and
// every match replays to what is stored) and only then renamed into place;
// the database it replaces is kept beside it, renamed, never deleted.
func runRestore(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("motamed restore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "the backup file to restore (made by motamed backup)")
	dbPath := fs.String("db", env("MOTAMED_DB", "motamed.db"), "the database to replace (MOTAMED_DB); stop the server first")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *from == "" {
		return errors.New("restore: --from FILE is required")
	}
	if db.Engine(*dbPath) != "sqlite" {
		return errors.New("restore: a PostgreSQL database is restored with its own tools (pg_restore or psql)")
	}
	target := db.DatabaseName(*dbPath)
	if _, err := os.Stat(*from); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	// Nothing is touched until no server (or other command) has the
	// database open: a server would go on writing into the file renamed
	// away below, and what it acknowledged would be lost.
	h, err := holdForMaintenance(ctx, *dbPath, "restore")
	if err != nil {
		return err
	}
	defer h.Release() //nolint:errcheck // the lock ends with the process too
	staged := target + ".restoring"
	os.Remove(staged)
	if err := copyFile(*from, staged); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	defer removeDatabase(staged)
	rep, err := checkFile(ctx, staged)
	if err != nil {
		return fmt.Errorf("restore: %s is not a usable backup: %w", *from, err)
	}
	if !rep.OK() {
		return fmt.Errorf("restore: %s fails its check (integrity %q, %d problem(s)); nothing was changed", *from, rep.Integrity, len(rep.Problems))
	}
	var kept string
	if _, err := os.Stat(target); err == nil {
		kept = target + ".before-restore-" + time.Now().UTC().Format("20060102T150405Z")
		if err := os.Rename(target, kept); err != nil {
			return fmt.Errorf("restore: keeping the current database: %w", err)
		}
		for _, suffix := range []string{"-wal", "-shm"} {
			if _, err := os.Stat(target + suffix); err == nil {
				if err := os.Rename(target+suffix, kept+suffix); err != nil {
					return fmt.Errorf("restore: keeping the current database: %w", err)
				}
			}
		}
	}
	if err := os.Rename(staged, target); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	fmt.Fprintf(stdout, "restored %s from %s: %d matches and %d events checked\n", target, *from, rep.Matches, rep.Events)
	if kept != "" {
		fmt.Fprintf(stdout, "the database it replaced is kept as %s\n", kept)
	}
	return nil
}

// checkFile opens a SQLite database (migrating it to this version's
// schema), checks it and closes it, leaving no WAL file behind.
func checkFile(ctx context.Context, path string) (*db.CheckReport, error) {
	store, err := openExisting(ctx, path)
	if err != nil {
		return nil, err
	}
	rep, err := store.Check(ctx)
	if cerr := store.Close(); err == nil {
		err = cerr
	}
	return rep, err
}

// copyFile copies src to dst (which must not exist) and syncs it to disk.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// removeDatabase removes a SQLite file and its WAL and shared-memory files.
func removeDatabase(path string) {
	for _, suffix := range []string{"", "-wal", "-shm"} {
		os.Remove(path + suffix)
	}
}
