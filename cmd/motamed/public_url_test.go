package main

import (
	"io"
	"testing"
)

// --public-url (or MOTAMED_PUBLIC_URL) is the address table codes encode:
// kept without its trailing slash; an address a phone cannot open is
// refused before the server starts.
func TestPublicURLFlag(t *testing.T) {
	cfg, err := parseFlags([]string{"--public-url", "http://192.168.1.20:8080/"}, io.Discard)
	if err != nil || cfg.publicURL != "http://192.168.1.20:8080" {
		t.Fatalf("--public-url: %q, %v", cfg.publicURL, err)
	}
	t.Setenv("MOTAMED_PUBLIC_URL", "https://scores.example.org")
	if cfg, err := parseFlags(nil, io.Discard); err != nil || cfg.publicURL != "https://scores.example.org" {
		t.Fatalf("MOTAMED_PUBLIC_URL: %q, %v", cfg.publicURL, err)
	}
	if _, err := parseFlags([]string{"--public-url", "192.168.1.20:8080"}, io.Discard); err == nil {
		t.Fatal("an address without a scheme was accepted")
	}
}
