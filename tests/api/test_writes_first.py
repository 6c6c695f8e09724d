"""A clerk's paper is written before the public's reads that arrive meanwhile: they wait for
it (a bounded while), so a server busy with readers does not slow the write."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from nyballot.api.middleware import COMMIT_GRACE, WritesFirst
from nyballot.filing.driver import committing


def _run(main: Coroutine[Any, Any, None]) -> None:
    """``asyncio.run`` on a thread of its own: a browser test's session may hold a running
    event loop on this one."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, main).result()


def _scope(method: str, path: str) -> dict[str, Any]:
    return {"type": "http", "method": method, "path": path}


async def _nothing() -> dict[str, Any]:
    return {"type": "http.request"}


async def _drop(message: Any) -> None:
    return None


def _served(patience: float, write_takes: float) -> list[str]:
    """What the application began and ended, a write of ``write_takes`` seconds in flight as
    a read of the book and a health check arrive."""
    seen: list[str] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.append(f"{scope['method']} {scope['path']}")
        if scope["method"] == "POST":
            await asyncio.sleep(write_takes)
            seen.append("written")

    gate = WritesFirst(app, patience=patience)

    async def both() -> None:
        write = asyncio.create_task(gate(_scope("POST", "/filings"), _nothing, _drop))
        await asyncio.sleep(0)  # the write begins
        await asyncio.gather(
            gate(_scope("GET", "/book"), _nothing, _drop),
            gate(_scope("GET", "/health"), _nothing, _drop),
            write,
        )

    _run(both())
    return seen


@pytest.mark.parametrize(
    ("patience", "write_takes", "order"),
    [
        # The reads wait for the write in flight, a health check too (a flood of them, which
        # the rate limit does not count, would slow the write as much as any) ...
        (1.0, 0.05, ["POST /filings", "written", "GET /book", "GET /health"]),
        # ... and no longer than their patience.
        (0.01, 0.2, ["POST /filings", "GET /book", "GET /health", "written"]),
    ],
)
def test_a_read_waits_for_the_write_in_flight_no_longer_than_its_patience(
    patience: float, write_takes: float, order: list[str]
) -> None:
    assert _served(patience, write_takes) == order


def test_a_post_that_writes_no_paper_holds_no_read() -> None:
    seen: list[str] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.append(scope["path"])
        if scope["method"] == "POST":
            await asyncio.sleep(0.05)

    gate = WritesFirst(app, patience=1.0)

    async def both() -> None:
        review = asyncio.create_task(gate(_scope("POST", "/petitions/review"), _nothing, _drop))
        await asyncio.sleep(0)
        await gate(_scope("GET", "/book"), _nothing, _drop)
        seen.append("read answered")
        await review

    _run(both())
    assert seen == ["/petitions/review", "/book", "read answered"]


def test_a_read_goes_on_once_the_writes_commit_has_had_its_grace() -> None:
    """A write whose commit the disk holds up (a shared machine's fsync: 100 ms and more) holds
    the reads only ``COMMIT_GRACE`` past the commit's start, not its patience; its answer names
    the commit's time."""
    seen: list[str] = []
    answered: list[Any] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.append(f"{scope['method']} {scope['path']}")
        if scope["method"] == "POST":
            watch = committing.get()
            assert watch is not None  # the gate watches the write's commits
            await asyncio.to_thread(watch.begun)  # from the write's thread, as the driver does
            await asyncio.sleep(0.3)  # the disk stalls
            watch.ended(0.3)
            seen.append("written")
            await send({"type": "http.response.start", "status": 201, "headers": []})

    gate = WritesFirst(app, patience=5.0)

    async def keep(message: Any) -> None:
        answered.append(message)

    async def both() -> None:
        write = asyncio.create_task(gate(_scope("POST", "/filings"), _nothing, keep))
        await asyncio.sleep(0)
        await gate(_scope("GET", "/book"), _nothing, _drop)
        seen.append("read answered")
        await write

    _run(both())
    assert seen == ["POST /filings", "GET /book", "read answered", "written"]
    assert COMMIT_GRACE < 0.02  # a commit of a fraction of a millisecond is waited for
    assert (b"server-timing", b'disk;dur=300.0;desc="commit"') in answered[0]["headers"]
