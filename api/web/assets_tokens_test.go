package web

import (
	"io/fs"
	"strings"
	"testing"
)

// No script of the app or the pages puts a token in a URL: none builds an
// ?access_token= query, and none opens an EventSource (which cannot send
// the Authorization header); streams are read by stream.js with fetch.
// (The browser test TestStreamsKeepTokensOutOfURLs watches the requests
// themselves.)
func TestScriptsKeepTokensOutOfURLs(t *testing.T) {
	err := fs.WalkDir(assetFS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".js") || strings.HasPrefix(path, "alpinejs") {
			return err
		}
		b, err := fs.ReadFile(assetFS, path)
		if err != nil {
			return err
		}
		src := string(b)
		for _, bad := range []string{"access_token=", "new EventSource("} {
			if strings.Contains(src, bad) {
				t.Errorf("%s contains %q", path, bad)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
