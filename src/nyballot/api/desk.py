"""The filing desk's API: the public book (paged, verifiable) and the clerks' writes.

Reads are public (the book of § 6-144 is open to public inspection); writes need
``Authorization: Bearer <token>`` of a clerk (``nyballot desk token``), scoped to boards.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar
from urllib.parse import urlencode

import anyio
import orjson
from fastapi import APIRouter, Depends, Header, Path, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field

from nyballot.api.errors import DESK_READ, READ, WRITE, answers
from nyballot.api.kept_pages import KeptPages, page_key
from nyballot.filing import book as book_export
from nyballot.filing import chain, keys, reading
from nyballot.filing.access import Actor
from nyballot.filing.check import would_be
from nyballot.filing.desk import Desk, Submission
from nyballot.filing.model import NEW_YORK, local
from nyballot.filing.records import clock_dict
from nyballot.filing.submission import parse_day, parse_instant

router = APIRouter()

Text = Annotated[str, Field(max_length=300)]
MAX_PAGE = 1000
Limit = Annotated[int, Query(ge=1, le=MAX_PAGE, description=f"At most {MAX_PAGE} per page")]
Offset = Annotated[int, Query(ge=0, le=10**9)]
After = Annotated[
    int | None,
    Query(ge=0, le=2**62, description="The cursor: the last seq of the previous page (its next)"),
]
DueAfter = Annotated[
    str | None,
    Query(max_length=100, description="The cursor: DAY,NAME,FILING of the previous page's last"),
]
# Reads at once in the thread pool: the others wait on the event loop without a thread, so a
# clerk's write (in the pool's other threads) never queues behind the public's reads, and
# shares the interpreter with only this many of them.
READERS = 2
T = TypeVar("T")
Board = Annotated[str | None, Query(max_length=40)]
YearQ = Annotated[int | None, Query(ge=1900, le=2100)]

bearer = HTTPBearer(auto_error=False, description="A clerk's token (nyballot desk token)")


def desk_of(request: Request) -> Desk:
    desk: Desk = request.app.state.desk
    return desk


async def off_loop(request: Request, read: Callable[..., T], *args: Any) -> T:
    """Run a read in the thread pool, at most ``READERS`` at once (a limiter per event loop)."""
    loop, state = asyncio.get_running_loop(), request.app.state
    if getattr(state, "readers", (None,))[0] is not loop:
        state.readers = (loop, anyio.CapacityLimiter(READERS))
    return await anyio.to_thread.run_sync(read, *args, limiter=state.readers[1])


async def kept_read(request: Request, read: Callable[..., Response], *args: Any) -> Response:
    """``read(*args)`` by ``off_loop``, or the page it made before if the book has not changed
    since (``KeptPages``, by ``page_key``); the page made is kept."""
    kept: KeptPages = request.app.state.kept_pages
    return await kept.answer(page_key(request.scope), lambda: off_loop(request, read, *args))


def next_link(request: Request, name: str, cursor: object) -> str | None:
    """This request's URL for the page after it: the cursor ``name`` set, no offset."""
    if cursor is None:
        return None
    pairs = [(k, v) for k, v in request.query_params.multi_items() if k not in (name, "offset")]
    return f"{request.url.path}?{urlencode([*pairs, (name, str(cursor))])}"


def client_of(request: Request) -> str:
    return request.client.host if request.client else ""


async def actor(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> Actor:
    """Who the token came from (its role and boards are checked by the desk). On a local book
    a valid token is read on the event loop (microseconds, where a thread's turn under load
    cost a clerk's write milliseconds); any other, and any token on a database server, in a
    thread, where a refusal is logged."""
    token = credentials.credentials if credentials else None
    desk, client = desk_of(request), client_of(request)
    found = desk.valid_actor(token, client) if desk.local else None
    if found is None:
        found = await anyio.to_thread.run_sync(desk.actor_for, token, client)
    return found


Who = Annotated[Actor, Depends(actor)]
IdemKey = Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)]


class CandidateIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(min_length=1, max_length=300)]
    residence: Text = ""


class LateEntryIn(BaseModel):
    """A paper received earlier than it is entered: why (allowed to a supervisor's token)."""

    model_config = ConfigDict(extra="forbid")
    reason: Annotated[str, Field(min_length=1, max_length=500)]


class SpecialIn(BaseModel):
    """The special election a paper is for: its office and the days of its proclamation and
    election (the same as its id, OFFICE:PROCLAIMED:ELECTION)."""

    model_config = ConfigDict(extra="forbid")
    office: Annotated[str, Field(max_length=40, examples=["assembly"])]
    proclaimed: Annotated[str, Field(max_length=10, examples=["2026-02-02"])]
    election: Annotated[str, Field(max_length=10, examples=["2026-03-17"])]

    @property
    def id(self) -> str:
        return f"{self.office}:{self.proclaimed}:{self.election}"


class FilingIn(BaseModel):
    """A paper presented to the board (stamped by the server's clock unless a late entry)."""

    model_config = ConfigDict(extra="forbid")
    kind: Annotated[str, Field(max_length=40, examples=["designating_petition"])]
    board: Annotated[str, Field(max_length=40, examples=["albany"])]
    year: Annotated[int, Field(ge=1900, le=2100)]
    received: Annotated[
        str | None,
        Field(max_length=40, examples=["2026-04-02T16:59:00-04:00"], description="late entry"),
    ] = None
    late_entry: LateEntryIn | None = None
    method: Literal["in_person", "mail", "overnight"] = "in_person"
    postmark: Annotated[str | None, Field(max_length=10)] = None
    candidates: Annotated[list[CandidateIn], Field(max_length=50)] = []
    office: Text = ""
    district: Text = ""
    party: Text = ""
    independent_body: bool = False
    refers_to: Annotated[str | None, Field(max_length=36)] = None
    supersedes: Annotated[str | None, Field(max_length=36)] = None
    outcome: Literal["valid", "invalid", "noncompliant"] | None = None
    fee_cents: Annotated[int, Field(ge=0, le=10**9)] = 0
    note: Annotated[str, Field(max_length=2000)] = ""
    law: Annotated[str | None, Field(max_length=40)] = None
    what_if: Annotated[list[Annotated[str, Field(max_length=40)]], Field(max_length=5)] = []
    special: Annotated[
        Annotated[str, Field(max_length=100)] | SpecialIn | None,
        Field(
            examples=["assembly:2026-02-02:2026-03-17"],
            description="the special election the paper is for: its id, or its office and days",
        ),
    ] = None


class ObjectionIn(BaseModel):
    """General objections to a filing, or (specifications=true) specifications of them."""

    model_config = ConfigDict(extra="forbid")
    refers_to: Annotated[str, Field(max_length=36)]
    board: Annotated[str, Field(max_length=40)]
    year: Annotated[int, Field(ge=1900, le=2100)]
    received: Annotated[str | None, Field(max_length=40)] = None
    late_entry: LateEntryIn | None = None
    method: Literal["in_person", "mail", "overnight"] = "in_person"
    postmark: Annotated[str | None, Field(max_length=10)] = None
    specifications: bool = False
    note: Annotated[str, Field(max_length=2000)] = ""


@router.get("/book", response_model=None, responses=answers(*DESK_READ))
async def book(
    request: Request,
    board: Board = None,
    year: YearQ = None,
    format: Annotated[Literal["json", "csv", "html"], Query()] = "json",
    limit: Limit = 100,
    offset: Offset = 0,
    after: After = None,
) -> Response:
    """The public book of filings (§ 6-144), a page at a time: ``limit`` papers after the
    cursor ``after`` (the ``next`` link gives it; a deep page costs what the first does) or
    from ``offset``, with the daily digests of the days its records were made (every digest:
    ``/book/digests``)."""
    return await kept_read(request, _book, request, board, year, format, limit, offset, after)


def _book(
    request: Request,
    board: str | None,
    year: int | None,
    format: str,
    limit: int,
    offset: int,
    after: int | None,
) -> Response:
    asked = reading.PageAsked(board, year, limit, offset, after)
    page, digests, published = desk_of(request).public_page(asked)
    title = book_export.title(board, year)
    following = next_link(request, "after", page.next)
    link = {"Link": f'<{following}>; rel="next"'} if following else {}
    if format == "csv":
        body = book_export.to_csv(page.rows)
        return Response(body, media_type="text/csv; charset=utf-8", headers=link)
    if format == "html":
        html = book_export.to_html(page.rows, title, digests, published, following)
        return HTMLResponse(html, headers=link)
    data = {
        "title": title,
        "rows": page.rows,
        "total": page.total,
        "offset": offset if after is None else None,
        "after": after,
        "limit": limit,
        "next": following,
        "digests": digests,
        "keys": published,
    }
    # Plain values already: written by orjson, not walked by the framework's encoder (which
    # took longer than reading the page).
    return Response(orjson.dumps(data), media_type="application/json", headers=link)


@router.get("/book/digests", responses=answers(*DESK_READ))
def book_digests(request: Request, board: Board = None, year: YearQ = None) -> dict[str, Any]:
    """Every daily digest of the book (the last hash of each board's day), with the board's
    public keys: keep them, and check the book against them later (``/book/verify``)."""
    desk = desk_of(request)
    return {"digests": desk.digests(board, year), "keys": desk.published_keys()}


Digests = Annotated[
    list[str] | None,
    Query(
        alias="digest",
        max_length=50,
        description="A daily digest kept from the book (repeatable): is a record still bearing it?",
    ),
]


PublicKeys = Annotated[
    list[str] | None,
    Query(
        alias="public_key",
        max_length=10,
        description="The board's published public key (repeatable): every signature must be its",
    ),
]


@router.get("/book/verify", responses=answers(*DESK_READ))
def verify(
    request: Request, kept: Digests = None, public_keys: PublicKeys = None
) -> dict[str, Any]:
    """Check the database's integrity, every board's hash chain, every signature and the access
    log's chain, and any kept digests; name the first broken record and whether each digest is
    still in the book."""
    desk = desk_of(request)
    given = [keys.public_key(k, "public_key") for k in public_keys or ()]
    damage = desk.integrity()
    found = desk.verification(given)
    broken = found.pop("break")
    report: dict[str, Any] = {
        "ok": broken is None and not damage and found["access_log"]["first_broken"] is None,
        **found,
        "integrity": damage,
        "first_broken": broken.as_dict() if broken else None,
    }
    if kept:
        report["digests"] = chain.kept_digests(desk.records(), kept)
        report["ok"] = report["ok"] and all(x["found"] for x in report["digests"])
    return report


@router.get("/filings/{uid}", responses=answers(404, 422, 503))
def filing(request: Request, uid: Annotated[str, Path(max_length=36)]) -> dict[str, Any]:
    """A filing, every later record that refers to it, and its replayed state."""
    return desk_of(request).history(uid)


@router.get("/due", response_model=list[dict[str, Any]], responses=answers(*DESK_READ))
async def due(
    request: Request,
    board: Board = None,
    year: YearQ = None,
    on: Annotated[str | None, Query(max_length=10, description="YYYY-MM-DD")] = None,
    limit: Limit = 100,
    offset: Offset = 0,
    after: DueAfter = None,
) -> Response:
    """What falls due on or after a day (default today), soonest first, a page at a time:
    after the cursor ``after`` (the next page's address is in the ``Link`` header, rel="next")
    or from ``offset``; the whole count in ``X-Total-Count`` (on a page asked for without a
    cursor)."""
    day = parse_day(on, "on") if on is not None else dt.datetime.now(NEW_YORK).date()
    return await kept_read(request, _due, request, board, year, day, limit, offset, after)


def _due(
    request: Request,
    board: str | None,
    year: int | None,
    day: dt.date,
    limit: int,
    offset: int,
    after: str | None,
) -> Response:
    desk = desk_of(request)
    found = desk.due(board, year, day, limit=limit + 1, offset=offset, after=after)
    # Counting runs through every clock from the day on (most of a first page's cost): a page
    # by cursor, whose first page said the count, is not counted again.
    headers = {} if after else {"X-Total-Count": str(desk.due_count(board, year, day))}
    if len(found) > limit:
        following = next_link(request, "after", reading.due_cursor(found[limit - 1]))
        headers["Link"] = f'<{following}>; rel="next"'
    body = orjson.dumps([clock_dict(c) for c in found[:limit]])
    return Response(body, media_type="application/json", headers=headers)


def _record(request: Request, s: Submission, who: Actor, key: str | None) -> JSONResponse:
    record, replayed = desk_of(request).submit(s, who, key)
    return JSONResponse({**record, "replayed": replayed}, status_code=200 if replayed else 201)


def _reason(late: LateEntryIn | None) -> str | None:
    return late.reason if late is not None else None


@router.post("/filings", status_code=201, response_model=None, responses=answers(*WRITE))
def file_paper(request: Request, body: FilingIn, who: Who, key: IdemKey = None) -> JSONResponse:
    """Stamp (by the server's clock) and record a paper; the verdict and its derivation come
    back. A paper received earlier is a late entry: ``received`` and ``late_entry.reason``."""
    data = body.model_dump()
    data["candidates"] = [dict(c) for c in data["candidates"]]
    data["late_entry"] = _reason(body.late_entry)
    if isinstance(body.special, SpecialIn):
        data["special"] = body.special.id
    return _record(request, Submission(**data), who, key)


@router.post("/objections", status_code=201, response_model=None, responses=answers(*WRITE))
def file_objection(
    request: Request, body: ObjectionIn, who: Who, key: IdemKey = None
) -> JSONResponse:
    """Record general objections (or their specifications) to a filing."""
    s = Submission(
        kind="specifications" if body.specifications else "objection",
        board=body.board,
        year=body.year,
        received=body.received,
        late_entry=_reason(body.late_entry),
        method=body.method,
        postmark=body.postmark,
        refers_to=body.refers_to,
        note=body.note,
    )
    return _record(request, s, who, key)


@router.get("/timeliness", responses=answers(*READ))
def timeliness(
    paper: Annotated[str, Query(max_length=40, examples=["designating_petition"])],
    board: Annotated[str, Query(max_length=40, examples=["albany"])],
    method: Literal["in_person", "mail", "overnight"] = "in_person",
    at: Annotated[
        str | None,
        Query(max_length=40, description="When it would be received (default: now)"),
    ] = None,
    postmark: Annotated[str | None, Query(max_length=10, description="YYYY-MM-DD")] = None,
    year: YearQ = None,
    law: Annotated[str | None, Query(max_length=40)] = None,
    what_if: Annotated[list[str] | None, Query(alias="with", max_length=5)] = None,
) -> dict[str, Any]:
    """Would this paper be on time? The desk's verdict for a paper received by a board at an
    instant, with the words of the law and the clocks it would start; nothing is recorded."""
    instant = parse_instant(at, "at") if at is not None else dt.datetime.now(NEW_YORK)
    s = Submission(
        kind=paper,
        board=board,
        year=year or local(instant).year,
        method=method,
        postmark=postmark,
        law=law,
        what_if=list(what_if or []),
    )
    return would_be(s, instant)
