package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
	echoSwagger "github.com/swaggo/echo-swagger"

	_ "github.com/motamed/motamed/docs" // registers the swag-generated spec at /docs/doc.json
)

// openAPI serves the checked-in OpenAPI 3 contract.
func (s *Server) openAPI(c echo.Context) error {
	if len(s.cfg.OpenAPI) == 0 {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	return c.Blob(http.StatusOK, "application/yaml", s.cfg.OpenAPI)
}

func (s *Server) docsRedirect(c echo.Context) error {
	return c.Redirect(http.StatusFound, "/docs/index.html")
}

// docsUI serves Swagger UI showing openapi.yaml; the swag-generated spec
// stays available at /docs/doc.json.
func (s *Server) docsUI() echo.HandlerFunc {
	return echoSwagger.EchoWrapHandler(echoSwagger.URL("/openapi.yaml"))
}
