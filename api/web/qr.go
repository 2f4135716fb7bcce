package web

import (
	"container/list"
	"net/http"
	"strconv"
	"sync"

	"github.com/labstack/echo/v4"
	"github.com/skip2/go-qrcode"
)

// QRRequest is the body of POST /v1/qr.
type QRRequest struct {
	// Text is what the code holds: usually a link to a screen or to the
	// table app, with a token in its fragment.
	Text string `json:"text" validate:"required,max=1000"`
	// Size is the image's width and height in pixels, at most 512: a code
	// of 1,000 characters is still about 4 pixels a module there, and a
	// larger image costs the server much more (about 180 ms of CPU at 2048)
	// for nothing a phone's camera needs.
	Size int `json:"size,omitempty" validate:"omitempty,min=64,max=512"`
}

// qrCode draws text as a QR code (PNG); the text travels in a POST body so
// that a token in it never reaches a URL a log keeps. Anyone may ask: the
// code holds only what the caller already has. It counts as a write for
// the write limits (every POST does), and the same code asked for again,
// as the tables page does for each table, comes from a small cache.
func (s *pages) qrCode(c echo.Context) error {
	var req QRRequest
	if err := s.Bind(c, &req); err != nil {
		return err
	}
	png, err := s.qr.get(req.Text, req.Size)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.Blob(http.StatusOK, "image/png", png)
}

// qrPNG encodes text with medium error correction (15%: a smudged print
// still scans), size pixels square (512 when 0).
func qrPNG(text string, size int) ([]byte, error) {
	if size == 0 {
		size = 512
	}
	return qrcode.Encode(text, qrcode.Medium, size)
}

// qrCacheSize is how many codes the cache keeps: a café's tables and
// screens, each a PNG of a few KB, so well under 1 MB in all.
const qrCacheSize = 128

// qrCache keeps the latest codes drawn, the least recently asked for
// leaving first. It holds only what its callers sent; a code is never
// served to a request for another text or size.
type qrCache struct {
	mu    sync.Mutex
	max   int
	items map[string]*list.Element // of *qrItem; front: asked for last
	lru   *list.List
}

type qrItem struct {
	key string
	png []byte
}

func newQRCache(max int) *qrCache {
	return &qrCache{max: max, items: map[string]*list.Element{}, lru: list.New()}
}

// get returns text's code at size, drawn now or taken from the cache.
func (q *qrCache) get(text string, size int) ([]byte, error) {
	key := strconv.Itoa(size) + " " + text
	q.mu.Lock()
	if el, ok := q.items[key]; ok {
		q.lru.MoveToFront(el)
		png := el.Value.(*qrItem).png
		q.mu.Unlock()
		return png, nil
	}
	q.mu.Unlock()
	png, err := qrPNG(text, size)
	if err != nil {
		return nil, err
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if _, ok := q.items[key]; !ok {
		q.items[key] = q.lru.PushFront(&qrItem{key: key, png: png})
		if q.lru.Len() > q.max {
			old := q.lru.Back()
			q.lru.Remove(old)
			delete(q.items, old.Value.(*qrItem).key)
		}
	}
	return png, nil
}

// len is how many codes the cache holds.
func (q *qrCache) len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.lru.Len()
}
