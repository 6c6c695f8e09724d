"""The HTTP API: the calendar, explain and holidays, and the filing desk.

Reads are public (the book of § 6-144 is open to public inspection); writes need
``Authorization: Bearer <token>`` of a clerk (``nyballot desk token``). Every error is JSON,
``{"error": "..."}``, with a 4xx status for anything the caller can fix.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
from functools import lru_cache
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Header, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from nyballot.api import coverage, downloads
from nyballot.api import petitions as petitions_api
from nyballot.api.body_limit import BodyLimit
from nyballot.api.downloads import Asked, Convention, Event, Kind, Law, With, Year
from nyballot.calendar.model import parse_kind_groups
from nyballot.compare import compare
from nyballot.errors import NyballotError, UsageError
from nyballot.export.json import calendar_dict, comparison_dict, deadline_dict, holidays_dict
from nyballot.filing import book as book_export
from nyballot.filing.desk import Desk, Submission
from nyballot.filing.errors import AuthError, ConflictError, ForbiddenError, NotFoundError
from nyballot.filing.model import NEW_YORK
from nyballot.filing.records import clock_dict
from nyballot.filing.submission import parse_day
from nyballot.law.choice import LawChoice
from nyballot.law.model import KindGroup
from nyballot.web import router as web_router
from nyballot.web.common import Choice, choose
from nyballot.web.pages import error_page_for, is_page

MAX_BODY = 64 * 1024
log = logging.getLogger("nyballot.api")

Text = Annotated[str, Field(max_length=300)]


bearer = HTTPBearer(auto_error=False, description="A clerk's token (nyballot desk token)")


def clerk(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> str:
    """The name of the clerk whose token came with the request (a write needs the clerk role)."""
    desk: Desk = request.app.state.desk
    return desk.authenticate(credentials.credentials if credentials else None)


Clerk = Annotated[str, Depends(clerk)]
IdemKey = Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)]


class CandidateIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(min_length=1, max_length=300)]
    residence: Text = ""


class FilingIn(BaseModel):
    """A paper presented to the board."""

    model_config = ConfigDict(extra="forbid")
    kind: Annotated[str, Field(max_length=40, examples=["designating_petition"])]
    board: Annotated[str, Field(max_length=40, examples=["albany"])]
    year: Annotated[int, Field(ge=1900, le=2100)]
    received: Annotated[
        str | None, Field(max_length=40, examples=["2026-04-02T16:59:00-04:00"])
    ] = None
    method: Literal["in_person", "mail", "overnight"] = "in_person"
    postmark: Annotated[str | None, Field(max_length=10)] = None
    candidates: Annotated[list[CandidateIn], Field(max_length=50)] = []
    office: Text = ""
    district: Text = ""
    party: Text = ""
    independent_body: bool = False
    refers_to: Annotated[str | None, Field(max_length=36)] = None
    outcome: Literal["valid", "invalid", "noncompliant"] | None = None
    fee_cents: Annotated[int, Field(ge=0, le=10**9)] = 0
    note: Annotated[str, Field(max_length=2000)] = ""
    law: Annotated[str | None, Field(max_length=40)] = None
    what_if: Annotated[list[Annotated[str, Field(max_length=40)]], Field(max_length=5)] = []


class ObjectionIn(BaseModel):
    """General objections to a filing, or (specifications=true) specifications of them."""

    model_config = ConfigDict(extra="forbid")
    refers_to: Annotated[str, Field(max_length=36)]
    board: Annotated[str, Field(max_length=40)]
    year: Annotated[int, Field(ge=1900, le=2100)]
    received: Annotated[str | None, Field(max_length=40)] = None
    method: Literal["in_person", "mail", "overnight"] = "in_person"
    postmark: Annotated[str | None, Field(max_length=10)] = None
    specifications: bool = False
    note: Annotated[str, Field(max_length=2000)] = ""


@lru_cache(maxsize=256)
def _calendar_json(choice: Choice, kinds: tuple[KindGroup, ...] = ()) -> bytes:
    # The law data is fixed for the life of the process, so a calendar never changes.
    return json.dumps(calendar_dict(choice.calendar().of_kinds(kinds))).encode()


STATUS = (
    (NotFoundError, 404),
    (ConflictError, 409),
    (AuthError, 401),
    (ForbiddenError, 403),
    (NyballotError, 400),
)


def create_app(database: str | None = None, max_body: int = MAX_BODY) -> FastAPI:
    """The application over one database (default: $NYBALLOT_DATABASE_URL or SQLite)."""
    app = FastAPI(
        title="nyballot",
        version="0.1.0",
        description="New York's ballot-access law as code: the political calendar and a "
        "board of elections' filing desk (§§ 1-106, 6-144, 6-154, 16-102).",
    )
    desk = Desk(database)
    app.state.desk = desk
    # The downloads come first, so /calendar/{year}.ics is matched before /calendar/{year}.
    app.include_router(downloads.router)
    app.include_router(web_router)
    app.include_router(coverage.router)
    app.include_router(petitions_api.router)

    @app.exception_handler(NyballotError)
    async def nyballot_error(request: Request, exc: NyballotError) -> Response:
        status = next(code for cls, code in STATUS if isinstance(exc, cls))
        if is_page(request):
            return error_page_for(status, str(exc))
        headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
        return JSONResponse({"error": str(exc)}, status_code=status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        problems = []
        for e in exc.errors()[:5]:
            where = ".".join(str(p) for p in e.get("loc", ()) if p != "body")
            problems.append(f"{where}: {e.get('msg', 'invalid')}")
        message = "; ".join(problems) or "invalid request"
        if is_page(request):
            return error_page_for(400, message)
        return JSONResponse({"error": message}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if is_page(request):
            return error_page_for(exc.status_code, str(exc.detail), exc.headers)
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> Response:
        log.exception("internal error")
        if is_page(request):
            return error_page_for(500, "internal error; please report it")
        return JSONResponse({"error": "internal error; please report it"}, status_code=500)

    @app.get("/health")
    def health() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/calendar/{year}", response_model=None)
    def calendar(choice: Asked, kind: Kind = None) -> Response:
        """The political calendar of a year, every date with its derivation (the same query as
        ``/calendar/{year}.json``: law, with, event, convention; ``kind`` keeps only the
        dates for candidates, boards or voters)."""
        kinds = parse_kind_groups(kind or (), "kind")
        return Response(_calendar_json(choice, kinds), media_type="application/json")

    @app.get("/explain/{year}/{rule_id}")
    def explain(choice: Asked, rule_id: Annotated[str, Path(max_length=100)]) -> dict[str, Any]:
        """One date, step by step, with the words and citations (the same query as
        ``/calendar/{year}``: law, with, event, convention)."""
        cal = choice.calendar()
        try:
            deadline = cal.deadline(rule_id)
        except UsageError as exc:  # a rule the calendar does not have is not found: 404
            raise NotFoundError(str(exc)) from None
        return deadline_dict(deadline)

    @app.get("/compare/{year}")
    def compare_laws(
        year: Year,
        law: Law = None,
        overlays: With = None,
        against: Law = None,
        against_with: Annotated[list[str] | None, Query(max_length=5)] = None,
        event: Event = None,
        convention: Convention = "rolled",
    ) -> dict[str, Any]:
        """A year under two laws, date by date: ``?with=S5961`` against the law in force, or
        ``?law=current&against=pre-2019``; ``event`` as for ``/calendar/{year}``."""
        base = LawChoice(against or law, tuple(against_with or ()))
        other = LawChoice(law, tuple(overlays or ()))
        events = dict(choose(year, events=event or ()).events)
        return comparison_dict(compare(year, base, other, events=events, convention=convention))

    @app.get("/holidays/{year}")
    def holidays(year: Year) -> dict[str, Any]:
        """Public holidays of a year (GCL § 24)."""
        return holidays_dict(year)

    @app.get("/book", response_model=None)
    def book(
        board: Annotated[str | None, Query(max_length=40)] = None,
        year: Annotated[int | None, Query(ge=1900, le=2100)] = None,
        format: Annotated[Literal["json", "csv", "html"], Query()] = "json",
    ) -> Response | dict[str, Any]:
        """The public book of filings (§ 6-144)."""
        rows = book_export.rows(desk.records(board, year))
        title = book_export.title(board, year)
        if format == "csv":
            return PlainTextResponse(book_export.to_csv(rows), media_type="text/csv")
        if format == "html":
            return HTMLResponse(book_export.to_html(rows, title))
        return {"title": title, "rows": rows}

    @app.get("/filings/{uid}")
    def filing(uid: Annotated[str, Path(max_length=36)]) -> dict[str, Any]:
        """A filing, every later record that refers to it, and its replayed state."""
        return desk.history(uid)

    @app.get("/due")
    def due(
        board: Annotated[str | None, Query(max_length=40)] = None,
        year: Annotated[int | None, Query(ge=1900, le=2100)] = None,
        on: Annotated[str | None, Query(max_length=10, description="YYYY-MM-DD")] = None,
    ) -> list[dict[str, Any]]:
        """What falls due on or after a day (default today), soonest first."""
        day = parse_day(on, "on") if on is not None else dt.datetime.now(NEW_YORK).date()
        return [clock_dict(c) for c in desk.due(board, year, day)]

    def _record(s: Submission, who: str, key: str | None) -> JSONResponse:
        record, replayed = desk.submit(s, who, key)
        return JSONResponse({**record, "replayed": replayed}, status_code=200 if replayed else 201)

    @app.post("/filings", status_code=201, response_model=None)
    def file_paper(body: FilingIn, who: Clerk, key: IdemKey = None) -> JSONResponse:
        """Stamp and record a paper; the verdict and its derivation come back."""
        data = body.model_dump()
        data["candidates"] = [dict(c) for c in data["candidates"]]
        return _record(Submission(**data), who, key)

    @app.post("/objections", status_code=201, response_model=None)
    def file_objection(body: ObjectionIn, who: Clerk, key: IdemKey = None) -> JSONResponse:
        """Record general objections (or their specifications) to a filing."""
        s = Submission(
            kind="specifications" if body.specifications else "objection",
            board=body.board,
            year=body.year,
            received=body.received,
            method=body.method,
            postmark=body.postmark,
            refers_to=body.refers_to,
            note=body.note,
        )
        return _record(s, who, key)

    app.add_middleware(BodyLimit, limit=max_body)
    return app
