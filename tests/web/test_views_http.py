"""The new views without a browser: bad input is a 4xx page, uploads are bounded, downloads
are what a spreadsheet and a calendar program expect, and the pieces behave."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from nyballot.filing.store import dispose_all
from nyballot.web import create_app
from nyballot.web.calendars import by_month
from nyballot.web.timeline import PAD, WIDTH, Bar, Row, timeline_svg
from nyballot.web.tools import MAX_UPLOAD

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder: Path = tmp_path_factory.mktemp("views")
    with TestClient(create_app(f"sqlite:///{folder / 'views.sqlite3'}")) as c:
        yield c
    dispose_all()


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("/web/mine?who=wizard", "who &#39;wizard&#39;: expected one of candidate"),
        ("/web/mine?office=mayor-of-atlantis", "office &#39;mayor-of-atlantis&#39;"),
        ("/web/mine?year=1850", "year 1850: no law version covers it"),
        ("/web/mine?on=someday", "on &#39;someday&#39;: expected a date YYYY-MM-DD"),
        ("/web/mine/feed.ics?remind=999", "remind"),
        ("/web/glance/1850", "no law version covers it"),
        ("/web/compare/2016?with=NOPE", "NOPE"),
        ("/web/compare?year=abc", "year &#39;abc&#39;: expected a year"),
        ("/web/law/nope", "law &#39;nope&#39;: no such law version"),
        ("/web/holidays/1066", "1066"),
        ("/web/calendar/2016?primary=2016-99-13", "primary: &#39;2016-99-13&#39; is not a date"),
        ("/web/due?board=atlantis", "board &#39;atlantis&#39;: unknown"),
        ("/web/due?on=2026-02-30", "on &#39;2026-02-30&#39;"),
        ("/web/signatures?office=dogcatcher", "<strong>office dogcatcher: unknown office"),
        ("/web/signatures?office=governor&enrolled=-3", "enrolled voters &#39;-3&#39;"),
        ("/web/calendar/2026?format=xml", "format &#39;xml&#39;: expected one of html, pdf"),
        ("/web/glance/2026?format=docx", "format &#39;docx&#39;"),
    ],
)
def test_bad_input_is_a_4xx_page(client: TestClient, url: str, message: str) -> None:
    response = client.get(url)
    assert 400 <= response.status_code < 500
    assert response.headers["content-type"].startswith("text/html")
    assert message in response.text and "Traceback" not in response.text


def _post(client: TestClient, path: str, field: str, name: str, body: bytes) -> str:
    data = {"at_large": "14"} if path == "/web/delegates" else {}
    response = client.post(path, files={field: (name, body)}, data=data)
    assert response.status_code == 400, response.text[:200]
    assert response.headers["content-type"].startswith("text/html")
    return response.text


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            b"district,candidate,votes\n1,A,10\n1,B,-3\n",
            "r.csv row 3: votes &#39;-3&#39; is negative",
        ),
        (b"district,candidate\n1,A\n", "r.csv row 1: missing column(s) votes"),
        (b"\xff\xfe1,2,3", "r.csv: not UTF-8 text"),
        (b"   \n", "r.csv: the file is empty"),
        (
            b"district,candidate,votes\n" + b"1,A,1\n" * (MAX_UPLOAD // 6),
            "r.csv: larger than 60 KiB",
        ),
    ],
)
def test_a_bad_results_upload_is_named_with_its_row(
    client: TestClient, body: bytes, message: str
) -> None:
    assert message in _post(client, "/web/delegates", "results", "r.csv", body)


def test_a_bad_ballot_upload_is_refused(client: TestClient) -> None:
    assert "b.json: not valid JSON" in _post(client, "/web/ballot", "ballot", "b.json", b"{")
    text = _post(
        client, "/web/ballot", "ballot", "b.json", b'{"party": "X", "offices": [], "stauts": 1}'
    )
    assert "stauts" in text


def test_an_upload_can_come_back_as_json(client: TestClient) -> None:
    body = (EXAMPLES / "results.csv").read_bytes()
    response = client.post(
        "/web/delegates",
        files={"results": ("results.csv", body)},
        data={"at_large": "14", "format": "json", "bill": "S5961"},
    )
    assert response.status_code == 200
    assert response.json()["total"] == {"Alpha": 14, "Beta": 8}  # README, Delegates


def test_delegates_without_a_bill_are_refused_as_json_when_json_was_asked(
    client: TestClient,
) -> None:
    # The law in force has no allocation: no answer from a bill that was not ticked.
    body = (EXAMPLES / "results.csv").read_bytes()
    response = client.post(
        "/web/delegates",
        files={"results": ("results.csv", body)},
        data={"at_large": "14", "format": "json"},
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert "has no delegate allocation; S.5961 of 2015 (a bill never enacted)" in error
    assert "give with S5961" in error and "--with" not in error


def test_csv_downloads_open_in_a_spreadsheet(client: TestClient) -> None:
    body = client.get("/web/calendar/2026", params={"format": "csv"}).content
    assert body.startswith(b"\xef\xbb\xbfid,cite,title,opens,closes,")  # the calendar's CSV
    # Mon 2026-03-30 to Mon 2026-04-06: see tests/web/test_browser.py.
    line = next(x for x in body.split(b"\r\n") if x.startswith(b"designating_petition.filing,"))
    assert b",2026-03-30,2026-04-06," in line
    assert b"\n" not in body.replace(b"\r\n", b"")


def test_my_calendar_json_and_feed_keep_to_the_choice(client: TestClient) -> None:
    query = {"year": "2026", "who": "candidate", "office": "public", "body": "independent"}
    ids = [
        d["id"]
        for d in client.get("/web/mine", params=query | {"format": "json"}).json()["deadlines"]
    ]
    assert "independent_petition.filing" in ids and "election.primary" in ids
    assert not any(
        i.startswith(("designating_petition", "judicial_", "military_ballots")) for i in ids
    )
    feed = client.get("/web/mine/feed.ics", params=query | {"remind": "5"}).text
    assert feed.startswith("BEGIN:VCALENDAR") and "independent nominating petitions" in feed
    assert "BEGIN:VALARM" in feed and "TRIGGER:-P5D" in feed
    assert "SUMMARY:Dates for filing designating petitions" not in feed


def test_a_window_is_drawn_from_its_first_day_to_the_end_of_its_last() -> None:
    # 2026 has 365 days; Mar 30 is day 31 + 28 + 29 = 88 of the year and the day after
    # Apr 6 is day 88 + 8 = 96: x = PAD + day * (WIDTH - 2 * PAD) / 365.
    svg = timeline_svg(
        2026, [Row("w", (Bar("window", dt.date(2026, 3, 30), dt.date(2026, 4, 6)),))], None, "t"
    )
    x0 = PAD + 88 * (WIDTH - 2 * PAD) / 365
    width = 8 * (WIDTH - 2 * PAD) / 365
    assert f'<rect x="{x0:.1f}"' in svg and f'width="{width:.1f}"' in svg
    assert "today" not in svg  # no day given, no line


days = st.dates(dt.date(2026, 1, 1), dt.date(2026, 12, 31))


@given(st.lists(days, max_size=30).map(sorted), days)
def test_today_is_marked_once_and_every_row_kept_in_order(
    starts: list[dt.date], day: dt.date
) -> None:
    rows = [{"opens": s, "closes": None, "n": i} for i, s in enumerate(starts)]
    months = by_month(rows, day)
    flat = [r for _, group in months for r in group]
    assert [r for r in flat if "today" not in r] == rows
    marks = [i for i, r in enumerate(flat) if "today" in r]
    assert len(marks) == (1 if rows else 0)
    for i in marks:
        assert all(r["opens"] < day for r in flat[:i])
        assert all(r["opens"] >= day for r in flat[i + 1 :])
        month = next(m for m, group in months if flat[i] in group)
        assert (month.year, month.month) == (day.year, day.month)


def test_signatures_under_the_law_in_force_in_a_year(client: TestClient) -> None:
    # tests/golden/signatures/in_force.yaml, counted by hand: in 2020 (EO 202.2) a county or
    # borough in the city needs 30% of the 4,000 of § 6-136(2)(b): 1,200.
    query = {"year": "2020", "petition": "designating", "unit": "county-in-nyc"}
    page = client.get("/web/signatures", params=query | {"enrolled": "1000000"}).text
    assert '<span class="number">1,200</span>' in page
    # A number resting on a secondary source says so (assembly, 2019: 500 in the city).
    query = {"year": "2019", "petition": "designating", "unit": "assembly"}
    page = client.get("/web/signatures", params=query | {"enrolled": "1000000"}).text
    assert '<span class="number">500</span>' in page and "secondary source" in page


def test_my_calendar_marks_words_not_found(client: TestClient) -> None:
    # The 2026 act's own words for § 6-158(1-a) were not found (tests/web/test_browser.py).
    page = client.get("/web/mine", params={"year": "2026"}).text
    row = page[page.index('data-rule="designating_petition.filing"') :]
    row = row[: row.index("</tr>")]
    assert "§ 6-158(1-a)" in row and "(text unverified)" in row
    assert "Text unverified: the words in force" in page


def test_a_calendar_page_with_a_typed_in_primary_says_what_if(client: TestClient) -> None:
    # A primary typed in is not the law's own day: the page says so, and its downloads ask
    # for the same calendar.
    page = client.get("/web/calendar/2016?primary=2016-09-13").text
    assert "the primary election day is typed in (2016-09-13)" in page
    assert "/calendar/2016.ics?primary=2016-09-13" in page
