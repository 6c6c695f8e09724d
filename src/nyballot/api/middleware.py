"""What every response passes through: security headers, HEAD answered wherever GET is, a
per-client rate limit (429), a clerk's write before the public's reads and, when asked, a
standard access log.

Plain ASGI middleware (no per-request threads): each adds a few microseconds. Measured on a
kept calendar (benchmarks/bench_api.py), the headers, HEAD, rate limit and body limit layers
together cost about 3.5 µs of the ~75 µs of CPU a request takes in the server, too little to be
worth merging them into one.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
import math
import threading
import time
from collections import OrderedDict
from typing import TextIO

import anyio

from nyballot.api.body_limit import ASGIApp, Message, Receive, Scope, Send, send_error
from nyballot.filing.driver import committing

OWN = "nyballot.own"  # the scope's extension marking a request the server made of itself

# Scripts only from this server; inline styles are allowed (the pages' own <style>); no page
# may be framed (clickjacking), no plugin, no foreign form target.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]


class SecurityHeaders:
    """Add the security headers to every response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class HeadAsGet:
    """Answer HEAD as GET would, headers only: wherever GET is, HEAD is too."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headers_only)


class RateLimit:
    """At most ``rate`` requests a second per client address, in bursts of up to ``burst``
    (a token bucket); over it, 429 with Retry-After. Health checks are not counted."""

    def __init__(self, app: ASGIApp, rate: float, burst: int, clients: int = 10_000) -> None:
        self.app, self.rate, self.burst, self.clients = app, rate, burst, clients
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def _wait(self, client: str) -> float:
        """0 if the client may go on now, else the seconds until it may."""
        now = time.monotonic()
        with self._lock:
            tokens, then = self._buckets.pop(client, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - then) * self.rate)
            wait = 0.0 if tokens >= 1 else (1 - tokens) / self.rate
            self._buckets[client] = (tokens - 1 if wait == 0 else tokens, now)
            while len(self._buckets) > self.clients:  # forget the longest idle
                self._buckets.popitem(last=False)
        return wait

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("path") == "/health" or own(scope):
            await self.app(scope, receive, send)
            return
        client = (scope.get("client") or ("?", 0))[0]
        wait = self._wait(client)
        if wait == 0:
            await self.app(scope, receive, send)
            return
        retry = (b"retry-after", b"%d" % max(1, math.ceil(wait)))
        await send_error(send, 429, "too many requests; slow down", (retry,))


def own(scope: Scope) -> bool:
    """A request the server made of itself (``nyballot.api.settle``), not a client's."""
    return OWN in scope.get("extensions", {})


WRITES = frozenset({"/filings", "/objections", "/web/desk/file"})  # a paper into the book
# Seconds a read waits at most for the writes in flight: a write's own work takes a few
# milliseconds; past this it is held up by the disk, and the reads go on.
PATIENCE = 0.02
# Seconds a read waits at most for a write's commit: a commit takes a fraction of a millisecond
# but on a disk that stalls (a shared machine's fsync: 100 ms and more, now and then).
COMMIT_GRACE = 0.004


class WritesFirst:
    """While a clerk's paper is being written (``WRITES``), a read (a GET or HEAD, health checks
    too: uncounted by the rate limit, a flood of them slowed a write fivefold) waits for it
    before it starts, at most ``patience`` seconds and at most ``COMMIT_GRACE`` after the
    write's commit begins. A server busy with the public hands the
    interpreter to whichever thread asks for it every few milliseconds: a write's dozen
    statements would each wait that long; the reads that wait hold nothing. A commit the disk
    holds up (``driver.committing`` tells when it begins) needs no interpreter: past the grace
    the reads go on, and a stalled disk slows the write alone. The write's answer names the
    commit's time (``Server-Timing: disk;dur=MS``): what of its time was the disk's."""

    def __init__(self, app: ASGIApp, patience: float = PATIENCE) -> None:
        self.app, self.patience = app, patience
        self._writing = 0  # the writes that have not yet reached their commit
        self._done: anyio.Event | None = None  # made on the serving loop by the first write

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
        elif scope["method"] in ("GET", "HEAD"):
            if self._writing and self._done is not None:
                with anyio.move_on_after(self.patience):
                    await self._done.wait()
            await self.app(scope, receive, send)
        elif scope.get("path") in WRITES:
            await self._write(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _write(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not self._writing:
            self._done = anyio.Event()  # made on the serving loop, for the reads of this write
        self._writing += 1
        write = _Write(self, asyncio.get_running_loop())

        async def timed(message: Message) -> None:
            if message["type"] == "http.response.start" and write.disk:
                timing = b'disk;dur=%.1f;desc="commit"' % (write.disk * 1000)
                message["headers"] = [*message.get("headers", []), (b"server-timing", timing)]
            await send(message)

        watching = committing.set(write)
        try:
            await self.app(scope, receive, timed)
        finally:
            committing.reset(watching)
            write.release()

    def _released(self) -> None:
        self._writing -= 1
        if not self._writing and self._done is not None:
            self._done.set()


class _Write:
    """A write in flight, watching its commits (``driver.CommitWatch``, from the write's
    thread): the reads it holds go on ``COMMIT_GRACE`` after its first commit begins, or when
    it ends; the seconds its commits took are named in its answer."""

    def __init__(self, gate: WritesFirst, loop: asyncio.AbstractEventLoop) -> None:
        self.gate, self.loop = gate, loop
        self.disk = 0.0
        self._released = False

    def begun(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.call_later, COMMIT_GRACE, self.release)

    def ended(self, seconds: float) -> None:
        self.disk += seconds

    def release(self) -> None:
        """On the serving loop, once."""
        if not self._released:
            self._released = True
            self.gate._released()


class AccessLog:
    """One line per request in the Common Log Format, to an open text file."""

    def __init__(self, app: ASGIApp, out: TextIO) -> None:
        self.app, self.out = app, out

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or own(scope):
            await self.app(scope, receive, send)
            return
        status, size = 0, 0

        async def counting(message: Message) -> None:
            nonlocal status, size
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body":
                size += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, counting)
        finally:
            self.out.write(line(scope, status or 500, size) + "\n")
            self.out.flush()


def line(scope: Scope, status: int, size: int) -> str:
    """``host - - [day/Mon/year:hh:mm:ss +zzzz] "METHOD /path?query HTTP/1.1" status size``"""
    host = (scope.get("client") or ("-", 0))[0]
    when = _stamp(int(time.time()))
    target = scope.get("path", "")
    if scope.get("query_string"):
        target += "?" + scope["query_string"].decode("latin-1")
    request = f"{scope.get('method', '-')} {target} HTTP/{scope.get('http_version', '1.1')}"
    request = request.replace('"', "%22")
    return f'{host} - - [{when}] "{request}" {status} {size or "-"}'


@functools.lru_cache(maxsize=2)
def _stamp(second: int) -> str:
    """The log's local time of a second since the epoch (made once a second: formatting it took
    most of a line's time)."""
    return dt.datetime.fromtimestamp(second).astimezone().strftime("%d/%b/%Y:%H:%M:%S %z")
