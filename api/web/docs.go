package web

import (
	"bytes"
	"embed"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
)

// The documentation page: Swagger UI (vendored, see docs/README.md)
// showing openapi.yaml, the one description of the API.
//
//go:embed docs/*.html docs/*.js docs/*.css docs/LICENSE docs/NOTICE docs/*.txt
var docsFS embed.FS

func (s *pages) docsRedirect(c echo.Context) error {
	return c.Redirect(http.StatusFound, "/docs/index.html")
}

// docsFile serves the page and the viewer's files.
func (s *pages) docsFile(c echo.Context) error {
	name := path.Clean(c.Param("*"))
	b, err := fs.ReadFile(docsFS, "docs/"+name)
	if err != nil || strings.Contains(name, "/") {
		return &db.NotFoundError{Kind: "file", ID: name}
	}
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		c.Response().Header().Set(echo.HeaderContentType, ct)
	} else {
		c.Response().Header().Set(echo.HeaderContentType, "text/plain; charset=utf-8")
	}
	h := c.Response().Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-cache") // revalidated with the ETag: a 304 when unchanged
	h.Set("ETag", docsETag)
	http.ServeContent(c.Response(), c.Request(), name, time.Time{}, bytes.NewReader(b))
	return nil
}

// docsETag changes with any of the page's files.
var docsETag = `"` + fingerprint(docsFS) + `"`
