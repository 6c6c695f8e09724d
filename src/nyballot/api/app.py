"""The HTTP API: the calendar, explain and holidays, signatures, and the filing desk, as routers.

Reads are public (the book of § 6-144 is open to public inspection); writes need
``Authorization: Bearer <token>`` of a clerk (``nyballot desk token``). Every error is JSON,
``{"error": "..."}``, with a 4xx status for anything the caller can fix.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TextIO

import anyio
from fastapi import FastAPI

from nyballot.api import calendar, coverage, desk, docs, downloads, elections, errors, overlays
from nyballot.api import keying as keying_api
from nyballot.api import petitions as petitions_api
from nyballot.api import signatures as signatures_api
from nyballot.api.body_limit import BodyLimit
from nyballot.api.kept_pages import BUDGET, AnswerKept, KeptPages
from nyballot.api.middleware import AccessLog, HeadAsGet, RateLimit, SecurityHeaders, WritesFirst
from nyballot.api.settle import settle
from nyballot.elections.desk import special_desk
from nyballot.filing.access import now
from nyballot.filing.desk import Clock, Desk
from nyballot.filing.keys import BoardKey
from nyballot.keying.scanner import Scanner, default_scanner
from nyballot.petitions.workers import Pool, shared_pool

MAX_BODY = 64 * 1024
# A petition's lines file posted for review: about 150,000 signature lines (the review is
# answered as one JSON body; larger petitions go through the command line).
MAX_UPLOAD = 8 * 1024 * 1024
# A scanned volume uploaded on the desk: a few hundred pages scanned in grey at 200 dpi.
MAX_SCAN = 200 * 1024 * 1024
RATE = 20.0  # requests a second per client, on average
BURST = 100  # requests a client may send at once


@asynccontextmanager
async def _closing_desk(app: FastAPI) -> AsyncIterator[None]:
    # The daily digests are read from the whole book once (a second at 100,000 filings), then
    # kept up to date: before the first request, so that no reader of the book waits for it.
    await anyio.to_thread.run_sync(app.state.desk.digests)
    if app.state.settle:
        await settle(app)
    yield
    app.state.desk.close()  # the failed authentications still counted


def create_app(
    database: str | None = None,
    max_body: int = MAX_BODY,
    *,
    max_upload: int = MAX_UPLOAD,
    rate: float = RATE,
    burst: int = BURST,
    access_log: TextIO | None = None,
    clock: Clock = now,
    pages: errors.Pages = errors.NO_PAGES,
    key: BoardKey | None = None,
    page_cache: int = BUDGET,
    reviews: Pool | None = None,
    settled: bool = False,
    max_scan: int = MAX_SCAN,
    scanner: Scanner | None = None,
) -> FastAPI:
    """The application over one database (default: $NYBALLOT_DATABASE_URL or SQLite).

    A body is limited to ``max_body`` bytes, a lines file posted for review to ``max_upload``;
    ``rate`` requests a second per client (0: no limit), in bursts of ``burst``; ``access_log``
    gets a Common Log Format line per request; ``clock`` is the desk's time; ``key`` the board's
    signing key; ``page_cache`` the bytes of public pages of the book kept
    (``KeptPages``; 0: none); ``reviews`` the worker processes petition reviews run in
    (default: one for the public, three waiting, one for clerks, shared by the applications of
    a process); ``pages`` are web pages served beside the API (``nyballot.web.create_app``
    gives the site's); ``settled``: the process is made ready for serving before the first
    request (``nyballot.api.settle``: what a served process does, not a test's); ``scanner``
    reads a scanned volume uploaded on the desk (default: ``nyballot.paper.scan``, imported when
    first used), up to ``max_scan`` bytes."""
    app = FastAPI(
        title="nyballot",
        version="0.1.0",
        description="New York's ballot-access law as code: the political calendar and a "
        "board of elections' filing desk (§§ 1-106, 6-144, 6-154, 16-102).",
        docs_url=None,
        redoc_url=None,
        responses=errors.answers(*errors.GUARDS),
        lifespan=_closing_desk,
    )
    app.state.desk = Desk(database, clock, key, specials=special_desk)
    app.state.reviews = reviews or shared_pool()
    app.state.settle = settled
    app.state.scanner = scanner or default_scanner
    app.state.max_scan = max_scan
    app.state.kept_pages = KeptPages(app.state.desk.version, page_cache, app.state.desk.local)
    errors.install(app, pages)
    # The downloads come first, so /calendar/{year}.ics is matched before /calendar/{year}.
    app.include_router(downloads.router)
    app.include_router(calendar.router)
    app.include_router(overlays.router)
    app.include_router(elections.router)
    app.include_router(desk.router)
    app.include_router(keying_api.router)
    app.include_router(docs.router)
    app.include_router(coverage.router)
    app.include_router(petitions_api.router)
    app.include_router(signatures_api.router)
    app.include_router(pages.router)
    # Outermost last: the log sees every request, refusals included; a kept calendar is
    # answered inside every guard.
    app.add_middleware(calendar.KeptCalendars)
    app.add_middleware(AnswerKept, pages=app.state.kept_pages)
    app.add_middleware(WritesFirst)
    # A page's form carries its lines file beside a few small fields: room for them.
    uploads = dict.fromkeys(petitions_api.UPLOADS, max_upload)
    uploads |= dict.fromkeys(pages.uploads, max_upload + max_body)
    uploads |= dict.fromkeys(keying_api.UPLOADS, max_scan)
    uploads |= dict.fromkeys(pages.scans, max_scan + max_body)
    app.state.max_upload = max_upload
    app.add_middleware(BodyLimit, limit=max_body, uploads=uploads)
    if rate > 0:
        app.add_middleware(RateLimit, rate=rate, burst=burst)
    app.add_middleware(HeadAsGet)
    app.add_middleware(SecurityHeaders)
    if access_log is not None:
        app.add_middleware(AccessLog, out=access_log)
    return app
