"""The next election first: once a year's general election has passed (Nov 3, 2026), the home
page, My calendar, its feed and the pages' default years look at the next year's season."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from nyballot.filing.store import dispose_all
from nyballot.web import create_app

DATES = re.compile(r'datetime="(\d{4})-\d\d-\d\d"')


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder: Path = tmp_path_factory.mktemp("season")
    with TestClient(create_app(f"sqlite:///{folder / 'season.sqlite3'}")) as c:
        yield c
    dispose_all()


def heading(html: str) -> str:
    return re.sub(r"<[^>]+>", "", re.search(r"<h1>(.*?)</h1>", html, re.DOTALL)[1])  # type: ignore[index]


def test_the_home_page_on_december_1_2026_leads_with_the_2027_season(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NYBALLOT_TODAY", "2026-12-01")
    home = client.get("/").text
    assert heading(home) == "The 2027 season"
    season = home[home.index('id="season"') : home.index("</section>")]
    # The next deadlines listed first are all 2027's (the 2026 ones ended with its general).
    years = DATES.findall(season)
    assert years and set(years) == {"2027"}
    assert home.index('id="season"') < home.index('id="views"')
    # A search by office that keeps following the season.
    assert 'action="/web/mine"' in home and 'name="year" value="season"' in home


def test_the_home_page_on_the_general_election_day_is_still_that_years(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NYBALLOT_TODAY", "2026-11-03")  # the general election day itself
    assert heading(client.get("/").text) == "The 2026 season"


def test_my_calendar_with_no_year_on_december_1_2026_is_2027s(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NYBALLOT_TODAY", "2026-12-01")
    assert heading(client.get("/web/mine?who=candidate").text) == "My calendar, 2027"
    # ?on= reads the page as of another day, its year too.
    assert heading(client.get("/web/mine?who=candidate&on=2026-06-01").text) == "My calendar, 2026"


def test_my_calendar_of_a_past_season_points_to_the_next(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NYBALLOT_TODAY", "2026-12-01")
    page = client.get("/web/mine?year=2026&who=candidate").text
    nxt = page[page.index('id="next"') : page.index("</p>", page.index('id="next"'))]
    assert "No deadline of 2026 is left" in nxt
    assert 'href="/web/mine?year=2027&amp;who=candidate' in nxt


def feed_years(client: TestClient) -> set[str]:
    feed = client.get("/web/mine/feed.ics?year=season&who=candidate")
    assert feed.status_code == 200
    return set(re.findall(r"DTSTART;VALUE=DATE:(\d{4})", feed.text))


def test_a_feed_following_the_season_moves_to_the_next_year_after_the_general(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NYBALLOT_TODAY", "2026-11-03")
    assert feed_years(client) == {"2026"}
    monkeypatch.setenv("NYBALLOT_TODAY", "2026-11-04")
    assert feed_years(client) == {"2027"}


def test_my_calendar_offers_the_feed_that_follows_the_season(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NYBALLOT_TODAY", "2026-12-01")
    page = client.get("/web/mine?year=2027&who=candidate").text
    feed = re.search(r'<code id="feed">([^<]*)</code>', page)[1]  # type: ignore[index]
    assert "/web/mine/feed.ics?year=season&amp;who=candidate" in feed


@pytest.mark.parametrize(
    ("path", "year"), [("/web/glance", 2027), ("/web/holidays", 2027)], ids=["glance", "holidays"]
)
def test_the_pages_default_year_on_december_1_2026_is_2027(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, path: str, year: int
) -> None:
    monkeypatch.setenv("NYBALLOT_TODAY", "2026-12-01")
    picked = client.get(path, follow_redirects=False)
    assert picked.headers["location"] == f"{path}/{year}"


def test_the_calendar_page_opens_with_its_dates_the_notes_folded_below(
    client: TestClient,
) -> None:
    page = client.get("/web/calendar/2026").text
    table = page.index('<table id="calendar"')
    assert table < page.index('<details id="about">') < page.index('<dl class="facts">')
    assert '<details id="about" open' not in page
    assert page.index("<h1>") < table
