package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/motamed/motamed/db"
	"github.com/motamed/motamed/rules/all"
)

// The offline maintenance commands (restore, migrate, copy) take their
// database exclusively before touching anything and refuse while a server
// or another such command has it open: a server keeps writing into the
// file it opened, so anything it acknowledged after a restore would be
// lost. The server holds the lock for as long as it runs (see
// db.HoldForServing). A new command that changes a database offline
// takes it the same way, with holdForMaintenance.

// holdForMaintenance takes the database dsn for the command what, or says
// who has it and how to stop it.
func holdForMaintenance(ctx context.Context, dsn, what string) (*db.Hold, error) {
	h, err := db.HoldForMaintenance(ctx, dsn, what)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return h, nil
}

// openForReading opens an existing database for a command that only reads
// it (backup, check). When nothing holds the database the command holds
// it, and may migrate it as any open does. Beside a running server it
// reads without the lock (SQLite's own locking keeps a backup consistent
// and a check's reads safe) but never migrates a database under a server:
// an older server would then run on a schema it does not know. close ends
// both.
func openForReading(ctx context.Context, dsn, what string) (store *db.Store, close func(), err error) {
	h, err := db.HoldForMaintenance(ctx, dsn, what)
	var inUse *db.InUseError
	switch {
	case errors.As(err, &inUse) && (inUse.Holder == "" || inUse.Holder == "server"):
		store, err = openExistingWith(ctx, dsn, true)
		if errors.Is(err, db.ErrSchemaBehind) {
			return nil, nil, fmt.Errorf("%s: %w; a running server of an older version has the database open: run that version's motamed %s, or stop the server first", what, err, what)
		}
	case err != nil:
		return nil, nil, fmt.Errorf("%s: %w", what, err)
	default:
		store, err = openExisting(ctx, dsn)
	}
	if err != nil {
		h.Release() //nolint:errcheck // nothing was done under it
		return nil, nil, err
	}
	return store, func() {
		store.Close()
		h.Release() //nolint:errcheck // the lock ends with the process too
	}, nil
}

// openExistingWith is openExisting, refusing a database that lacks a
// migration when noMigrate is set.
func openExistingWith(ctx context.Context, dsn string, noMigrate bool) (*db.Store, error) {
	if db.Engine(dsn) == "sqlite" {
		if _, err := statFile(db.DatabaseName(dsn)); err != nil {
			return nil, fmt.Errorf("database %s: %w", dsn, err)
		}
	}
	return db.Open(ctx, db.Config{DSN: dsn, KeyTTL: -1, NoMigrate: noMigrate, Logger: slog.New(slog.DiscardHandler)}, all.Registry())
}
