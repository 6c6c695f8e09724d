"""Reference pages: the law (every rule with its words, by section), the public holidays, and
what falls due this week at the desk.

    /web/law, /web/law/{version}        every rule of a law version, grouped by section
    /web/holidays, /web/holidays/{year} the public holidays of a year (GCL § 24)
    /web/due?board=&on=&days=           the desk's clocks running out in the coming days
"""

from __future__ import annotations

import datetime as dt
import re
from itertools import groupby
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import RedirectResponse, Response

from nyballot.api.desk import kept_read, next_link
from nyballot.errors import NyballotError, UsageError
from nyballot.export.json import holidays_dict
from nyballot.filing import reading
from nyballot.filing.desk import Desk
from nyballot.filing.model import BOARDS
from nyballot.law.loader import load_law
from nyballot.law.model import Rule
from nyballot.reckoning.holidays import holidays
from nyballot.web.calendars import as_of, this_year
from nyballot.web.common import MAX_NAME, parse_year, typed_in
from nyballot.web.pages import Text
from nyballot.web.render import respond

DUE_PAGE = 100  # clocks on one page of /web/due

router = APIRouter(include_in_schema=False)


def _section_key(cite: str) -> tuple[tuple[int, ...], str]:
    """'6-158(1-a)' sorts as section 6-158, after 6-134 and before 10-108."""
    head = re.match(r"(\d+)-(\d+)", cite)
    return ((int(head[1]), int(head[2])) if head else (999, 999)), cite


def _section(cite: str) -> str:
    head = re.match(r"\d+-\d+", cite)
    return f"§ {head[0]}" if head else cite.split("(")[0].strip()


def rule_dict(r: Rule) -> dict[str, Any]:
    return {
        "id": r.id,
        "cite": r.cite,
        "title": r.title,
        "kind": r.kind,
        "law": list(r.law),
        "formula": {k: str(v) for k, v in r.expressions().items()},
        "source": r.source,
        "text_unverified": r.unverified or None,
    }


@router.get("/web/law", response_model=None)
def law_pick(version: Text = None) -> Response:
    data = load_law()
    chosen = (version or "").strip() or max(data.versions.values(), key=lambda v: v.last_year).id
    return RedirectResponse(f"/web/law/{chosen}", status_code=303)


@router.get("/web/law/{version}", response_model=None)
def law_page(request: Request, version: str) -> Response:
    """Every rule of a law version with its quoted words, grouped by section."""
    data = load_law()
    law = data.versions.get(version[:MAX_NAME])
    if law is None:
        raise UsageError(
            f"law '{version[:MAX_NAME]}': no such law version; known: {', '.join(data.versions)}"
        )
    rules = sorted(law.rules.values(), key=lambda r: (_section_key(r.cite), r.id))
    sections = [
        (name, list(group)) for name, group in groupby(rules, key=lambda r: _section(r.cite))
    ]
    return respond(
        request,
        "law.html",
        name=f"nyballot-law-{law.id}",
        rows=[
            {k: v for k, v in rule_dict(r).items() if k != "formula"} | {"law": " / ".join(r.law)}
            for r in rules
        ],
        data={"version": law.id, "title": law.title, "rules": [rule_dict(r) for r in rules]},
        active_page="law",
        law=law,
        versions=sorted(data.versions.values(), key=lambda v: v.first_year),
        sections=sections,
    )


@router.get("/web/holidays", response_model=None)
def holidays_pick(request: Request, year: Text = None) -> Response:
    try:
        number = parse_year(year) if year and year.strip() else this_year()
    except NyballotError as exc:
        return _holidays(request, this_year(), str(exc), typed_in(request))
    return RedirectResponse(f"/web/holidays/{number}", status_code=303)


@router.get("/web/holidays/{year}", response_model=None)
def holidays_page(request: Request, year: str) -> Response:
    """The public holidays of a year: a last day falling on one moves to the next business day;
    a year the table does not hold is this year's page, its form as typed, with why."""
    try:
        return _holidays(request, parse_year(year))
    except NyballotError as exc:
        return _holidays(request, this_year(), str(exc), typed_in(request, year=year))


def _holidays(
    request: Request, number: int, error: str = "", typed: dict[str, str] | None = None
) -> Response:
    days = holidays(number)
    return respond(
        request,
        "holidays.html",
        name=f"nyballot-holidays-{number}",
        rows=[
            {"date": h.date, "name": h.name, "cite": h.cite, "moved_from": h.moved_from}
            for h in days
        ],
        data=holidays_dict(number),
        active_page="holidays",
        year=number,
        days=days,
        error=error,
        typed=typed or {},
        status=400 if error else 200,
    )


def _who(record: dict[str, Any] | None, by_uid: dict[str, dict[str, Any]]) -> dict[str, str]:
    """The candidate, office and party of the paper a clock runs for (an objection's clock
    names the petition objected to)."""
    seen = 0
    while record is not None and not record["candidates"] and record["refers_to"] and seen < 5:
        record, seen = by_uid.get(record["refers_to"]), seen + 1
    if record is None:
        return {"candidates": "", "office": "", "party": "", "kind": "", "seq": ""}
    return {
        "candidates": "; ".join(c["name"] for c in record["candidates"]),
        "office": " ".join(x for x in (record["office"], record["district"]) if x),
        "party": record["party"],
        "kind": record["kind"].replace("_", " "),
        "seq": str(record["seq"]),
    }


@router.get("/web/due", response_model=None)
async def due_page(
    request: Request,
    board: Text = None,
    on: Text = None,
    days: Annotated[int, Query(ge=1, le=366)] = 7,
    offset: Annotated[int, Query(ge=0, le=10**9)] = 0,
    after: Text = None,
) -> Response:
    """The desk's clocks that run out within ``days`` of ``on`` (a week from today), each with
    the candidate, office and party of the paper it runs for, ``DUE_PAGE`` at a time (the next
    page by the cursor ``after``, as the API's ``/due``)."""
    args = (request, board, on, days, offset, after)
    return await kept_read(request, _due_page, *args)


def _due_page(
    request: Request, board: str | None, on: str | None, days: int, offset: int, after: str | None
) -> Response:
    desk: Desk = request.app.state.desk
    board_id = (board or "").strip() or None
    if board_id is not None and board_id not in BOARDS:
        raise UsageError(f"board '{board_id[:MAX_NAME]}': unknown; known: {', '.join(BOARDS)}")
    start = as_of(on)
    end = start + dt.timedelta(days=days - 1)
    found = desk.due(board_id, None, start, end, DUE_PAGE + 1, offset, after or None)
    clocks = found[:DUE_PAGE]
    by_uid = desk.papers_named(c.filing for c in clocks)
    rows = [
        {"due": c.due, "title": c.title, "cite": c.cite, "filing": c.filing}
        | _who(by_uid.get(c.filing), by_uid)
        for c in clocks
    ]
    following = None
    if len(found) > DUE_PAGE:
        following = next_link(request, "after", reading.due_cursor(clocks[-1]))
    return respond(
        request,
        "due.html",
        name=f"nyballot-due-{start.isoformat()}",
        rows=rows,
        data={"from": start, "to": end, "board": board_id, "clocks": rows, "next": following},
        active_page="due",
        start=start,
        end=end,
        days=days,
        board=board_id or "",
        boards=sorted(BOARDS.values(), key=lambda b: b.name),
        clocks=rows,
        next_page=following,
    )
