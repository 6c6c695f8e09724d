"""GET /special and /village, their files, and the pages with the same forms (the site: the
API with its pages)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from icalendar import Calendar as ICalendar

from nyballot.web import create_app

SPECIAL = "office=assembly&proclaimed=2026-02-02&election=2026-03-17"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder: Path = tmp_path_factory.mktemp("elections")
    with TestClient(create_app(f"sqlite:///{folder}/book.sqlite3", rate=0)) as c:
        yield c


def test_special_json_has_the_42_3b_certificate(client: TestClient) -> None:
    data = client.get(f"/special?{SPECIAL}").json()
    got = {d["id"]: d["closes"] for d in data["deadlines"]}
    # § 6-158(6): seven days after Mon Feb 2, 2026 (§ 42(3)(b)): Mon Feb 9.
    assert got["special_pbo_42_3b.party_nomination.certificate"] == "2026-02-09"
    assert data["special"]["paragraph"]["cite"] == "PBO 42(3)(b)"


@pytest.mark.parametrize(
    ("query", "status", "words"),
    [
        ("/special?office=mayorx&proclaimed=2026-02-02&election=2026-03-17", 400, "no such office"),
        ("/special?office=assembly&proclaimed=2026-02-02&election=2026-01-17", 400, "not after"),
        ("/special?office=assembly&election=2026-03-17", 400, "proclaimed: required"),
        ("/village?year=2026&month=june", 400, "fix none in june"),
        ("/village?year=2026&month=smarch", 400, "not a month"),
        ("/village?year=nope", 422, "year"),
    ],
)
def test_bad_queries_are_answered_4xx_with_a_json_body(
    client: TestClient, query: str, status: int, words: str
) -> None:
    answer = client.get(query)
    assert answer.status_code == status
    assert words in answer.json()["error"]


def test_the_files_are_the_calendars_exports(client: TestClient) -> None:
    ics = client.get(f"/special.ics?{SPECIAL}")
    assert ics.status_code == 200 and ICalendar.from_ical(ics.content).walk("VEVENT")
    csv = client.get("/village.csv?year=2026&kind=board").text
    assert "village.recanvass" in csv and "village.independent_petition.filing" not in csv


def test_the_pages_show_the_form_and_the_calendar(client: TestClient) -> None:
    empty = client.get("/web/special").text
    assert 'name="proclaimed"' in empty and "<table" not in empty
    page = client.get(f"/web/special?{SPECIAL}").text
    assert 'data-rule="special_pbo_42_3b.party_nomination.certificate"' in page
    assert "/special.ics?" in page
    pdf = client.get(f"/web/special?{SPECIAL}&format=pdf")
    assert pdf.content.startswith(b"%PDF")
    village = client.get("/web/village?year=2037").text
    assert 'data-rule="village.election_held"' in village
    bad = client.get("/web/village?year=2026&month=june", headers={"accept": "text/html"})
    assert bad.status_code == 400


def test_the_site_s_navigation_leads_to_both_pages(client: TestClient) -> None:
    home = client.get("/").text
    assert 'href="/web/special"' in home and 'href="/web/village"' in home
    page = client.get(f"/web/special?{SPECIAL}").text
    assert '<a href="/web/special" aria-current="page">' in page
    assert "<code>assembly:2026-02-02:2026-03-17</code>" in page  # the id the desk takes
