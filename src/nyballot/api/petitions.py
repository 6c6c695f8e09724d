"""Petition review over HTTP, and the clerk's page for walking a kept review.

The database and matching libraries are imported by the handlers, when a review is asked for,
so that they do not slow the server's start.

    POST /petitions/review                  a lines file (text/csv body) -> the review (JSON,
                                            streamed; over 2,000 lines a clerk's token)
    POST /petitions/reviews                 the same, kept for the clerk (token) -> 201 with id
    GET  /petitions/reviews/{id}            a kept review, its overrides, the tally after them
    POST /petitions/reviews/{id}/overrides  a clerk's ruling on a line, with a reason (token)
    POST /petitions/reviews/{id}/undo       the clerk's ruling on a line withdrawn (token)
    POST /petitions/reviews/{id}/certify    the review certified: its rulings frozen (token)
    POST /petitions/reviews/{id}/reading    its ambiguous lines read either or strict (token)
    GET  /web/petitions                     the kept reviews, newest first, linked to their pages
    GET  /web/petitions/{id}                the page: each sheet's count, each line, the voter
                                            beside it, a form
    GET  /web/petitions/{id}/report.csv|pdf the clerk's report as a download
    POST /web/petitions/{id}/override       the page's form (token in the form)

The query names the petition as the command line does (``year``, ``kind``, ``party``,
``unit=AD=7`` repeated, ``enrolled``, ``governor_votes``, ``required``, ``seats``, ``law``,
``with``, ``ambiguous_reading`` (``either``, the default, or ``strict``), and ``petition``: its
uid in the desk's book, for § 6-134(3) against the other petitions there; a kept review also
records its signers for theirs, as ``--petition`` does). The voter store is
``$NYBALLOT_VOTERS_DB`` (or ./nyballot-voters.duckdb). A lines file posted for review has its
own, larger limit (``UPLOADS``); every other body is limited as every request's is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from functools import partial
from typing import Annotated, Any, Literal
from urllib.parse import parse_qs

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import (
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from nyballot.api.desk import client_of
from nyballot.errors import NyballotError, UsageError
from nyballot.filing import access
from nyballot.filing.access import RECORD, Actor
from nyballot.filing.desk import Desk
from nyballot.filing.errors import ForbiddenError, NotFoundError
from nyballot.law.choice import LawChoice
from nyballot.petitions import kept
from nyballot.petitions.lines import Petition, line_named, read_lines
from nyballot.petitions.report import template, title
from nyballot.petitions.request import Request as ReviewRequest
from nyballot.petitions.request import parse_units

router = APIRouter()
# The access log's names for the writes here (the desk's own are "file" and "authenticate").
KEEP = "keep review"
OVERRIDE = "override"
REVIEW = "review"
UNDO = "undo override"
CERTIFY = "certify review"
READING = "read review as"
# The lines a review without a clerk's token may hold: a public review's price is bounded.
PUBLIC_LINES = 2_000
# The paths whose body is a lines file (``app.MAX_UPLOAD``, not the small limit of the rest).
UPLOADS = ("/petitions/review", "/petitions/reviews")
Id = Annotated[str, Path(max_length=36)]


def asked(
    year: Annotated[int, Query(ge=1900, le=2100)],
    kind: Literal["designating", "independent"] = "designating",
    party: Annotated[str | None, Query(max_length=10)] = None,
    unit: Annotated[list[str] | None, Query(max_length=8)] = None,
    enrolled: Annotated[int | None, Query(ge=0)] = None,
    governor_votes: Annotated[int | None, Query(ge=0)] = None,
    required: Annotated[int | None, Query(ge=0)] = None,
    seats: Annotated[int, Query(ge=1, le=100)] = 1,
    law: Annotated[str | None, Query(max_length=40)] = None,
    overlays: Annotated[list[str] | None, Query(alias="with", max_length=5)] = None,
    ambiguous_reading: Literal["either", "strict"] = "either",
) -> ReviewRequest:
    return ReviewRequest(
        year=year,
        kind=kind,
        party=party.upper() if party else None,
        units=parse_units([u[:60] for u in unit or []]),
        enrolled=enrolled,
        governor_votes=governor_votes,
        required=required,
        seats=seats,
        law=LawChoice(law, tuple(overlays or ())),
        ambiguous_reading=ambiguous_reading,
    )


Asked = Annotated[ReviewRequest, Depends(asked)]
InBook = Annotated[
    str | None, Query(max_length=36, description="The petition's uid in the desk's book.")
]


def _clerk(request: Request, token: str | None, action: str, target: str = "") -> Actor:
    """The clerk a token stands for, if it may write; a failed authentication or a role that
    may not write is refused and logged, with the client's address, as the desk's writes are."""
    desk: Desk = request.app.state.desk
    actor = desk.actor_for(token, client_of(request))
    if not actor.may(RECORD):
        _log(request, actor, action, target, f"refused: role '{actor.role}' may not record")
        raise ForbiddenError(f"role '{actor.role}' may not record filings")
    return actor


def _log(request: Request, actor: Actor, action: str, target: str, outcome: str) -> None:
    desk: Desk = request.app.state.desk
    access.log(desk.engine, actor.name, action, target, actor.client, outcome)


@contextmanager
def _logged(request: Request, actor: Actor, action: str, target: str) -> Iterator[list[str]]:
    """Log a write in the desk's access log, recorded or refused; the body may name its target
    once it is known (``names.append(uid)``)."""
    names = [target]
    try:
        yield names
    except NyballotError as exc:
        _log(request, actor, action, names[-1], f"refused: {exc}")
        raise
    _log(request, actor, action, names[-1], "recorded")


def _bearer(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


def _refuse_forms(content_type: str, body: bytes) -> None:
    """A lines file sent as a form is not the file: ``curl -F`` wraps it in a multipart body and
    ``curl -d`` drops its line breaks, so either would be refused as a bad header row. (A body
    marked as a form that keeps its lines, as Python's urllib sends bytes, is read as it is.)"""
    kind = content_type.split(";")[0].strip().lower()
    flattened = kind == "application/x-www-form-urlencoded" and b"\n" not in body
    if kind == "multipart/form-data" or flattened:
        raise UsageError(
            f"lines file: sent as a form ({kind}); send the CSV itself as the body, its bytes "
            "as they are, with Content-Type: text/csv"
        )


async def _reviewed(
    request: Request, wanted: ReviewRequest, petition: str | None = None, keep: bool = False
) -> tuple[dict[str, Any], str | None]:
    """The review of the body, with ``petition`` against the other petitions in the desk's
    book; with ``keep`` it is kept (and that petition's signers recorded for theirs) in one
    transaction. The review and the id it is kept under."""
    body = await request.body()
    _refuse_forms(request.headers.get("content-type", ""), body)
    desk: Desk = request.app.state.desk

    def run() -> tuple[dict[str, Any], str | None]:
        from nyballot.petitions.book import record_review, review_in_book
        from nyballot.petitions.review import review
        from nyballot.voters.store import opened

        lines = read_lines(body, "lines file")
        with opened(read_only=not keep) as con:
            if petition is None:
                result = review(con, lines, wanted)
            else:
                result = review_in_book(con, lines, wanted, petition, desk.records())
            return result, record_review(con, result, petition, keep) if keep else None

    # The review blocks on the database: it runs in a worker thread, not the event loop.
    return await run_in_threadpool(run)


@router.post("/petitions/review", tags=["petitions"], response_model=None)
async def review_lines(
    request: Request, wanted: Asked, petition: InBook = None
) -> StreamingResponse:
    """Review a lines file (the CSV as the body): a cited ruling per line and the tally,
    streamed as each line is ruled. Without a clerk's token a review takes at most
    ``PUBLIC_LINES`` lines (every request is under the rate limit too); a clerk's token takes
    the whole upload limit."""
    body = await request.body()
    _refuse_forms(request.headers.get("content-type", ""), body)
    token = _bearer(request)
    if token is not None:
        _clerk(request, token, REVIEW)
    desk: Desk = request.app.state.desk

    def start() -> Iterator[bytes]:
        lines = read_lines(body, "lines file")
        if token is None and len(lines.lines) > PUBLIC_LINES:
            raise HTTPException(413, f"lines file: {len(lines.lines):,} lines; a review "
                                f"without a clerk's token takes at most {PUBLIC_LINES:,} "
                                "(send Authorization: Bearer TOKEN)")  # fmt: skip
        return _started(lines, wanted, petition, desk)

    # The review blocks on the database and the CPU: it starts in a worker thread (the bad
    # input refused there, before a byte is sent), and the lines are ruled in worker threads
    # as the response is sent, a batch at a time, never in the event loop.
    chunks = await run_in_threadpool(start)
    return StreamingResponse(chunks, media_type="application/json")


def _started(
    lines: Petition, wanted: ReviewRequest, petition: str | None, desk: Desk
) -> Iterator[bytes]:
    """The review's JSON as a generator whose first chunk is ready (so that a refusal comes
    before the response starts); the store is closed when the last chunk is sent, or the
    client goes."""
    from nyballot.petitions.book import book_review
    from nyballot.petitions.report import json_chunks
    from nyballot.petitions.review import Review
    from nyballot.voters.store import opened

    stack = ExitStack()
    try:
        con = stack.enter_context(opened())
        if petition is None:
            run, in_book = Review(con, lines, wanted), None
        else:
            run, in_book = book_review(con, lines, wanted, petition, desk.records())
    except BaseException:
        stack.close()
        raise

    def rest() -> dict[str, Any]:
        found = run.rest()
        if in_book is not None:
            found["petition"]["in_book"] = in_book
        return found

    def chunks() -> Iterator[bytes]:
        with stack:
            yield from json_chunks(run.lines(), rest)

    return chunks()


def _check_board(request: Request, actor: Actor, petition: str) -> None:
    """Refuse a token that does not cover the board of the petition named (a petition the book
    does not hold is refused by the review itself, as over /petitions/review)."""
    desk: Desk = request.app.state.desk
    try:
        board = desk.get(petition)["board"]
    except NotFoundError:
        return
    actor.check_board(board)


@router.post("/petitions/reviews", status_code=201, tags=["petitions"])
async def keep_review(request: Request, wanted: Asked, petition: InBook = None) -> JSONResponse:
    """Review a lines file and keep it for the clerk's page (a clerk's token)."""

    actor = _clerk(request, _bearer(request), KEEP)
    with _logged(request, actor, KEEP, "review") as names:
        if petition is not None:  # the review of a board's petition is that board's
            _check_board(request, actor, petition)
        result, uid = await _reviewed(request, wanted, petition, keep=True)
        names.append(f"review {uid}")
    return JSONResponse({"id": uid, "page": f"/web/petitions/{uid}", **result}, 201)


@router.get("/petitions/reviews/{uid}", tags=["petitions"])
def kept_review(uid: Id) -> dict[str, Any]:
    """A kept review, every override in order, and the tally after them."""
    from nyballot.voters.store import opened

    with opened() as con:
        return kept.get(con, uid)


class LineIn(BaseModel):
    """A line of a kept review and the clerk's reason (an undo's body)."""

    model_config = ConfigDict(extra="forbid")
    volume: Annotated[int, Field(ge=1)] = 1
    sheet: Annotated[int, Field(ge=1)]
    line: Annotated[int, Field(ge=1)]
    reason: Annotated[str, Field(min_length=1, max_length=kept.MAX_REASON)]


class OverrideIn(LineIn):
    valid: bool


def _on_line(
    request: Request, uid: str, body: LineIn, action: str, write: Callable[..., dict[str, Any]]
) -> dict[str, Any]:
    """A clerk's write on one line of a kept review, logged as the desk's writes are."""
    from nyballot.voters.store import opened

    target = f"review {uid} {line_named((body.volume, body.sheet, body.line))}"
    actor = _clerk(request, _bearer(request), action, target)
    with _logged(request, actor, action, target), opened(read_only=False) as con:
        return write(con, uid, body.sheet, body.line, clerk=actor.name,
                     may_write=actor.check_board, volume=body.volume)  # fmt: skip


@router.post("/petitions/reviews/{uid}/overrides", status_code=201, tags=["petitions"])
def add_override(uid: Id, body: OverrideIn, request: Request) -> dict[str, Any]:
    """A clerk's ruling on one line, with the reason; kept beside the review's own."""
    return _on_line(request, uid, body, OVERRIDE,
                    partial(kept.override, valid=body.valid, reason=body.reason))  # fmt: skip


@router.post("/petitions/reviews/{uid}/undo", status_code=201, tags=["petitions"])
def undo_override(uid: Id, body: LineIn, request: Request) -> dict[str, Any]:
    """Undo the clerk's ruling in force on a line (refused, 409, once certified)."""
    return _on_line(request, uid, body, UNDO, partial(kept.undo, reason=body.reason))


@router.post("/petitions/reviews/{uid}/certify", status_code=201, tags=["petitions"])
def certify_review(uid: Id, request: Request) -> dict[str, Any]:
    """Certify a kept review: its rulings are frozen (a clerk's token)."""
    from nyballot.voters.store import opened

    actor = _clerk(request, _bearer(request), CERTIFY, f"review {uid}")
    with _logged(request, actor, CERTIFY, f"review {uid}"), opened(read_only=False) as con:
        return kept.certify(con, uid, actor.name, actor.check_board)


class ReadingIn(BaseModel):
    """How a kept review reads its ambiguous lines from now on, and the clerk's reason."""

    model_config = ConfigDict(extra="forbid")
    reading: Literal["either", "strict"]
    reason: Annotated[str, Field(min_length=1, max_length=kept.MAX_REASON)]


@router.post("/petitions/reviews/{uid}/reading", status_code=201, tags=["petitions"])
def read_review_as(uid: Id, body: ReadingIn, request: Request) -> dict[str, Any]:
    """Read a kept review's ambiguous lines as ``either`` or ``strict`` (a clerk's token;
    refused, 409, once certified)."""
    from nyballot.voters.store import opened

    target = f"review {uid} reading {body.reading}"
    actor = _clerk(request, _bearer(request), READING, target)
    with _logged(request, actor, READING, target), opened(read_only=False) as con:
        return kept.read_as(con, uid, body.reading, body.reason, actor.name, actor.check_board)


@router.get("/web/petitions/{uid}", include_in_schema=False)
def review_page(uid: Id) -> HTMLResponse:
    from nyballot.petitions.clerk import clerk_report
    from nyballot.voters.store import opened

    with opened() as con:
        result = kept.get(con, uid)
    html = template("review_page.html").render(
        r=result, title=title(result), report=clerk_report(result)
    )
    return HTMLResponse(html)


@router.get("/web/petitions/{uid}/report.{fmt}", include_in_schema=False)
def review_report(uid: Id, fmt: Literal["csv", "pdf"]) -> Response:
    """The clerk's report of a kept review as a download (the CSV adds up to the tally)."""
    from nyballot.petitions import clerk
    from nyballot.voters.store import opened

    with opened() as con:
        found = clerk.clerk_report(kept.get(con, uid))
    name = f'attachment; filename="review-{uid[:8]}-report.{fmt}"'
    if fmt == "csv":
        return Response(clerk.as_csv(found), media_type="text/csv; charset=utf-8",
                        headers={"Content-Disposition": name})  # fmt: skip
    from nyballot.export.pdf import html_to_pdf

    return Response(html_to_pdf(clerk.as_html(found)), media_type="application/pdf",
                    headers={"Content-Disposition": name})  # fmt: skip


@router.post("/web/petitions/{uid}/override", include_in_schema=False)
async def review_page_override(uid: Id, request: Request) -> Response:
    try:
        text = (await request.body()).decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError("form: not UTF-8 text") from None
    form = {k: v[0] for k, v in parse_qs(text).items()}
    try:
        volume = int(form.get("volume", "1"))
        sheet, line = int(form.get("sheet", "")), int(form.get("line", ""))
    except ValueError:
        raise UsageError("volume, sheet and line: expected numbers") from None
    from nyballot.voters.store import opened

    target = f"review {uid} {line_named((volume, sheet, line))}"
    actor = _clerk(request, form.get("token"), OVERRIDE, target)
    with _logged(request, actor, OVERRIDE, target), opened(read_only=False) as con:
        kept.override(con, uid, sheet, line, form.get("valid") == "yes",
                      form.get("reason", ""), actor.name, actor.check_board, volume)  # fmt: skip
    anchor = f"{f'v{volume}-' if volume != 1 else ''}s{sheet}-l{line}"
    return RedirectResponse(f"/web/petitions/{uid}#{anchor}", status_code=303)
