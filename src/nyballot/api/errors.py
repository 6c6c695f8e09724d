"""The API's errors: every one JSON, ``{"error": "..."}`` (an error page for a web page, when
the application serves pages: ``Pages``, given by ``nyballot.web``, which the API never imports).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any, Protocol

from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel
from sqlalchemy.exc import OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException

from nyballot.errors import NyballotError
from nyballot.filing.errors import (
    AuthError,
    ConflictError,
    ForbiddenError,
    NotFoundError,
    StorageError,
)
from nyballot.petitions.workers import Busy, WorkerStopped
from nyballot.voters.store import StoreInUse

log = logging.getLogger("nyballot.api")

STATUS = (
    (NotFoundError, 404),
    (ConflictError, 409),
    (StoreInUse, 409),  # the voter store is held by another process: send again later
    (AuthError, 401),
    (ForbiddenError, 403),
    (StorageError, 503),  # nothing was recorded: the client may retry with its key
    (Busy, 503),  # the public's reviews are queued full: come back after Retry-After
    (WorkerStopped, 500),  # a review's worker process ended mid-review: nothing was kept
    (NyballotError, 400),
)


class ErrorBody(BaseModel):
    """Every error the API answers: what was wrong, in one line."""

    error: str


MEANING = {
    400: "A value the law or the desk cannot take (the message names it)",
    401: "No token, or a token that is not valid, has expired or was revoked",
    403: "A role or a board the token does not cover",
    404: "No such thing (a filing, a rule)",
    409: "The idempotency key was used for another paper, the write conflicted, or the voter "
    "store is in use by another process",
    413: "A request body over the limit (64 KiB; a lines file for review: 8 MiB)",
    422: "A malformed request: a parameter or the body is not of the expected shape",
    429: "Over the rate limit for the client's address (Retry-After says when to come back)",
    500: "A review's worker process stopped before the review ended: nothing was kept",
    503: "The database is unavailable, or the public's reviews are queued full: nothing was "
    "recorded; send it again (with its key) after Retry-After",
}
GUARDS = (413, 429)  # every route (the body limit and the rate limit; /health is not counted)
READ = (400, 422)
DESK_READ = (*READ, 503)
WRITE = (400, 401, 403, 404, 409, 422, 503)


def answers(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The 4xx (and 503) a route answers, for its OpenAPI document."""
    return {code: {"model": ErrorBody, "description": MEANING[code]} for code in codes}


class Pages(Protocol):
    """Web pages served beside the API: their routes, which requests are theirs, and the page
    an error on one of them answers with, and the paths whose form carries a lines file (the
    upload limit, not the small one of the rest)."""

    router: APIRouter
    uploads: tuple[str, ...]
    scans: tuple[str, ...]  # the paths whose form carries a scanned volume (its own limit)

    def is_page(self, request: Request) -> bool: ...

    def error_page_for(
        self, status: int, message: str, headers: Mapping[str, str] | None = None
    ) -> Response: ...


class _NoPages:
    router = APIRouter()
    uploads: tuple[str, ...] = ()
    scans: tuple[str, ...] = ()

    def is_page(self, request: Request) -> bool:
        return False

    def error_page_for(
        self, status: int, message: str, headers: Mapping[str, str] | None = None
    ) -> Response:
        raise AssertionError("no pages are served")  # is_page is never true


NO_PAGES: Pages = _NoPages()


def install(app: FastAPI, pages: Pages = NO_PAGES) -> None:
    """Register the handlers that turn every error into JSON (or an error page)."""
    is_page, error_page_for = pages.is_page, pages.error_page_for

    @app.exception_handler(NyballotError)
    async def nyballot_error(request: Request, exc: NyballotError) -> Response:
        status = next(code for cls, code in STATUS if isinstance(exc, cls))
        if is_page(request):
            return error_page_for(status, str(exc))
        headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
        if status == 503:
            headers = {"Retry-After": str(getattr(exc, "retry_after", 1))}
        return JSONResponse({"error": str(exc)}, status_code=status, headers=headers)

    @app.exception_handler(OperationalError)
    async def database_away(request: Request, exc: OperationalError) -> Response:
        # A lost connection (a restart, a network fault): the pool renews it; nothing was
        # written by this request, so the client may send it again (with its key).
        log.warning("database unavailable: %s", str(exc.orig or exc).splitlines()[0][:200])
        message = "database unavailable; nothing was recorded; try again"
        if is_page(request):
            return error_page_for(503, message)
        return JSONResponse({"error": message}, status_code=503, headers={"Retry-After": "1"})

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        problems = []
        for e in exc.errors()[:5]:
            # A body that is not a JSON object, or not JSON at all (its location is then a
            # position in the text), is named as the body, not as an empty or numbered field.
            parts = [] if e.get("type") == "json_invalid" else e.get("loc", ())
            where = ".".join(str(p) for p in parts if p != "body") or "body"
            problems.append(f"{where}: {e.get('msg', 'invalid')}")
        message = "; ".join(problems) or "invalid request"
        if is_page(request):
            return error_page_for(400, message)
        return JSONResponse({"error": message}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if is_page(request):
            return error_page_for(exc.status_code, str(exc.detail), exc.headers)
        return JSONResponse(
            {"error": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers
        )

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> Response:
        log.exception("internal error")
        if is_page(request):
            return error_page_for(500, "internal error; please report it")
        return JSONResponse({"error": "internal error; please report it"}, status_code=500)
