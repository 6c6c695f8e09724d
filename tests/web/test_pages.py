"""The web pages without a browser: the form's redirect, events, downloads and 4xx pages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from nyballot.filing.desk import Desk
from nyballot.filing.store import dispose_all
from nyballot.web import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder: Path = tmp_path_factory.mktemp("pages")
    url = f"sqlite:///{folder / 'pages.sqlite3'}"
    token = Desk(url).create_token("Ann Clerk", "clerk")
    with TestClient(create_app(url)) as c:
        c.headers["X-Token"] = token
        yield c
    dispose_all()


def test_home_is_a_form_that_redirects_to_the_calendar(client: TestClient) -> None:
    home = client.get("/")
    assert home.status_code == 200 and home.headers["content-type"].startswith("text/html")
    assert 'action="/web/calendar"' in home.text and "<script" not in home.text
    picked = client.get(
        "/web/calendar",
        params={"year": "2017", "law": "", "event.death": "2017-07-20", "event.vacancy": ""},
        follow_redirects=False,
    )
    assert picked.status_code == 303
    assert picked.headers["location"] == "/web/calendar/2017?event=death%3D2017-07-20"


def test_an_event_dates_the_rules_counted_from_it(client: TestClient) -> None:
    page = client.get("/web/calendar/2017", params={"event": "death=2017-07-20"})
    assert page.status_code == 200
    assert 'data-rule="nomination.vacancy_after_death"' in page.text
    # The links carry the event on to the derivation and to the downloads.
    assert "/calendar/2017.ics?event=death%3D2017-07-20" in page.text
    explain = client.get(
        "/web/explain/2017/nomination.vacancy_after_death", params={"event": "death=2017-07-20"}
    )
    assert explain.status_code == 200 and "event.death" in explain.text


def test_awaiting_event_rules_are_listed_with_their_formula(client: TestClient) -> None:
    page = client.get("/web/calendar/2026").text
    awaiting = page[page.index('id="awaiting"') :]
    assert 'data-rule="designation.vacancy_after_death"' in awaiting
    assert "earlier of (10 days after event.death, 4 days before primary)" in awaiting


@pytest.mark.parametrize(
    ("url", "status", "message"),
    [
        ("/web/calendar/1850", 400, "year 1850: no law version covers it"),
        ("/web/calendar/twenty", 400, "year &#39;twenty&#39;: expected a year"),
        ("/web/calendar/2026?law=nope", 400, "law &#39;nope&#39;: no such law version"),
        ("/web/calendar/2026?with=S9999", 400, "with &#39;S9999&#39;: no such bill"),
        ("/web/calendar/2026?event=death=2026-02-30", 400, "is not a date"),
        ("/web/calendar/2026?event=funeral=2026-02-03", 400, "event &#39;funeral&#39;"),
        ("/web/calendar?year=", 400, "expected a year"),
        ("/web/explain/2026/no.such_rule", 404, "rule &#39;no.such_rule&#39;: not in the 2026"),
        ("/web/explain/1850/designating_petition.filing", 400, "no law version covers it"),
        ("/web/book?board=atlantis", 400, "board &#39;atlantis&#39;: unknown"),
    ],
)
def test_bad_input_is_a_4xx_page(client: TestClient, url: str, status: int, message: str) -> None:
    response = client.get(url)
    assert response.status_code == status
    assert response.headers["content-type"].startswith("text/html")
    assert message in response.text
    assert "Traceback" not in response.text


def test_downloads_carry_the_pages_choices(client: TestClient) -> None:
    ics = client.get("/calendar/2026.ics")
    assert ics.headers["content-type"].startswith("text/calendar")
    assert ics.content.startswith(b"BEGIN:VCALENDAR") and b"6-158(1-a)" in ics.content
    data = client.get("/calendar/2017.json", params={"event": "death=2017-07-20"}).json()
    assert data["events"] == {"death": "2017-07-20"}
    assert client.get("/calendar/2026.json").json() == client.get("/calendar/2026").json()
    bad = client.get("/calendar/1950.ics")
    assert bad.status_code == 400 and "no law version covers it" in bad.json()["error"]


def test_the_book_page_lists_filings(client: TestClient) -> None:
    paper = {
        "kind": "designating_petition",
        "board": "albany",
        "year": 2026,
        "candidates": [{"name": "Ana <Ruiz>", "residence": "40 Grand St"}],
        "office": "Member of Assembly",
        "party": "Working Families",
    }
    headers = {"Authorization": f"Bearer {client.headers['X-Token']}"}
    assert client.post("/filings", json=paper, headers=headers).status_code == 201
    page = client.get("/web/book", params={"board": "albany", "year": "2026"})
    assert page.status_code == 200
    assert "Ana &lt;Ruiz&gt; (40 Grand St)" in page.text  # escaped
    assert "Daily digests" in page.text and client.get("/book/verify").json()["ok"]
    assert "/book?board=albany&amp;year=2026&amp;format=csv" in page.text
    assert "No filings recorded" in client.get("/web/book", params={"board": "nyc"}).text


@pytest.mark.parametrize(
    ("url", "status", "message"),
    [
        ("/web/nowhere", 404, "Not Found"),
        ("/web/explain/2026", 404, "Not Found"),
        ("/web/calendar/2026?law=" + "x" * 200, 400, "law: String should have at most"),
    ],
)
def test_unknown_web_paths_and_bad_queries_are_html_pages(
    client: TestClient, url: str, status: int, message: str
) -> None:
    response = client.get(url)
    assert response.status_code == status
    assert response.headers["content-type"].startswith("text/html")
    assert message in response.text and "<h1>" in response.text
    assert client.get("/nowhere").json() == {"error": "Not Found"}  # the API stays JSON


def test_a_failure_inside_a_page_is_an_html_500(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("nyballot.web.calendars.load_law", broken)
    app = create_app(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    with TestClient(app, raise_server_exceptions=False) as c:
        response = c.get("/")
        assert response.status_code == 500
        assert response.headers["content-type"].startswith("text/html")
        assert "internal error" in response.text and "boom" not in response.text
        api = c.get("/calendar/2026")
        assert api.status_code == 200  # the API is not affected


def test_calendar_takes_the_same_query_as_its_json_download(client: TestClient) -> None:
    query = {"event": "death=2017-07-20", "convention": "statutory"}
    plain = client.get("/calendar/2017", params=query).json()
    assert plain["events"] == {"death": "2017-07-20"} and plain["convention"] == "statutory"
    assert plain == client.get("/calendar/2017.json", params=query).json()
    bad = client.get("/calendar/2017", params={"event": "death=2017-02-30"})
    assert bad.status_code == 400 and "is not a date" in bad.json()["error"]


@pytest.mark.parametrize("day", ["9999-12-31", "0001-01-02"])
@pytest.mark.parametrize("name", ["death", "vacancy", "special_election", "multiple_group_notice"])
def test_extreme_event_dates_are_a_400_not_a_500(client: TestClient, name: str, day: str) -> None:
    r = client.get("/calendar/2026", params={"event": f"{name}={day}"})
    assert r.status_code == 400 and "more than a year from 2026" in r.json()["error"]
    page = client.get("/web/calendar/2026", params={"event": f"{name}={day}"})
    assert page.status_code == 400 and "more than a year from 2026" in page.text


def test_an_event_given_twice_is_refused(client: TestClient) -> None:
    query = [("event", "death=2026-05-01"), ("event", "death=2026-06-01")]
    r = client.get("/calendar/2026", params=query)
    assert r.status_code == 400
    assert r.json()["error"] == "event 'death': given twice; give each event once"
    assert client.get("/web/calendar/2026", params=query).status_code == 400
