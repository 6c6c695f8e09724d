"""The filing desk's API: the public book (paged, verifiable) and the clerks' writes.

Reads are public (the book of § 6-144 is open to public inspection); writes need
``Authorization: Bearer <token>`` of a clerk (``nyballot desk token``), scoped to boards.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

import orjson
from fastapi import APIRouter, Depends, Header, Path, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field

from nyballot.api.errors import DESK_READ, READ, WRITE, answers
from nyballot.filing import book as book_export
from nyballot.filing import chain, keys
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
Board = Annotated[str | None, Query(max_length=40)]
YearQ = Annotated[int | None, Query(ge=1900, le=2100)]

bearer = HTTPBearer(auto_error=False, description="A clerk's token (nyballot desk token)")


def desk_of(request: Request) -> Desk:
    desk: Desk = request.app.state.desk
    return desk


def client_of(request: Request) -> str:
    return request.client.host if request.client else ""


def actor(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> Actor:
    """Who the token came from (its role and boards are checked by the desk)."""
    token = credentials.credentials if credentials else None
    return desk_of(request).actor_for(token, client_of(request))


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
def book(
    request: Request,
    board: Board = None,
    year: YearQ = None,
    format: Annotated[Literal["json", "csv", "html"], Query()] = "json",
    limit: Limit = 100,
    offset: Offset = 0,
) -> Response | dict[str, Any]:
    """The public book of filings (§ 6-144), a page at a time (``limit``, ``offset``), with the
    daily digests of the days its records were made (every digest: ``/book/digests``)."""
    desk = desk_of(request)
    page, total, records = desk.book_page(board, year, limit, offset)
    title = book_export.title(board, year)
    days = {(r["board"], r["recorded_at"][:10]) for r in records}
    digests = [d for d in desk.digests(board, year) if (d["board"], d["day"]) in days]
    if format == "csv":
        return Response(book_export.to_csv(page), media_type="text/csv; charset=utf-8")
    if format == "html":
        published = desk.published_keys()
        return HTMLResponse(book_export.to_html(page, title, digests, published))
    data = {
        "title": title,
        "rows": page,
        "total": total,
        "offset": offset,
        "limit": limit,
        "digests": digests,
        "keys": desk.published_keys(),
    }
    # Plain values already: written by orjson, not walked by the framework's encoder (which
    # took longer than reading the page).
    return Response(orjson.dumps(data), media_type="application/json")


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
def due(
    request: Request,
    board: Board = None,
    year: YearQ = None,
    on: Annotated[str | None, Query(max_length=10, description="YYYY-MM-DD")] = None,
    limit: Limit = 100,
    offset: Offset = 0,
) -> Response:
    """What falls due on or after a day (default today), soonest first, a page at a time (the
    whole count in ``X-Total-Count``)."""
    day = parse_day(on, "on") if on is not None else dt.datetime.now(NEW_YORK).date()
    desk = desk_of(request)
    found = desk.due(board, year, day, limit=limit, offset=offset)
    total = {"X-Total-Count": str(desk.due_count(board, year, day))}
    body = orjson.dumps([clock_dict(c) for c in found])
    return Response(body, media_type="application/json", headers=total)


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
