package web

import (
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/motamed/motamed/db"
)

// A screen opened at a loopback address shows no code to follow (no phone
// reaches it) unless the server has a public URL; a private league never.
func TestFollowCodeNeverForLoopback(t *testing.T) {
	e := echo.New()
	at := func(host, public string, l *db.League) bool {
		req := httptest.NewRequest("GET", "/leagues/"+l.ID, nil)
		req.Host = host
		p := &pages{Deps: Deps{Lang: func(echo.Context) string { return "en" }, PublicURL: public}, qr: newQRCache(8)}
		return p.followQR(e.NewContext(req, httptest.NewRecorder()), l) != ""
	}
	open := &db.League{ID: "lg_1", Visibility: db.Public}
	for _, host := range []string{"127.0.0.1:8080", "localhost:8080", "[::1]:8080"} {
		if at(host, "", open) {
			t.Errorf("a screen at %s shows a code", host)
		}
	}
	if !at("192.168.1.20:8080", "", open) || !at("127.0.0.1:8080", "http://192.168.1.20:8080", open) {
		t.Error("no code where phones reach the server")
	}
	if at("192.168.1.20:8080", "", &db.League{ID: "lg_2", Visibility: db.Private}) {
		t.Error("a private league shows a code")
	}
}
