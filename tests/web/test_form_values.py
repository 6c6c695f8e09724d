"""Every form of the site that answers with an error shows itself again with what was typed
(and what was wrong), answered 400: the calendar's form, my calendar, compare, special and
village elections, a year at a glance, holidays, delegates and the ballot preview. The clerk's
desk, the upload for review and signatures are tested with their pages."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from nyballot.web import create_app


class Fields(HTMLParser):
    """What each field of the page's forms holds: an input's value, a select's selected
    option, the checked boxes (by field name; a repeated name gives a list)."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str | list[str]] = {}
        self.select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        name = a.get("name") or ""
        if tag == "input" and a.get("type") == "checkbox":
            if "checked" in a:
                found = self.values.setdefault(name, [])
                assert isinstance(found, list)
                found.append(a.get("value") or "")
        elif tag == "input" and a.get("type") != "file":
            self.values[name] = a.get("value") or ""
        elif tag == "select":
            self.select = name
        elif tag == "option" and self.select is not None and "selected" in a:
            self.values[self.select] = a.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.select = None


def fields(html: str) -> dict[str, str | list[str]]:
    parser = Fields()
    parser.feed(html)
    return parser.values


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    url = f"sqlite:///{tmp_path_factory.mktemp('forms') / 'desk.sqlite3'}"
    return TestClient(create_app(url, rate=0))


def shown_again(client: TestClient, url: str, wrong: str) -> dict[str, str | list[str]]:
    """The page a GET form's bad request answers: 400, what was wrong, the fields."""
    page = client.get(url)
    assert page.status_code == 400, page.text[:300]
    assert 'id="form-error"' in page.text and wrong in page.text
    return fields(page.text)


def test_the_calendar_form_keeps_what_was_typed(client: TestClient) -> None:
    # A vacancy date three years off is refused; the year, law, counting and date stay.
    url = "/web/calendar?year=2026&law=current&convention=statutory&event.vacancy=2029-03-01"
    got = shown_again(client, url, "event vacancy=2029-03-01")
    assert got["year"] == "2026" and got["law"] == "current"
    assert got["convention"] == "statutory" and got["event.vacancy"] == "2029-03-01"


def test_the_calendar_page_keeps_its_year_on_the_form(client: TestClient) -> None:
    got = shown_again(client, "/web/calendar/1805?law=current", "year 1805")
    assert got["year"] == "1805" and got["law"] == "current"


def test_my_calendar_keeps_what_was_typed(client: TestClient) -> None:
    url = "/web/mine?year=2026&who=board&office=judicial&body=independent&remind=99"
    got = shown_again(client, url, "remind &#39;99&#39;")
    assert got["year"] == "2026" and got["remind"] == "99"
    assert (got["who"], got["office"], got["body"]) == ("board", "judicial", "independent")


def test_compare_keeps_what_was_typed(client: TestClient) -> None:
    url = "/web/compare?year=1800&law=current&against=pre-2019"
    got = shown_again(client, url, "year 1800")
    assert got["year"] == "1800" and got["law"] == "current" and got["against"] == "pre-2019"


def test_the_compare_page_shows_its_form_again_for_a_bill_it_cannot_read(
    client: TestClient,
) -> None:
    got = shown_again(client, "/web/compare/2016?with=NOSUCH&against=pre-2019", "NOSUCH")
    assert got["year"] == "2016" and got["against"] == "pre-2019"


def test_a_special_election_keeps_what_was_typed(client: TestClient) -> None:
    # An election before its proclamation is refused; both dates stay.
    url = "/web/special?office=assembly&proclaimed=2026-03-01&election=2026-02-01"
    got = shown_again(client, url, "2026-02-01")
    assert got["proclaimed"] == "2026-03-01" and got["election"] == "2026-02-01"
    assert got["office"] == "assembly"


def test_a_village_election_keeps_what_was_typed(client: TestClient) -> None:
    got = shown_again(client, "/web/village?year=2026&month=june&day=99", "99")
    assert got["year"] == "2026" and got["month"] == "june" and got["day"] == "99"


def test_a_year_at_a_glance_keeps_what_was_typed(client: TestClient) -> None:
    assert shown_again(client, "/web/glance?year=1805", "year 1805")["year"] == "1805"
    assert shown_again(client, "/web/glance/1805", "year 1805")["year"] == "1805"


def test_the_holidays_form_keeps_what_was_typed(client: TestClient) -> None:
    assert shown_again(client, "/web/holidays?year=1805", "1805")["year"] == "1805"
    assert shown_again(client, "/web/holidays/19x5", "19x5")["year"] == "19x5"


def test_the_delegates_form_keeps_what_was_typed(client: TestClient) -> None:
    form = {"at_large": "14", "denominator": "all", "rounding": "half-even", "format": "pdf"}
    page = client.post(
        "/web/delegates", data=form, files={"results": ("r.csv", b"district,votes\n1,2\n")}
    )
    assert page.status_code == 400 and 'id="form-error"' in page.text and "r.csv" in page.text
    got = fields(page.text)
    assert (got["at_large"], got["denominator"], got["rounding"]) == ("14", "all", "half-even")
    assert got["format"] == "pdf"
    # No bill ticked at first; a bill ticked is ticked again on the form shown again.
    assert "bill" not in fields(client.get("/web/delegates").text)
    again = client.post("/web/delegates", data=form | {"bill": "S5961"},
                        files={"results": ("r.csv", b"x")})  # fmt: skip
    assert fields(again.text)["bill"] == ["S5961"]
    bad = client.post("/web/delegates", data=form | {"at_large": "many"},
                      files={"results": ("r.csv", b"x")})  # fmt: skip
    assert bad.status_code == 400 and fields(bad.text)["at_large"] == "many"


def test_the_ballot_form_keeps_what_was_typed(client: TestClient) -> None:
    bills = [o for o in fields(client.get("/web/ballot").text) if o == "bill"]
    assert bills == []  # no box checked at first
    form = {"seed": "drawn at noon", "law": "current", "bill": ["A9725"], "format": "csv"}
    page = client.post("/web/ballot", data=form, files={"ballot": ("b.json", b"{")})
    assert page.status_code == 400 and "b.json: not valid JSON" in page.text
    got = fields(page.text)
    assert got["seed"] == "drawn at noon" and got["law"] == "current"
    assert got["bill"] == ["A9725"] and got["format"] == "csv"


def test_every_form_of_the_site_is_tested_here_or_with_its_page() -> None:
    """A new form must be added to these tests (or its page's): the forms by their target."""
    templates = Path(__file__).parents[2] / "src" / "nyballot" / "web" / "templates"
    targets = set()
    for template in templates.glob("*.html"):
        text = template.read_text()
        targets |= {part.split('"')[0] for part in text.split('action="')[1:]}
    assert targets == {
        "/web/ballot", "/web/book", "/web/calendar", "/web/compare", "/web/delegates",
        "/web/desk/file", "/web/desk/review", "/web/desk/signin", "/web/desk/signout",
        "/web/due", "/web/glance", "/web/holidays", "/web/law", "/web/mine", "/web/signatures",
        "/web/special", "/web/village",
        "{{ action }}",  # upload.html, on three pages: tests/bills/test_upload_pages.py
        # keying_volumes.html and keying.html: tests/web/test_keying.py
        "/web/desk/keying", "/web/desk/keying/{{ volume.id }}/key",
    }  # fmt: skip
