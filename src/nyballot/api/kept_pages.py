"""The public pages of the book kept between requests: a page asked for again while the book has
not changed is answered with the body made the first time, not read and rendered again.

A page kept is answered before routing (``AnswerKept``); one made is kept by its route
(``nyballot.api.desk.kept_read``). A page is kept with the book's version it was made at
(``Desk.version``: the last record's seq and the public keys' count, read from the database,
so another worker's write counts too) and answered again only if it is at least the version the
asking request read first. A page made after a write was acknowledged is made from a read that
began after it, so no page kept is older than a write its reader saw acknowledged. Many clients
asking the same page at once, as a write lands, wait for one of them to make it (on the event
loop, without a thread each: a thread's turn at the interpreter costs milliseconds under load).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import NamedTuple

from starlette.responses import Response

from nyballot.api.body_limit import ASGIApp, Receive, Scope, Send
from nyballot.api.shared_read import SharedRead
from nyballot.errors import NyballotError
from nyballot.filing.model import NEW_YORK
from nyballot.reckoning.season import today

BUDGET = 32 * 1024 * 1024  # bytes of bodies kept, by default: a few hundred pages
PATHS = frozenset({"/book", "/due", "/web/book", "/web/due"})  # the pages kept


def page_key(scope: Scope) -> Hashable:
    """What a public page depends on besides the book: its path and query, and the day it is
    read as of when the query names none (the site's ``today``, the API's day in New York)."""
    return scope["path"], scope["query_string"], today(), dt.datetime.now(NEW_YORK).date()


class _Kept(NamedTuple):
    version: tuple[int, ...]
    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes

    def response(self) -> Response:
        answer = Response(self.body, self.status)
        answer.raw_headers = list(self.headers)  # the headers made the first time, length too
        return answer


class _Making(NamedTuple):
    version: tuple[int, ...]
    done: asyncio.Future[_Kept | None]  # the page made and kept, or None: ask for it anew


class KeptPages:
    """Pages by what they answer (``key``), each kept with the version it was made at, the
    least recently asked forgotten first beyond ``budget`` bytes (0: nothing kept)."""

    def __init__(
        self, version: Callable[[], tuple[int, ...]], budget: int = BUDGET, inline: bool = False
    ) -> None:
        """``inline``: the version is read on the event loop (a local SQLite file's answers in
        microseconds), else in a worker thread (a database server's round trip), one read shared
        by the readers who ask while another is under way (``SharedRead``)."""
        self.version, self.budget, self.inline = version, budget, inline
        self._shared = SharedRead(version)
        self._kept: OrderedDict[Hashable, _Kept] = OrderedDict()
        self._making: dict[Hashable, _Making] = {}
        self._size = 0
        self._lock = threading.Lock()  # the applications of a process may run on many loops

    async def answer(self, key: Hashable, make: Callable[[], Awaitable[Response]]) -> Response:
        """The page ``key`` as kept, if kept at the book's version or later; else made by
        ``make`` and, if it answered 200, kept. Whoever asks while it is being made, at a
        version it covers, waits on the event loop for that one (no thread each, no second
        making); if that making fails, each makes its own."""
        if self.budget <= 0:
            return await make()
        now = await self._now()
        found = self._get(key, now)
        if found is not None:
            return found.response()
        making = self._making.get(key)
        if making is not None and making.version >= now:
            made = await asyncio.shield(making.done)
            return made.response() if made is not None else await make()
        return await self._make(key, now, make)

    async def kept(self, key: Hashable) -> Response | None:
        """The page ``key`` if it is kept at the book's version or later, else None."""
        if self.budget <= 0:
            return None
        found = self._get(key, await self._now())
        return found.response() if found is not None else None

    async def _now(self) -> tuple[int, ...]:
        return self.version() if self.inline else await self._shared()

    async def _make(
        self, key: Hashable, now: tuple[int, ...], make: Callable[[], Awaitable[Response]]
    ) -> Response:
        done: asyncio.Future[_Kept | None] = asyncio.get_running_loop().create_future()
        self._making[key] = _Making(now, done)
        kept = None
        try:
            made = await make()
            if made.status_code == 200 and isinstance(made.body, bytes):
                kept = _Kept(now, made.status_code, list(made.raw_headers), made.body)
                self._put(key, kept)
            return made
        finally:
            done.set_result(kept)
            if self._making.get(key, _Making(now, done)).done is done:
                self._making.pop(key, None)

    def _get(self, key: Hashable, now: tuple[int, ...]) -> _Kept | None:
        with self._lock:
            found = self._kept.get(key)
            if found is None or found.version < now:
                return None
            self._kept.move_to_end(key)
            return found

    def _put(self, key: Hashable, kept: _Kept) -> None:
        if len(kept.body) > self.budget:
            return
        with self._lock:
            old = self._kept.pop(key, None)
            if old is not None and old.version > kept.version:
                kept = old  # a later page was kept meanwhile: keep that one
            self._size += len(kept.body) - (len(old.body) if old else 0)
            self._kept[key] = kept
            while self._size > self.budget:
                _, gone = self._kept.popitem(last=False)
                self._size -= len(gone.body)


class AnswerKept:
    """Answer a ``GET`` of a public page kept at the book's version from its kept body, without
    routing (a kept page was made for a valid request: its query was checked then)."""

    def __init__(self, app: ASGIApp, pages: KeptPages) -> None:
        self.app, self.pages = app, pages

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET" and scope["path"] in PATHS:
            try:
                found = await self.pages.kept(page_key(scope))
            except NyballotError:  # no day to read as of (a bad NYBALLOT_TODAY): the route says
                found = None
            if found is not None:
                await found(scope, receive, send)
                return
        await self.app(scope, receive, send)
