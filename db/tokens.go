package db

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base32"
	"encoding/hex"
	"errors"
	"strings"
)

// Roles a token can have.
const (
	RoleAdmin  = "admin"
	RoleOwner  = "owner"
	RoleScorer = "scorer"
	RoleViewer = "viewer"
)

// Token is a bearer token's record. The secret itself is never stored.
type Token struct {
	ID        string
	Role      string
	LeagueID  string // empty for admin
	Label     string
	CreatedBy string
	CreatedAt string
	Revoked   bool
	// LastUsedAt is when the token was last used, kept to within
	// TokenUseGranularity; empty if it has not been used since.
	LastUsedAt string
}

// NewSecret returns a fresh bearer token secret ("mtd_" + 32 random bytes).
func NewSecret() string {
	var b [32]byte
	_, _ = rand.Read(b[:])
	return "mtd_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))
}

// HashSecret is what is stored and looked up for a secret: its digest
// (SecretDigest) in hex.
func HashSecret(secret string) string {
	h := SecretDigest(secret)
	return hex.EncodeToString(h[:])
}

// SecretDigest is a secret's SHA-256 digest, for keeping a secret's token
// in memory without its text.
func SecretDigest(secret string) [sha256.Size]byte { return sha256.Sum256([]byte(secret)) }

// CreateToken stores a token for secret (only its hash is kept).
func (s *Store) CreateToken(ctx context.Context, secret, role, leagueID, label, createdBy string) (*Token, error) {
	t := &Token{ID: newID("tk_"), Role: role, LeagueID: leagueID, Label: label, CreatedBy: createdBy, CreatedAt: formatTime(s.now())}
	err := s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO tokens(id, hash, role, league_id, label, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`),
			t.ID, HashSecret(secret), t.Role, nullable(t.LeagueID), t.Label, nullable(t.CreatedBy), t.CreatedAt)
		return err
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

// TokenByHash finds a live (not revoked) token by the hash of its secret.
func (s *Store) TokenByHash(ctx context.Context, hash string) (*Token, error) {
	t, err := s.scanToken(s.read.QueryRowContext(ctx, s.d.rebind(`SELECT id, role, league_id, label, created_by, created_at, revoked_at IS NOT NULL, last_used_at
		FROM tokens WHERE hash = ?`), hash))
	if err != nil {
		return nil, err
	}
	if t.Revoked {
		return nil, notFound("token", "")
	}
	return t, nil
}

// GetToken returns a token by ID (revoked ones too).
func (s *Store) GetToken(ctx context.Context, id string) (*Token, error) {
	t, err := s.scanToken(s.read.QueryRowContext(ctx, s.d.rebind(`SELECT id, role, league_id, label, created_by, created_at, revoked_at IS NOT NULL, last_used_at
		FROM tokens WHERE id = ?`), id))
	if errors.Is(err, ErrNotFound) {
		return nil, notFound("token", id)
	}
	return t, err
}

// ListTokens lists the tokens of a league, or every token when leagueID is
// empty.
func (s *Store) ListTokens(ctx context.Context, leagueID string) ([]Token, error) {
	q := `SELECT id, role, league_id, label, created_by, created_at, revoked_at IS NOT NULL, last_used_at FROM tokens`
	var args []any
	if leagueID != "" {
		q += ` WHERE league_id = ?`
		args = append(args, leagueID)
	}
	rows, err := s.read.QueryContext(ctx, s.d.rebind(q+` ORDER BY created_at, id`), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Token
	for rows.Next() {
		t, err := s.scanToken(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *t)
	}
	return out, rows.Err()
}

// RevokeToken marks a token revoked; it stops working at once.
func (s *Store) RevokeToken(ctx context.Context, id string) error {
	return s.updateOne(ctx, "token", id, `UPDATE tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`, formatTime(s.now()), id)
}

// CountTokens counts every token ever made (revoked included).
func (s *Store) CountTokens(ctx context.Context) (int, error) {
	var n int
	err := s.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM tokens`).Scan(&n)
	return n, err
}

// EnsureAdminToken makes secret a live admin token if it is not one yet.
// Several instances starting at once with the same secret all succeed: the
// insert is an upsert on the hash that does nothing when the token exists.
// A secret whose token was revoked stays revoked and is an error.
func (s *Store) EnsureAdminToken(ctx context.Context, secret string) error {
	hash := HashSecret(secret)
	if _, err := s.TokenByHash(ctx, hash); err == nil {
		return nil
	}
	err := s.w.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO tokens(id, hash, role, label, created_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (hash) DO NOTHING`), newID("tk_"), hash, RoleAdmin, "admin (from MOTAMED_ADMIN_TOKEN)", formatTime(s.now()))
		return err
	})
	if err != nil {
		return err
	}
	t, err := s.scanToken(s.read.QueryRowContext(ctx, s.d.rebind(`SELECT id, role, league_id, label, created_by, created_at, revoked_at IS NOT NULL, last_used_at
		FROM tokens WHERE hash = ?`), hash))
	if err != nil {
		return err
	}
	if t.Revoked || t.Role != RoleAdmin {
		return errors.New("db: that admin secret belongs to a revoked or non-admin token")
	}
	return nil
}

type rowScanner interface{ Scan(dest ...any) error }

func (s *Store) scanToken(r rowScanner) (*Token, error) {
	var t Token
	var league, createdBy, lastUsed sql.NullString
	if err := r.Scan(&t.ID, &t.Role, &league, &t.Label, &createdBy, &t.CreatedAt, &t.Revoked, &lastUsed); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, notFound("token", "")
		}
		return nil, err
	}
	t.LeagueID, t.CreatedBy = league.String, createdBy.String
	t.CreatedAt = formatTime(parseTime(t.CreatedAt)) // PostgreSQL's timestamptz as SQLite's text
	if lastUsed.Valid {
		t.LastUsedAt = formatTime(parseTime(lastUsed.String))
	}
	return &t, nil
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
