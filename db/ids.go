package db

import (
	"crypto/rand"
	"encoding/base32"
	"strings"
)

var idEncoding = base32.NewEncoding("0123456789abcdefghjkmnpqrstvwxyz").WithPadding(base32.NoPadding)

// newID returns an opaque, unguessable ID with a readable prefix
// ("pl_", "lg_", "m_").
func newID(prefix string) string {
	var b [10]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return prefix + strings.ToLower(idEncoding.EncodeToString(b[:]))
}
