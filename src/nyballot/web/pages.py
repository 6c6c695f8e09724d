"""The web pages: pick a year, the calendar, one rule's derivation, and the public book.

Plain HTML rendered on the server from the Jinja2 templates shipped beside this module: no
scripts, printable, readable by a screen reader. Bad input (a year the law does not cover, an
unknown rule, a malformed date) renders a 4xx page that says what was wrong.

    /                                   pick a year, a law version, events
    /web/calendar?year=2026&...         the form's target: redirects to the calendar page
    /web/calendar/{year}                the calendar, ordered by date
    /web/explain/{year}/{rule_id}       one rule: the statute's words, formula, derivation
    /web/book?board=&year=              the book of filings (§ 6-144)
"""

from __future__ import annotations

from collections.abc import Mapping
from http import HTTPStatus
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from nyballot.api.desk import kept_read
from nyballot.calendar.model import DEFAULT_DUTIES, Calendar, Deadline
from nyballot.calendar.request import CalendarRequest
from nyballot.errors import NyballotError, UsageError
from nyballot.export.csv import to_csv
from nyballot.filing import book as book_export
from nyballot.filing import reading
from nyballot.filing.desk import Desk
from nyballot.filing.errors import NotFoundError
from nyballot.filing.model import BOARDS, KINDS
from nyballot.web.common import MAX_NAME, choose, parse_year, typed_in
from nyballot.web.render import render, respond

router = APIRouter(include_in_schema=False)

Text = Annotated[str | None, Query(max_length=MAX_NAME)]
Many = Annotated[list[str] | None, Query(max_length=10)]
Overlays = Annotated[list[str] | None, Query(alias="with", max_length=5)]

BOOK_PAGE = 100  # filings on one page of the book
PART = {"opens": "first day", "closes": "last day", "when": "applies when", "note": "note"}


def is_page(request: Request) -> bool:
    """Whether a request is for a web page (the form or anything under /web), whose errors are
    HTML pages, rather than for the JSON API."""
    path = request.url.path
    return path == "/" or path == "/web" or path.startswith("/web/")


def error_page_for(
    status: int, message: str, headers: Mapping[str, str] | None = None
) -> HTMLResponse:
    """The error page for a status: its title, what was wrong, a way back."""
    try:
        phrase = HTTPStatus(status).phrase  # "Not Found" -> "Not found"
        title = phrase[:1] + phrase[1:].lower()
    except ValueError:
        title = "Error"
    page = render("error.html", status, status=status, title=title, message=message)
    if headers:
        page.headers.update(headers)
    return page


def error_page(exc: NyballotError) -> HTMLResponse:
    return error_page_for(404 if isinstance(exc, NotFoundError) else 400, str(exc))


def _choice(
    year: str,
    law: str | None,
    overlays: list[str] | None,
    events: list[str] | None,
    conv: str,
    primary: str | None = None,
    general: str | None = None,
    duties: str = DEFAULT_DUTIES,
) -> CalendarRequest:
    return choose(year, law, overlays or (), events or (), conv, primary, general, duties)


def _row(d: Deadline, choice: CalendarRequest) -> dict[str, Any]:
    return {
        "id": d.id,
        "title": d.title,
        "cite": d.cite,
        "kind": d.rule.kind,
        "opens": d.opens,
        "closes": d.closes,
        "rolled_from": d.rolled_from,
        "unverified": d.unverified,
        "secondary": d.rule.evidence_source if d.rule.evidence else "",
        "formula": [(PART[k], v) for k, v in d.formula().items()],
        "events": d.events(),
        "latest": d.closes_at_latest,
        "href": f"/web/explain/{choice.year}/{d.id}{choice.query()}",
    }


@router.get("/web/calendar", response_class=HTMLResponse, response_model=None)
def pick(request: Request, year: Text = None) -> Response:
    """The form's target: redirect to the calendar page (event.NAME fields become ?event=)."""
    params = request.query_params
    events = [
        f"{key.removeprefix('event.')}={value}"
        for key, value in params.multi_items()
        if key.startswith("event.") and value.strip()
    ]
    try:
        choice = _choice(
            year or "",
            params.get("law"),
            params.getlist("with"),
            events + params.getlist("event"),
            params.get("convention") or "rolled",
            params.get("primary"),
            params.get("general"),
            params.get("duties") or DEFAULT_DUTIES,
        )
    except NyballotError as exc:
        return calendar_form_again(request, exc)
    return RedirectResponse(f"/web/calendar/{choice.year}{choice.query()}", status_code=303)


def calendar_form_again(request: Request, exc: NyballotError, **more: str) -> Response:
    """The calendar's form (on the home page) again, as it was typed, with what was wrong."""
    from nyballot.web.calendars import as_of, home_page  # the home page's module uses this one

    return home_page(request, as_of(None), str(exc), typed_in(request, **more))


Asked = tuple[CalendarRequest, Calendar] | NyballotError


def _asked(
    year: str,
    law: Text = None,
    overlays: Overlays = None,
    event: Many = None,
    convention: Text = "rolled",
    primary: Text = None,
    general: Text = None,
    duties: Text = DEFAULT_DUTIES,
) -> Asked:
    """The calendar a page asks for (year in the path; law, events and typed-in election days
    in the query), or what was wrong with the request, for the page to render."""
    try:
        conv = convention or "rolled"
        choice = _choice(
            year, law, overlays, event, conv, primary, general, duties or DEFAULT_DUTIES
        )
        return choice, choice.calendar()
    except NyballotError as exc:
        return exc


@router.get("/web/calendar/{year}", response_model=None)
def calendar_page(request: Request, asked: Annotated[Asked, Depends(_asked)]) -> Response:
    """The calendar of a year as a table ordered by date, each row linked to its derivation."""
    return calendar_response(request, asked)


def calendar_response(request: Request, asked: Asked, **upload: Any) -> Response:
    """The calendar page; ``upload`` is what its overlay form was sent with, and what was
    wrong with it."""
    if isinstance(asked, NyballotError):
        return calendar_form_again(request, asked, year=request.path_params["year"])
    choice, cal = asked
    rows = [_row(d, choice) for d in cal.deadlines]
    query = choice.query()
    return respond(
        request,
        "calendar.html",
        name=f"nyballot-{cal.year}",
        csv=to_csv(cal),
        extra=[
            ("iCalendar", f"/calendar/{cal.year}.ics{query}"),
            ("JSON", f"/calendar/{cal.year}.json{query}"),
        ],
        cal=cal,
        choice=choice,
        query=choice.query(),
        dated=[r for r, d in zip(rows, cal.deadlines, strict=True) if d.status == "dated"],
        awaiting=[
            r for r, d in zip(rows, cal.deadlines, strict=True) if d.status == "awaiting_event"
        ],
        not_applicable=[
            r for r, d in zip(rows, cal.deadlines, strict=True) if d.status == "not_applicable"
        ],
        any_unverified=any(d.unverified for d in cal.deadlines),
        any_secondary=any(d.rule.evidence for d in cal.deadlines),
        upload=upload,
    )


@router.get("/web/explain/{year}/{rule_id}", response_model=None)
def explain_page(
    request: Request, rule_id: str, asked: Annotated[Asked, Depends(_asked)]
) -> Response:
    """One rule: the quoted words, the formula, the numbered derivation, the notes."""
    return explain_response(request, rule_id, asked)


def explain_response(request: Request, rule_id: str, asked: Asked, **upload: Any) -> Response:
    """The page of one rule; ``upload`` as for ``calendar_response``."""
    if isinstance(asked, NyballotError):
        return error_page(asked)
    choice, cal = asked
    try:
        deadline = cal.deadline(rule_id)
    except UsageError as exc:  # a rule the calendar does not have is not found: 404
        return error_page(NotFoundError(str(exc)))
    steps = [
        {"n": n, "text": s.text, "date": s.date, "cite": s.cite, "part": PART[s.part]}
        for n, s in enumerate(deadline.derivation, 1)
    ]
    return respond(
        request,
        "explain.html",
        name=f"nyballot-{cal.year}-{deadline.id}",
        rows=[
            {"n": s["n"], "of": s["part"], "step": s["text"], "date": s["date"], "cite": s["cite"]}
            for s in steps
        ],
        extra=[("JSON", f"/explain/{cal.year}/{deadline.id}{choice.query()}")],
        cal=cal,
        choice=choice,
        query=choice.query(),
        d=deadline,
        row=_row(deadline, choice),
        steps=steps,
        other_reading=[(PART[k], v) for k, v in deadline.other_reading.items()],
        upload=upload,
    )


@router.get("/web/book", response_model=None)
async def book_page(
    request: Request,
    board: Text = None,
    year: Text = None,
    kind: Text = None,
    page: Annotated[int, Query(ge=1, le=10**6)] = 1,
    after: Annotated[int | None, Query(ge=0, le=2**62)] = None,
) -> Response:
    """The book of filings kept under § 6-144, open to public inspection: filtered by board,
    year and kind of paper, a page of BOOK_PAGE filings at a time, read as the API's ``/book``
    reads it (the next page by the cursor ``after``, the last seq shown; its files hold the
    page shown)."""
    args = (request, board, year, kind, page, after)
    return await kept_read(request, _book_page, *args)


def _turned(request: Request, page: int, after: int | None = None) -> str:
    """This page's URL for another page: the next one by its cursor, the one before (which
    has none) by its number."""
    pairs = [(k, v) for k, v in request.query_params.multi_items() if k not in ("after", "page")]
    pairs += [("page", str(page))] + ([("after", str(after))] if after is not None else [])
    return f"{request.url.path}?{urlencode(pairs)}"


def _book_page(
    request: Request,
    board: str | None,
    year: str | None,
    kind: str | None,
    page: int,
    after: int | None,
) -> Response:
    desk: Desk = request.app.state.desk
    board_id = (board or "").strip() or None
    chosen = (kind or "").strip()
    try:
        number = parse_year(year) if year and year.strip() else None
        offset = (page - 1) * BOOK_PAGE if after is None else 0
        asked = reading.PageAsked(board_id, number, BOOK_PAGE, offset, after, chosen or None)
        found, digests, _ = desk.public_page(asked)
    except NyballotError as exc:
        return error_page(exc)
    rows = found.rows
    query = urlencode([(k, v) for k, v in (("board", board_id), ("year", number)) if v])
    columns = [c for c in book_export.COLUMNS if c != "uid"]
    following = _turned(request, page + 1, found.next) if found.next is not None else None
    return respond(
        request,
        "book.html",
        name=f"nyballot-book{'-' + board_id if board_id else ''}{f'-{number}' if number else ''}",
        rows=[{c: row.get(c) for c in [*columns, "uid"]} for row in rows],
        data={"board": board_id, "year": number, "filings": rows, "next": following},
        extra=[("JSON API", f"/book?{query}{'&' if query else ''}format=json")],
        title=book_export.title(board_id, number),
        columns=columns,
        labels=[(c, c.replace("_", " ")) for c in columns],
        filings=rows,
        total=found.total,
        first=(page - 1) * BOOK_PAGE + 1,
        previous=_turned(request, page - 1) if page > 1 else None,
        following=following,
        kinds={k.value: info.title for k, info in KINDS.items()},
        kind=chosen,
        digests=digests,
        digests_note=book_export.DIGESTS_NOTE,
        boards=sorted(BOARDS.values(), key=lambda b: b.name),
        board=board_id or "",
        year=number or "",
        query=query,
    )
