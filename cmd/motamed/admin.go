package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"

	"github.com/motamed/motamed/db"
)

// bootstrapAdmin makes sure someone can administer the server. With
// MOTAMED_ADMIN_TOKEN set, that secret is (or becomes) an admin token. On a
// database without any token, a fresh admin token is created, printed once
// on stdout, and written to PATH.admin-token readable only by its owner, so
// scripts (and the README's curl session) can read it. The secret never
// goes to the logs; only its hash is stored.
func bootstrapAdmin(ctx context.Context, store *db.Store, dbPath string, stdout io.Writer, log *slog.Logger) error {
	if secret := os.Getenv("MOTAMED_ADMIN_TOKEN"); secret != "" {
		if len(secret) < 16 {
			return fmt.Errorf("MOTAMED_ADMIN_TOKEN must be at least 16 characters")
		}
		if err := store.EnsureAdminToken(ctx, secret); err != nil {
			return fmt.Errorf("admin token: %w", err)
		}
		log.Info("admin token taken from MOTAMED_ADMIN_TOKEN")
		return nil
	}
	n, err := store.CountTokens(ctx)
	if err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	secret := db.NewSecret()
	if _, err := store.CreateToken(ctx, secret, db.RoleAdmin, "", "first admin", ""); err != nil {
		return fmt.Errorf("admin token: %w", err)
	}
	file := adminTokenFile(dbPath)
	if err := writeSecretFile(file, secret); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Motamed created an admin token (shown only this once; also saved in %s):\n%s\n", file, secret)
	log.Info("admin token created", "file", file)
	return nil
}

// adminTokenFile is PATH.admin-token beside a SQLite database, or
// NAME.admin-token in the working directory for a PostgreSQL database NAME.
func adminTokenFile(dbPath string) string { return db.DatabaseName(dbPath) + ".admin-token" }

// writeSecretFile writes secret to path with mode 0600, replacing any file
// there (left by an earlier database of the same name).
func writeSecretFile(path, secret string) error {
	_ = os.Remove(path)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("admin token file: %w", err)
	}
	if _, err := f.WriteString(secret + "\n"); err != nil {
		f.Close()
		return fmt.Errorf("admin token file: %w", err)
	}
	return f.Close()
}
