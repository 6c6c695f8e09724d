"""The API docs page and the favicon, served by the package: no CDN, no internet needed.

``/docs`` is Swagger UI (the ``swagger-ui-bundle`` package's copy) reading ``/openapi.json``;
its start-up script is a file too, so the page runs under the strict Content-Security-Policy.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response
from swagger_ui_bundle import swagger_ui_path

from nyballot.filing.errors import NotFoundError

router = APIRouter(include_in_schema=False)

_STATIC = resources.files("nyballot.api").joinpath("static")
# The Swagger UI files the page uses, and their types (nothing else is served from its folder).
_ASSETS = {
    "swagger-ui-bundle.js": "text/javascript",
    "swagger-ui.css": "text/css",
    "favicon-32x32.png": "image/png",
}
_CACHE = {"Cache-Control": "public, max-age=86400"}

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>nyballot API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="icon" href="/favicon.ico"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/docs.js"></script>
</body></html>
"""


@router.get("/docs", response_class=HTMLResponse)
async def docs() -> HTMLResponse:
    return HTMLResponse(_PAGE)


@router.get("/docs/assets/{name}")
async def asset(name: str) -> Response:
    if name == "docs.js":
        body = _STATIC.joinpath("docs.js").read_bytes()
        return Response(body, media_type="text/javascript", headers=_CACHE)
    kind = _ASSETS.get(name)
    if kind is None:
        raise NotFoundError(f"docs asset '{name}': no such file")
    body = (Path(swagger_ui_path) / name).read_bytes()
    return Response(body, media_type=kind, headers=_CACHE)


@router.get("/favicon.ico")
async def favicon() -> Response:
    body = _STATIC.joinpath("favicon.svg").read_bytes()
    return Response(body, media_type="image/svg+xml", headers=_CACHE)
