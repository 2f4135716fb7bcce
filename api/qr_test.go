package api

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	zxqr "github.com/makiuchi-d/gozxing/qrcode"
)

// decodeQR reads a PNG QR code back with a decoder of its own.
func decodeQR(t testing.TB, b []byte) string {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := zxqr.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("no QR code found: %v", err)
	}
	return res.GetText()
}

func TestQRCodeDecodesToItsText(t *testing.T) {
	s := newTestServer(t)
	link := "https://192.168.1.10:8443/#token=mtd_" + strings.Repeat("x7", 20)
	r := s.do("POST", "/v1/qr", map[string]any{"text": link, "size": 300}, "Authorization", "")
	if r.status != 200 || r.header.Get("Content-Type") != "image/png" || r.header.Get("Cache-Control") != "no-store" {
		t.Fatalf("POST /v1/qr: %d %v", r.status, r.header)
	}
	if got := decodeQR(t, r.body); got != link {
		t.Fatalf("the code holds %q, want %q", got, link)
	}
	if img, _ := png.Decode(bytes.NewReader(r.body)); img.Bounds().Dx() != 300 {
		t.Fatalf("size %d, want 300", img.Bounds().Dx())
	}
	for _, bad := range []any{map[string]any{}, map[string]any{"text": ""}, map[string]any{"text": strings.Repeat("a", 1001)},
		map[string]any{"text": "x", "size": 10}, map[string]any{"text": "x", "extra": 1}} {
		if r := s.do("POST", "/v1/qr", bad, "Authorization", ""); r.status != 400 {
			t.Errorf("POST /v1/qr %v: %d, want 400", bad, r.status)
		}
	}
}

// The tables page needs no token from the server's point of view: the
// owner's token stays in the fragment, read by its script.
func TestTablesPage(t *testing.T) {
	s := newTestServer(t)
	for _, lang := range []string{"en", "fa"} {
		r := s.do("GET", "/leagues/lg_any/tables?lang="+lang, nil, "Authorization", "")
		body := string(r.body)
		if r.status != 200 || !strings.Contains(body, `id="make"`) || !strings.Contains(body, "tables.js") {
			t.Fatalf("%s: %d %s", lang, r.status, body)
		}
		if !strings.Contains(r.header.Get("Content-Security-Policy"), "blob:") {
			t.Fatalf("the codes are shown from blob: URLs the CSP forbids: %s", r.header.Get("Content-Security-Policy"))
		}
		if lang == "fa" && !strings.Contains(body, "کدهای QR میزها") {
			t.Fatalf("fa page not in Persian")
		}
	}
}

// A private league's screens answer 404 without a token, in the same frame
// as a league that does not exist: nothing of the league is in it, and its
// script fills it from the API with the token from the fragment.
func TestPrivateScreensAreLockedFrames(t *testing.T) {
	w := newAuthzWorld(t)
	s := w.s
	for _, path := range []string{"/leagues/" + w.leagueB, "/leagues/lg_nope", "/matches/" + w.matchB, "/matches/m_nope"} {
		r := s.do("GET", path+"?lang=fa", nil, "Authorization", "")
		body := string(r.body)
		if r.status != 404 || !strings.Contains(r.header.Get("Content-Type"), "text/html") || !strings.Contains(body, `id="locked"`) {
			t.Fatalf("%s: %d %s", path, r.status, body)
		}
		if strings.Contains(body, "Sara") || strings.Contains(body, `"name":"B"`) || strings.Contains(body, ">B<") {
			t.Fatalf("%s: the locked frame shows the league's data:\n%s", path, body)
		}
		boot := bootOf(t, body)
		if boot["standings"] != nil || boot["match"] != nil {
			t.Fatalf("%s: boot carries data: %v", path, boot)
		}
	}
	if r := s.do("GET", "/leagues/"+w.leagueB, nil, "Authorization", "Bearer "+w.tokens["viewerB"]); r.status != 200 || !strings.Contains(string(r.body), `<bdi class="league-name">B</bdi>`) {
		t.Fatalf("private league page with its viewer token: %d", r.status)
	}
}
