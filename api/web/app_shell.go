package web

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"sort"
	"strings"

	"github.com/labstack/echo/v4"
)

// The table app opens with no network: a service worker (GET /sw.js, at
// the app's scope) keeps the app's page, its assets and the rules module
// under the assets' fingerprint, and the last answers of what the app reads
// (the token's rights, the games, the matches opened); a web app manifest
// makes the app installable. An upgrade changes the fingerprint, so the
// browser installs the new worker, which drops every older cache.

// serviceWorker serves the service worker, its version and the files it
// keeps written in.
func (s *pages) serviceWorker(c echo.Context) error {
	files := []string{"/"}
	_ = fs.WalkDir(assetFS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || p == rulesModuleFile || p == "sw.js" {
			return nil
		}
		files = append(files, "/assets/"+p+"?v="+assetVersion)
		return nil
	})
	files = append(files, "/assets/rules.wasm?v="+assetVersion, "/manifest.webmanifest?lang=en", "/manifest.webmanifest?lang=fa")
	sort.Strings(files[1:])
	list, _ := json.Marshal(files)
	b, err := fs.ReadFile(assetFS, "sw.js")
	if err != nil {
		return err
	}
	src := strings.Replace(string(b), `const VERSION = "";`, `const VERSION = "`+assetVersion+`";`, 1)
	src = strings.Replace(src, `const SHELL = [];`, "const SHELL = "+string(list)+";", 1)
	h := c.Response().Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Service-Worker-Allowed", "/")
	return c.Blob(http.StatusOK, "text/javascript; charset=utf-8", []byte(src))
}

// webManifest is the app's manifest in English or Persian (?lang=fa).
func (s *pages) webManifest(c echo.Context) error {
	m := map[string]any{
		"id": "/", "start_url": "/", "scope": "/", "display": "standalone",
		"background_color": "#ffffff", "theme_color": "#0f6e5a",
		"name": "Motamed: the referee at the table", "short_name": "Motamed", "lang": "en", "dir": "ltr",
		"description": "Records a match at the table, checks every event against the rules, and keeps the score, with or without a network.",
		"icons":       []map[string]string{{"src": "/assets/icon.svg?v=" + assetVersion, "sizes": "any", "type": "image/svg+xml", "purpose": "any"}},
	}
	if c.QueryParam("lang") == "fa" {
		m["name"], m["short_name"], m["lang"], m["dir"] = "معتمد: داور سر میز", "معتمد", "fa", "rtl"
		m["description"] = "بازی را سر میز ثبت می‌کند، هر رویداد را با قوانین می‌سنجد و امتیاز را نگه می‌دارد، با شبکه یا بی آن."
	}
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-cache")
	return c.Blob(http.StatusOK, "application/manifest+json", b)
}
