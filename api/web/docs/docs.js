// Shows the contract the server is tested against. "Authorize" takes a
// token for "Try it out"; it is kept only while the page is open.
window.ui = SwaggerUIBundle({
  url: "/openapi.yaml",
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  validatorUrl: null,
  tryItOutEnabled: false,
  persistAuthorization: false,
});
