package web

import (
	"bytes"
	"compress/gzip"

	"io/fs"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
)

// The rules as a WebAssembly module (built from cmd/motamed-rules, see its
// build.sh): the table app runs it to referee while the network is gone.
// It is embedded gzip-compressed, as it is built, and sent as it is to every
// client that takes gzip (every browser); it is cached for good under the
// assets' fingerprint, like every asset.

const rulesModuleFile = "rules.wasm.gz"

// rulesModule serves the rules module.
func (s *pages) rulesModule(c echo.Context) error {
	gz, err := fs.ReadFile(assetFS, rulesModuleFile)
	if err != nil {
		return &db.NotFoundError{Kind: "asset", ID: "rules.wasm"}
	}
	h := c.Response().Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Vary", "Accept-Encoding")
	h.Set("ETag", `"`+assetVersion+`"`)
	if c.QueryParam("v") == assetVersion {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	if acceptsGzip(c.Request().Header.Get("Accept-Encoding")) {
		h.Set("Content-Encoding", "gzip")
		return c.Blob(http.StatusOK, "application/wasm", gz)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return err
	}
	return c.Stream(http.StatusOK, "application/wasm", zr)
}

// acceptsGzip reports whether an Accept-Encoding header admits gzip.
func acceptsGzip(ae string) bool {
	for _, part := range strings.Split(ae, ",") {
		name, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") || strings.TrimSpace(name) == "*" {
			return strings.ReplaceAll(strings.TrimSpace(q), " ", "") != "q=0"
		}
	}
	return false
}
