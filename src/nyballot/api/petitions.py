"""Petition review over HTTP, and the clerk's page for walking a kept review.

The database and matching libraries are imported by the handlers, when a review is asked for,
so that they do not slow the server's start; a review itself runs in a worker process
(``petitions.workers``), never in the server's.

    POST /petitions/review                  a lines file (text/csv body) -> the review (JSON,
                                            streamed; over 2,000 lines a clerk's token; 503
                                            with Retry-After while the public's queue is full)
    POST /petitions/reviews                 the same, kept for the clerk (token) -> 201 with id
    GET  /petitions/reviews/{id}            a kept review, its overrides, the tally after them
    POST /petitions/reviews/{id}/overrides  a clerk's ruling on a line, with a reason (token)
    POST /petitions/reviews/{id}/undo       the clerk's ruling on a line withdrawn (token)
    POST /petitions/reviews/{id}/certify    the review certified: its rulings frozen (token)
    POST /petitions/reviews/{id}/reading    how its ambiguous lines are read (token)
    GET  /web/petitions                     the kept reviews, newest first, linked to their pages
    GET  /web/petitions/{id}                the page: each sheet's count, each line, the voter
                                            beside it, a form
    GET  /web/petitions/{id}/report.csv|pdf the clerk's report as a download
    POST /web/petitions/{id}/override       the page's form (token in the form)

The query names the petition as the command line does (``year``, ``kind``, ``party``,
``unit=AD=7`` repeated, ``enrolled``, ``governor_votes``, ``required``, ``seats``, ``law``,
``with``, ``ambiguous_reading`` (``presumed``, the default, ``either`` or ``strict``),
``previous_name_reading`` (``counts``, the default, or ``strict``), and ``petition``: its
uid in the desk's book, for § 6-134(3) against the other petitions there; a kept review also
records its signers for theirs, as ``--petition`` does). The voter store is
``$NYBALLOT_VOTERS_DB`` (or ./nyballot-voters.duckdb). A lines file posted for review has its
own, larger limit (``UPLOADS``); every other body is limited as every request's is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Annotated, Any, Literal
from urllib.parse import parse_qs

import anyio
from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import (
    HTMLResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException

from nyballot.api.desk import client_of
from nyballot.errors import NyballotError, UsageError
from nyballot.filing import access
from nyballot.filing.access import RECORD, Actor
from nyballot.filing.desk import Desk
from nyballot.filing.errors import ForbiddenError, NotFoundError
from nyballot.law.choice import LawChoice
from nyballot.petitions import kept
from nyballot.petitions.lines import line_named
from nyballot.petitions.report import template, title
from nyballot.petitions.request import Request as ReviewRequest
from nyballot.petitions.request import parse_units
from nyballot.petitions.workers import Pool, Stream, Task, TooManyLines
from nyballot.voters.where import store_value

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
WAITING = 0.1  # seconds between looks at a queued review (its worker, its client)


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
    ambiguous_reading: Literal["presumed", "either", "strict"] = "presumed",
    previous_name_reading: Literal["counts", "strict"] = "counts",
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
        previous_name_reading=previous_name_reading,
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


def pool_of(request: Request) -> Pool:
    """The application's workers for reviews (``create_app``'s ``reviews``)."""
    pool: Pool = request.app.state.reviews
    return pool


def _task(request: Request, body: bytes, wanted: ReviewRequest, petition: str | None,
          **options: Any) -> Task:  # fmt: skip
    """The review a worker is sent: the body as it came, the store and the book named."""
    desk: Desk = request.app.state.desk
    url = desk.engine.url.render_as_string(hide_password=False) if petition else None
    return Task(body, "lines file", wanted, store_value(None), url, petition, **options)


class ClientGone(NyballotError):
    """The client left before its review began: the review is let go, nothing kept."""


async def _unless_gone(request: Request, stream: Stream) -> None:
    """A look later, unless the client has left: then the review is let go."""
    if await request.is_disconnected():
        stream.close()
        raise ClientGone("the client left before its review began; nothing was kept")
    await anyio.sleep(WAITING)


async def _started(request: Request, stream: Stream) -> Stream:
    """The stream once its worker has begun to answer, waiting for a place in the queue
    first: a refusal or a stopped worker is raised here, before the response starts, and a
    client that leaves meanwhile lets its review go (a queue of abandoned reviews would keep
    the public waiting)."""
    try:
        while not stream.claim():
            await _unless_gone(request, stream)
        # Sent from a worker thread: a large file fills the pipe until the worker reads it.
        await anyio.to_thread.run_sync(stream.send)
        while not stream.started(0):
            await _unless_gone(request, stream)
    except TooManyLines as exc:
        raise HTTPException(413, f"lines file: {exc.lines:,} lines; a review without a "
                            f"clerk's token takes at most {exc.most:,} (send "
                            "Authorization: Bearer TOKEN)") from None  # fmt: skip
    return stream


@router.post("/petitions/review", tags=["petitions"], response_model=None)
async def review_lines(
    request: Request, wanted: Asked, petition: InBook = None
) -> StreamingResponse:
    """Review a lines file (the CSV as the body): a cited ruling per line and the tally,
    streamed as each line is ruled. Without a clerk's token a review takes at most
    ``PUBLIC_LINES`` lines (every request is under the rate limit too) and waits its turn
    with the public's other reviews (503 with Retry-After when the queue is full); a clerk's
    token takes the whole upload limit, on the clerks' own worker."""
    body = await request.body()
    _refuse_forms(request.headers.get("content-type", ""), body)
    token = _bearer(request)
    if token is not None:
        _clerk(request, token, REVIEW)
    most = None if token is not None else PUBLIC_LINES
    task = _task(request, body, wanted, petition, most=most)
    # The review runs in a worker process; its answer is passed on a piece at a time.
    stream = await _started(request, pool_of(request).submit(task, clerk=token is not None))
    return StreamingResponse(iter(stream), media_type="application/json")


@contextmanager
def _writable(request: Request) -> Iterator[Any]:
    """The voter store opened for a clerk's write, the public's reviews stopped meanwhile
    (DuckDB lets a writer in alone: a review reading it would refuse the clerk)."""
    from nyballot.voters.store import opened

    with pool_of(request).writing(), opened(read_only=False) as con:
        yield con


def _check_board(request: Request, actor: Actor, petition: str) -> None:
    """Refuse a token that does not cover the board of the petition named (a petition the book
    does not hold is refused by the review itself, as over /petitions/review)."""
    desk: Desk = request.app.state.desk
    try:
        board = desk.get(petition)["board"]
    except NotFoundError:
        return
    actor.check_board(board)


@router.post("/petitions/reviews", status_code=201, tags=["petitions"], response_model=None)
async def keep_review(
    request: Request, wanted: Asked, petition: InBook = None
) -> StreamingResponse:
    """Review a lines file and keep it for the clerk's page (a clerk's token); the answer is
    the kept review with its ``id`` and ``page``."""

    actor = _clerk(request, _bearer(request), KEEP)
    with _logged(request, actor, KEEP, "review") as names:
        if petition is not None:  # the review of a board's petition is that board's
            _check_board(request, actor, petition)
        body = await request.body()
        _refuse_forms(request.headers.get("content-type", ""), body)
        task = _task(request, body, wanted, petition, keep=True)
        stream = await _started(request, pool_of(request).submit(task, clerk=True))
        names.append(f"review {stream.kept}")
    return StreamingResponse(iter(stream), 201, media_type="application/json")


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
    target = f"review {uid} {line_named((body.volume, body.sheet, body.line))}"
    actor = _clerk(request, _bearer(request), action, target)
    with _logged(request, actor, action, target), _writable(request) as con:
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
    actor = _clerk(request, _bearer(request), CERTIFY, f"review {uid}")
    with _logged(request, actor, CERTIFY, f"review {uid}"), _writable(request) as con:
        return kept.certify(con, uid, actor.name, actor.check_board)


class ReadingIn(BaseModel):
    """How a kept review reads its ambiguous lines from now on, and the clerk's reason."""

    model_config = ConfigDict(extra="forbid")
    reading: Literal["presumed", "either", "strict"]
    reason: Annotated[str, Field(min_length=1, max_length=kept.MAX_REASON)]


@router.post("/petitions/reviews/{uid}/reading", status_code=201, tags=["petitions"])
def read_review_as(uid: Id, body: ReadingIn, request: Request) -> dict[str, Any]:
    """Read a kept review's ambiguous lines as ``presumed``, ``either`` or ``strict`` (a
    clerk's token; refused, 409, once certified)."""
    from nyballot.voters.store import opened

    target = f"review {uid} reading {body.reading}"
    actor = _clerk(request, _bearer(request), READING, target)
    with _logged(request, actor, READING, target), opened(read_only=False) as con:
        return kept.read_as(con, uid, body.reading, body.reason, actor.name, actor.check_board)


@router.get("/web/petitions/{uid}", include_in_schema=False)
def review_page(uid: Id, request: Request) -> HTMLResponse:
    from nyballot.petitions.clerk import clerk_report
    from nyballot.voters.store import opened

    with opened() as con:
        result = kept.get(con, uid)
    _link_images(request, result)
    html = template("review_page.html").render(
        r=result, title=title(result), report=clerk_report(result)
    )
    return HTMLResponse(html)


def _link_images(request: Request, result: dict[str, Any]) -> None:
    """Each line of a review of a petition in the book linked to its scanned image, when the
    line was keyed from a volume kept on the desk (``image``)."""
    from nyballot.keying.store import Keying

    in_book = result["petition"].get("in_book")
    if in_book is None:
        return
    desk: Desk = request.app.state.desk
    images = Keying(desk.engine, reader=desk.reader).images_of(str(in_book["uid"]))
    for line in result["lines"] if images else ():
        line["image"] = images.get(kept.place_of(line))


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

    target = f"review {uid} {line_named((volume, sheet, line))}"
    actor = _clerk(request, form.get("token"), OVERRIDE, target)
    with _logged(request, actor, OVERRIDE, target), _writable(request) as con:
        kept.override(con, uid, sheet, line, form.get("valid") == "yes",
                      form.get("reason", ""), actor.name, actor.check_board, volume)  # fmt: skip
    anchor = f"{f'v{volume}-' if volume != 1 else ''}s{sheet}-l{line}"
    return RedirectResponse(f"/web/petitions/{uid}#{anchor}", status_code=303)
