"""A served process made ready before its first request: the pages most asked for are made once
(their law, templates and queries loaded), then every object the process holds is moved out of
the garbage collector's sight (``gc.freeze``).

Python's full collection walks every object it tracks: in a server holding the law, its
templates and the framework, about 160,000 objects, 100 ms at a time under load, every few
seconds of it, while every request waits (the book's p99 at 16 clients was that pause). Frozen,
a full collection walks only what was made since: about 10 ms.
"""

from __future__ import annotations

import gc

from fastapi import FastAPI

from nyballot.api.body_limit import Message
from nyballot.api.middleware import OWN
from nyballot.errors import NyballotError
from nyballot.filing.clocks import calendar_for
from nyballot.reckoning.season import season_year, today

# Made once before serving: the answers most asked for, and the ones their data is shared with.
WARM = ("/", "/book", "/due", "/web/book", "/web/due", "/calendar/{year}")


async def _get(app: FastAPI, path: str) -> None:
    """``GET path`` through ``app`` in the process (marked its own: no log line, no client
    counted), its answer thrown away."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        sent = True
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(_message: Message) -> None:
        return None

    scope: dict[str, object] = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"localhost")],
        "client": None,
        "server": None,
        "extensions": {OWN: {}},
    }
    await app(scope, receive, send)


async def settle(app: FastAPI, paths: tuple[str, ...] = WARM) -> None:
    """Make each of ``paths`` once through ``app`` (``{year}``: the season's, and this year's
    if another: its papers are still filed) and the calendars the desk judges those years'
    papers by, then freeze what the process holds. With no day to read as of (a bad
    ``NYBALLOT_TODAY``) the pages are left to say so to their first reader."""
    try:
        years = sorted({today().year, season_year()})
        for path in paths:
            for made in sorted({path.format(year=year) for year in years}):
                await _get(app, made)
        for year in years:  # the first clerk's write after a start had waited 90-130 ms for it
            calendar_for(year, None, ())
    except NyballotError:
        pass
    gc.collect()
    gc.freeze()
