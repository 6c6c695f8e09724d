"""The book's public pages are kept between requests, and never answered stale: a page asked
for after a write was acknowledged shows it, whichever desk (worker) wrote it."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.responses import Response

from nyballot.api.kept_pages import KeptPages
from nyballot.filing.desk import Desk
from nyballot.web import create_app

from .conftest import DeskClock
from .test_chain import paper

PAGES = [
    ("/book", {"limit": 5}),
    ("/book", {"format": "html"}),
    ("/due", {"on": "2026-04-01"}),
    ("/web/book", {}),
    ("/web/due", {"on": "2026-04-01", "days": 30}),
]


@pytest.fixture
def desk(db_url: str) -> Desk:
    found = Desk(db_url, clock=DeskClock("2026-04-01T10:00:00-04:00"))
    for i in range(3):
        found.submit(paper("albany", f"Candidate {i}"), "Ann")
    return found


@pytest.mark.parametrize(("path", "params"), PAGES)
def test_a_kept_page_shows_a_write_acknowledged_before_it_is_asked_for(
    desk: Desk, path: str, params: dict[str, Any]
) -> None:
    with TestClient(create_app(str(desk.engine.url), rate=0)) as c:
        before = c.get(path, params=params)
        assert before.status_code == 200
        again = c.get(path, params=params)
        assert again.content == before.content  # kept: the same body
        # Written by another desk over the same database (another worker's, or the CLI's).
        Desk(str(desk.engine.url), clock=desk.clock).submit(paper("albany", "Zora Quist"), "Ann")
        after = c.get(path, params=params)
    assert after.status_code == 200 and _shown(after) > _shown(before)


def _shown(page: Any) -> int:
    """How often the page names Zora Quist (what falls due names the filing, not the candidate:
    there, how many clocks run)."""
    if "x-total-count" in page.headers:
        return int(page.headers["x-total-count"])
    return page.text.count("Zora Quist")


def test_a_write_through_the_server_is_seen_by_its_next_read(desk: Desk) -> None:
    token = desk.create_token("Ann", "clerk")
    with TestClient(create_app(str(desk.engine.url), rate=0, clock=desk.clock)) as c:
        assert c.get("/book").json()["total"] == 3
        body = {**vars(paper("albany", "Zora Quist"))}
        c.post("/filings", json=body, headers={"Authorization": f"Bearer {token}"})
        seen = c.get("/book").json()
    assert seen["total"] == 4 and "Zora Quist" in seen["rows"][-1]["candidates"]


def test_a_kept_page_is_answered_without_reading_the_book(
    desk: Desk, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = []
    real = Desk.public_page

    def counting(self: Desk, *args: Any) -> Any:
        made.append(1)
        return real(self, *args)

    monkeypatch.setattr(Desk, "public_page", counting)
    with TestClient(create_app(str(desk.engine.url), rate=0)) as c:
        first = [c.get("/book", params={"limit": 2}) for _ in range(5)]
        other = c.get("/book", params={"limit": 3})  # another page: made apart
    assert len(made) == 2 and len({r.content for r in first}) == 1
    assert first[0].headers["link"] == first[-1].headers["link"] and other.status_code == 200


def test_no_page_is_kept_when_the_cache_is_off(desk: Desk, monkeypatch: pytest.MonkeyPatch) -> None:
    made = []
    real = Desk.public_page
    monkeypatch.setattr(Desk, "public_page", lambda self, a: made.append(1) or real(self, a))
    with TestClient(create_app(str(desk.engine.url), rate=0, page_cache=0)) as c:
        for _ in range(3):
            c.get("/book")
    assert len(made) == 3


def test_a_refused_request_is_not_kept(desk: Desk) -> None:
    with TestClient(create_app(str(desk.engine.url), rate=0)) as c:
        assert c.get("/web/due", params={"on": "someday"}).status_code == 400
        assert c.get("/web/due", params={"on": "someday"}).status_code == 400
        kept = c.app.state.kept_pages  # type: ignore[attr-defined]
    assert kept._size == 0


# -- the cache itself ------------------------------------------------------------------------


def _page(text: str) -> Response:
    return Response(text.encode(), media_type="text/plain")


def _ask(kept: KeptPages, key: str, answer: Response) -> bytes:
    """The page ``key`` from ``kept``, ``answer`` if it has to be made."""

    async def make() -> Response:
        return answer

    return bytes(asyncio.run(kept.answer(key, make)).body)


def test_many_asking_one_page_at_once_wait_for_one_of_them_to_make_it() -> None:
    kept, made = KeptPages(lambda: (1, 1)), []

    async def make() -> Response:
        made.append(1)
        await asyncio.sleep(0.05)  # long enough for every request to ask meanwhile
        return _page("the page")

    async def eight() -> list[Response]:
        return await asyncio.gather(*(kept.answer("k", make) for _ in range(8)))

    assert len(made) == 0
    assert [bytes(a.body) for a in asyncio.run(eight())] == [b"the page"] * 8
    assert len(made) == 1


def test_those_waiting_for_a_page_that_failed_make_their_own() -> None:
    kept, made = KeptPages(lambda: (1, 1)), []

    async def make() -> Response:
        made.append(1)
        await asyncio.sleep(0.02)
        if len(made) == 1:
            raise RuntimeError("the first making fails")
        return _page("the page")

    async def three() -> list[Response | BaseException]:
        return await asyncio.gather(
            *(kept.answer("k", make) for _ in range(3)), return_exceptions=True
        )

    first, *others = asyncio.run(three())
    assert isinstance(first, RuntimeError)
    assert [bytes(a.body) for a in others if isinstance(a, Response)] == [b"the page"] * 2
    assert len(made) == 3


def test_a_page_being_made_at_an_older_version_is_not_waited_for() -> None:
    version, made = [(5, 1)], []

    async def make() -> Response:
        made.append(version[0])
        at = version[0]
        version[0] = (6, 1)  # a record written while the first page is being made
        await asyncio.sleep(0.02)
        return _page(f"at {at[0]}")

    async def two() -> list[Response]:
        first = asyncio.ensure_future(kept.answer("k", make))
        await asyncio.sleep(0.005)
        return [await first, await kept.answer("k", make)]

    kept = KeptPages(lambda: version[0])
    assert [bytes(a.body) for a in asyncio.run(two())] == [b"at 5", b"at 6"]


def test_a_page_kept_at_an_older_version_is_made_again() -> None:
    version = [(5, 1)]
    kept = KeptPages(lambda: version[0])
    assert _ask(kept, "k", _page("at 5")) == b"at 5"
    assert _ask(kept, "k", _page("again")) == b"at 5"
    version[0] = (6, 1)  # a record written
    assert _ask(kept, "k", _page("at 6")) == b"at 6"
    version[0] = (6, 2)  # a public key published
    assert _ask(kept, "k", _page("with the key")) == b"with the key"


def test_the_least_recently_asked_page_is_forgotten_beyond_the_budget() -> None:
    kept = KeptPages(lambda: (1,), budget=10)
    _ask(kept, "a", _page("aaaa"))
    _ask(kept, "b", _page("bbbb"))
    _ask(kept, "a", _page("new a"))  # asked again: now the most recent
    _ask(kept, "c", _page("cccc"))  # 12 bytes: b goes
    assert _ask(kept, "a", _page("made")) == b"aaaa"
    assert _ask(kept, "b", _page("made")) == b"made"
    assert kept._size <= 10


def test_an_error_answer_is_not_kept() -> None:
    kept = KeptPages(lambda: (1,))
    _ask(kept, "k", Response(b"no", status_code=400))
    assert _ask(kept, "k", _page("yes")) == b"yes"


def test_a_kept_page_answered_before_routing_keeps_its_headers_and_every_guard(desk: Desk) -> None:
    with TestClient(create_app(str(desk.engine.url), rate=0.001, burst=3)) as c:
        made = c.get("/web/book")
        kept = c.get("/web/book")
        head = c.head("/web/book")
        refused = c.get("/web/book")  # the fourth in a burst of three: the rate limit holds
    assert kept.content == made.content and head.content == b""
    for name in ("content-type", "content-length", "content-security-policy"):
        assert kept.headers[name] == made.headers[name] == head.headers[name]
    assert refused.status_code == 429
