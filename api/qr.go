package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/skip2/go-qrcode"
)

// QRRequest is the body of POST /v1/qr.
type QRRequest struct {
	// Text is what the code holds: usually a link to a screen or to the
	// table app, with a token in its fragment.
	Text string `json:"text" validate:"required,max=1000"`
	// Size is the image's width and height in pixels.
	Size int `json:"size,omitempty" validate:"omitempty,min=64,max=2048"`
}

// qrCode draws text as a QR code (PNG); the text travels in a POST body so
// that a token in it never reaches a URL a log keeps. Anyone may ask: the
// code holds only what the caller already has.
func (s *Server) qrCode(c echo.Context) error {
	var req QRRequest
	if _, err := bind(c, &req); err != nil {
		return err
	}
	png, err := qrPNG(req.Text, req.Size)
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
