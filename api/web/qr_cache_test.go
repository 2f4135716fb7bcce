package web

import (
	"fmt"
	"testing"
)

// The same code asked for again comes from the cache, which keeps one
// code per text and size and stays bounded.
func TestQRCacheStaysBounded(t *testing.T) {
	q := newQRCache(qrCacheSize)
	for i := 0; i < 2; i++ {
		if _, err := q.get("https://motamed.lan/", 512); err != nil {
			t.Fatal(err)
		}
	}
	if n := q.len(); n != 1 {
		t.Fatalf("two identical requests left %d codes in the cache, want 1", n)
	}
	if _, err := q.get("https://motamed.lan/", 256); err != nil || q.len() != 2 {
		t.Fatalf("another size: %v, cache %d", err, q.len())
	}
	for i := 0; i < qrCacheSize+20; i++ {
		if _, err := q.get(fmt.Sprintf("table %d", i), 64); err != nil {
			t.Fatal(err)
		}
	}
	if n := q.len(); n != qrCacheSize {
		t.Fatalf("the cache holds %d codes, want at most %d", n, qrCacheSize)
	}
}
