// The API docs page: Swagger UI (served by this package, no CDN) on the OpenAPI document.
window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui" });
});
