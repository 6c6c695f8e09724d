"""Rendering the pages, and every page's downloads from the same data.

A page is rendered from a Jinja2 template; ``respond`` also serves it as a PDF (the very HTML,
through ``nyballot.export.pdf``), and as CSV or JSON when the view hands over its rows or its
data, so each view has one route and its files never drift from what it shows:
``?format=pdf|csv|json``.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import HTMLResponse, Response
from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from nyballot.errors import UsageError
from nyballot.export.pdf import html_to_pdf
from nyballot.law.subdivisions import with_sign
from nyballot.reckoning.dates import format_day
from nyballot.reckoning.season import today
from nyballot.spreadsheet import dicts_csv
from nyballot.web import timeline

FORMATS = ("html", "pdf", "csv", "json")

env = Environment(
    loader=PackageLoader("nyballot.web", "templates"),
    autoescape=select_autoescape(default=True, default_for_string=True),
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)
env.filters["day"] = format_day


def short_day(day: dt.date | None) -> str:
    """'Mon Mar 30' (the year is the page's)."""
    return "" if day is None else f"{day:%a %b} {day.day}"


env.filters["section"] = with_sign
env.filters["short"] = short_day
env.filters["kind_colour"] = timeline.colour
env.filters["kind_label"] = lambda kind: timeline.KIND_LABELS.get(kind, kind)


def render(name: str, code: int = 200, /, **context: Any) -> HTMLResponse:
    return HTMLResponse(env.get_template(name).render(**context), status_code=code)


def with_param(request: Request, name: str, value: str) -> str:
    """The URL of this very page with one query parameter set (``format=pdf``, ``show=all``)."""
    pairs = [(k, v) for k, v in request.query_params.multi_items() if k != name]
    return f"{request.url.path}?{urlencode([*pairs, (name, value)])}"


def csv_bytes(rows: Sequence[Mapping[str, Any]]) -> bytes:
    """Rows as CSV for a spreadsheet (``nyballot.spreadsheet``: UTF-8 with a byte order mark,
    CRLF line ends, every cell through the formula guard); the columns are the first row's."""
    return dicts_csv(rows).encode()


def _json_default(value: object) -> str:
    if isinstance(value, dt.date):
        return value.isoformat()
    raise TypeError(f"not JSON: {type(value).__name__}")


def respond(
    request: Request,
    template: str,
    *,
    name: str,
    rows: Sequence[Mapping[str, Any]] | None = None,
    csv: str | None = None,
    data: Any = None,
    extra: Sequence[tuple[str, str]] = (),
    fmt: str | None = None,
    status: int = 200,
    **context: Any,
) -> Response:
    """The page (``?format=`` absent or html), its PDF, or its rows as CSV or data as JSON.

    ``rows`` are written as CSV, or ``csv`` is the CSV text itself (a calendar's, from
    ``nyballot.export.csv``). ``name`` names the downloaded files; ``extra`` adds links
    (label, href) to other files, such as the calendar's iCalendar feed. ``fmt`` is the format
    a posted form asked for (a page made from an uploaded file has no address to add
    ``?format=`` to). ``status``: a form shown again with what was wrong is answered 400.
    """
    fmt = fmt or request.query_params.get("format") or "html"
    table = csv.encode() if csv is not None else None if rows is None else csv_bytes(rows)
    offered = [f for f in FORMATS if (f != "csv" or table is not None)]
    offered = [f for f in offered if (f != "json" or data is not None)]
    if fmt not in offered:
        raise UsageError(f"format '{fmt[:20]}': expected one of {', '.join(offered)}")
    if fmt == "csv":
        assert table is not None
        return Response(
            table,
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{name}.csv"'},
        )
    if fmt == "json":
        body = json.dumps(data, indent=2, ensure_ascii=False, default=_json_default) + "\n"
        return Response(
            body.encode(),
            media_type="application/json",
            headers={"Content-Disposition": f'inline; filename="{name}.json"'},
        )
    downloads: list[tuple[str, str]] = []
    if request.method == "GET":  # a posted page's files come from its form's "Show as"
        downloads += extra
        offered_here = [f for f in offered if f != "html"]
        downloads += [(f.upper(), with_param(request, "format", f)) for f in offered_here]
    html = env.get_template(template).render(
        files=downloads, printing=fmt == "pdf", generated=today(), **context
    )
    if fmt == "pdf":
        return Response(
            html_to_pdf(html),
            media_type="application/pdf",
            headers={"Content-Disposition": f'inline; filename="{name}.pdf"'},
        )
    return HTMLResponse(html, status_code=status)
