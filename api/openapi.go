package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// openAPI serves the checked-in OpenAPI 3 contract.
func (s *Server) openAPI(c echo.Context) error {
	if len(s.cfg.OpenAPI) == 0 {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	return c.Blob(http.StatusOK, "application/yaml", s.cfg.OpenAPI)
}
