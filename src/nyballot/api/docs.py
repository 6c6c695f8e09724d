"""The API docs page and the favicon, served by the package: no CDN, no script, no internet.

``/docs`` is written here from the application's own OpenAPI document (``/openapi.json``):
every route with its method, summary, description, parameters and request body.
"""

from __future__ import annotations

import html
from importlib import resources
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

router = APIRouter(include_in_schema=False)

_STATIC = resources.files("nyballot.api").joinpath("static")
_CACHE = {"Cache-Control": "public, max-age=86400"}
_STYLE = (
    "body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}"
    "section{border-top:1px solid #ccc;padding:.5rem 0}code{background:#f4f4f4;padding:0 .2em}"
    ".m{display:inline-block;min-width:3.5rem;font-weight:bold}td,th{text-align:left;"
    "padding:.1rem .6rem .1rem 0;vertical-align:top}"
)


def _schema_name(schema: dict[str, Any]) -> str:
    ref = schema.get("$ref", "")
    return str(ref.rsplit("/", 1)[-1] if ref else schema.get("type", "object"))


def _operation(path: str, method: str, op: dict[str, Any]) -> str:
    e = html.escape
    rows = "".join(
        f"<tr><td><code>{e(p['name'])}</code></td><td>{e(p['in'])}</td>"
        f"<td>{'required' if p.get('required') else ''}</td>"
        f"<td>{e(p.get('description', '') or _schema_name(p.get('schema', {})))}</td></tr>"
        for p in op.get("parameters", [])
    )
    body = op.get("requestBody", {}).get("content", {}).get("application/json")
    parts = [
        f'<section id="{e(method + path)}"><h3><span class="m">{method.upper()}</span>'
        f"<code>{e(path)}</code></h3><p>{e(op.get('summary', ''))}</p>",
        f"<p>{e(op.get('description', ''))}</p>" if op.get("description") else "",
        f"<table><tr><th>parameter</th><th>in</th><th></th><th></th></tr>{rows}</table>"
        if rows
        else "",
        f"<p>Body: JSON <code>{e(_schema_name(body['schema']))}</code> (schema in "
        '<a href="/openapi.json">/openapi.json</a>)</p>'
        if body
        else "",
        "</section>",
    ]
    return "".join(parts)


@router.get("/docs", response_class=HTMLResponse)
def docs(request: Request) -> HTMLResponse:
    spec = request.app.openapi()
    info = spec.get("info", {})
    sections = "".join(
        _operation(path, method, op)
        for path, ops in spec.get("paths", {}).items()
        for method, op in ops.items()
    )
    title = html.escape(f"{info.get('title', '')} {info.get('version', '')} API")
    return HTMLResponse(
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
        f'<link rel="icon" href="/favicon.ico"><style>{_STYLE}</style></head><body>'
        f"<h1>{title}</h1><p>{html.escape(info.get('description', ''))}</p>"
        '<p>The machine-readable description: <a href="/openapi.json">/openapi.json</a> '
        "(OpenAPI). Writes need <code>Authorization: Bearer &lt;token&gt;</code>.</p>"
        f"{sections}</body></html>"
    )


@router.get("/favicon.ico")
async def favicon() -> Response:
    body = _STATIC.joinpath("favicon.svg").read_bytes()
    return Response(body, media_type="image/svg+xml", headers=_CACHE)
