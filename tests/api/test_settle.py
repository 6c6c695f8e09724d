"""A served process is made ready before its first request: the pages most asked for made once
(kept), the objects it holds frozen out of the collector, and none of it seen as a client's
request (no log line, nothing counted against a rate limit)."""

from __future__ import annotations

import gc
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from nyballot.filing.clocks import calendar_for
from nyballot.reckoning.season import season_year, today
from nyballot.web import create_app


@pytest.fixture
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()  # the test process's objects back in the collector's sight


def test_a_settled_server_has_made_its_pages_and_frozen_its_objects(
    tmp_path: Path, unfrozen: None
) -> None:
    log = io.StringIO()
    app = create_app(f"sqlite:///{tmp_path / 'book.sqlite3'}", access_log=log, rate=0.001,
                     burst=1, settled=True)  # fmt: skip
    with TestClient(app) as c:
        assert gc.get_freeze_count() > 10_000
        assert app.state.kept_pages._size > 0  # /book, /due ... made and kept
        assert log.getvalue() == ""  # the server's own requests are no client's
        assert c.get("/book").status_code == 200  # the burst of one is the client's own
        assert c.get("/book").status_code == 429
    assert log.getvalue().count('"GET /book HTTP/1.1"') == 2


def test_an_app_made_for_a_test_is_not_settled(tmp_path: Path, unfrozen: None) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'book.sqlite3'}")
    with TestClient(app):
        assert gc.get_freeze_count() == 0 and app.state.kept_pages._size == 0


def test_a_settled_server_has_built_the_calendars_its_desk_judges_papers_by(
    tmp_path: Path, unfrozen: None
) -> None:
    calendar_for.cache_clear()
    app = create_app(f"sqlite:///{tmp_path / 'book.sqlite3'}", settled=True)
    with TestClient(app):
        for year in {today().year, season_year()}:  # in December, this year's and the next's
            misses = calendar_for.cache_info().misses
            calendar_for(year, None, ())
            assert calendar_for.cache_info().misses == misses, year
