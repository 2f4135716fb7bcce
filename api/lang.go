package api

import (
	"strings"

	"github.com/labstack/echo/v4"
)

// langOf picks the response language: ?lang=fa|en wins, then the first
// language of Accept-Language that we speak; English otherwise.
func langOf(c echo.Context) string {
	if c.Request().URL.RawQuery != "" { // parsing no query would still allocate
		if l := c.QueryParam("lang"); l != "" {
			if len(l) >= 2 && strings.EqualFold(l[:2], "fa") {
				return "fa"
			}
			return "en"
		}
	}
	for list := c.Request().Header.Get("Accept-Language"); list != ""; {
		var part string
		part, list, _ = strings.Cut(list, ",")
		tag, _, _ := strings.Cut(part, ";")
		switch tag = strings.TrimSpace(tag); {
		case isLang(tag, "fa"):
			return "fa"
		case isLang(tag, "en"):
			return "en"
		}
	}
	return "en"
}

// isLang reports whether the language tag names lang, alone or with a
// region or script ("fa", "FA-ir", "en-GB"), in any case.
func isLang(tag, lang string) bool {
	return len(tag) >= len(lang) && strings.EqualFold(tag[:len(lang)], lang) &&
		(len(tag) == len(lang) || tag[len(lang)] == '-')
}
