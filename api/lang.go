package api

import (
	"strings"

	"github.com/labstack/echo/v4"
)

// langOf picks the response language: ?lang=fa|en wins, then the first
// language of Accept-Language that we speak; English otherwise.
func langOf(c echo.Context) string {
	if l := c.QueryParam("lang"); l != "" {
		if strings.HasPrefix(strings.ToLower(l), "fa") {
			return "fa"
		}
		return "en"
	}
	for _, part := range strings.Split(c.Request().Header.Get("Accept-Language"), ",") {
		tag := strings.ToLower(strings.TrimSpace(strings.SplitN(part, ";", 2)[0]))
		switch {
		case tag == "fa" || strings.HasPrefix(tag, "fa-"):
			return "fa"
		case tag == "en" || strings.HasPrefix(tag, "en-"):
			return "en"
		}
	}
	return "en"
}
