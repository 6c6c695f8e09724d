"""Phones and downloads without a browser: list pages download as CSV for a spreadsheet (UTF-8
with a byte order mark, CRLF, no live formula), PDFs say whose law, when and that they are not
legal advice, a form error keeps what was typed, and the compare form offers what compares."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from nyballot.filing.desk import Desk
from nyballot.filing.store import dispose_all
from nyballot.web import create_app

TOKENS: list[str] = []  # the module's clerk's
FORMULA = '=HYPERLINK("http://evil.example","click")'


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder: Path = tmp_path_factory.mktemp("downloads")
    url = f"sqlite:///{folder / 'downloads.sqlite3'}"
    token = Desk(url).create_token("Ann Clerk", "supervisor")
    TOKENS.append(token)
    with TestClient(create_app(url, rate=0)) as c:
        paper = {
            "kind": "designating_petition", "board": "albany", "year": 2026,
            "received": "2026-04-02T16:59:00-04:00",
            "late_entry": {"reason": "entered after the day"},
            "candidates": [{"name": FORMULA, "residence": "1 Main St"},
                           {"name": "أحمد", "residence": "2 Main St"}],
            "office": "Member of Assembly", "party": "أحزاب",
        }  # fmt: skip
        done = c.post("/filings", json=paper, headers={"Authorization": f"Bearer {token}"})
        assert done.status_code == 201, done.text
        yield c
    dispose_all()


@pytest.mark.parametrize("path", ["/web/book?format=csv", "/web/due?on=2026-04-02&format=csv"])
def test_a_list_page_is_a_csv_a_spreadsheet_reads_without_running_a_formula(
    client: TestClient, path: str
) -> None:
    body = client.get(path).content
    assert body.startswith(b"\xef\xbb\xbf")
    assert b"\r\n" in body and b"\n" not in body.replace(b"\r\n", b"")
    text = body.decode("utf-8-sig")
    assert "'=HYPERLINK" in text  # the candidate's name, kept as text
    assert not re.search(r'(^|,|")=HYPERLINK', text)


def test_the_book_page_downloads_as_json_and_pdf(client: TestClient) -> None:
    data = client.get("/web/book?format=json").json()
    assert data["filings"][0]["kind"] == "Designating petition"
    pdf = client.get("/web/book?format=pdf")
    assert pdf.headers["content-type"] == "application/pdf" and pdf.content.startswith(b"%PDF")


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler's pdftotext")
@pytest.mark.parametrize(
    ("path", "law"),
    [("/web/calendar/2026?format=pdf", "under current"), ("/web/book?format=pdf", "Election Law")],
)
def test_every_pdf_names_the_law_the_day_and_that_it_is_not_legal_advice(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, path: str, law: str
) -> None:
    monkeypatch.setenv("NYBALLOT_TODAY", "2026-12-01")
    (tmp_path / "p.pdf").write_bytes(client.get(path).content)
    text = subprocess.run(
        ["pdftotext", str(tmp_path / "p.pdf"), "-"], capture_output=True, text=True, check=True
    ).stdout
    words = " ".join(text.split())
    assert "Printed by nyballot on Tue 2026-12-01" in words
    assert law in words and "Not legal advice" in words


def test_the_book_page_labels_its_cards_and_isolates_names(client: TestClient) -> None:
    page = client.get("/web/book").text
    table = page[page.index('<table id="book"') : page.index("</table>")]
    cells = re.findall(r"<td[^>]*>", table)
    assert cells and all("data-label=" in c for c in cells)
    assert re.search(r"<bdi>[^<]*أحمد[^<]*</bdi>", table)


def test_a_signatures_form_error_keeps_what_was_typed(client: TestClient) -> None:
    page = client.get("/web/signatures?office=governor&enrolled=-3&votes_for_governor=41234")
    assert page.status_code == 400
    assert "enrolled voters &#39;-3&#39;" in page.text
    assert 'value="-3"' in page.text and 'value="41234"' in page.text
    assert page.text.index('id="form-error"') < page.text.index("<form")


def test_the_signatures_answer_comes_before_the_forms(client: TestClient) -> None:
    page = client.get("/web/signatures?office=member-of-assembly&votes_for_governor=41234").text
    # § 6-142(2)(g): 5% of 41,234 = 2,062, capped at 1,500 (counted by hand).
    assert page.index("1,500</span> signatures") < page.index("<form")


def test_the_compare_form_offers_only_the_bills_of_its_year(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NYBALLOT_TODAY", "2026-12-01")  # the form's year: 2027
    form = client.get("/web/compare").text
    offered = re.findall(r'<option value="([A-Z0-9]+)">\1:', form)
    # S.5961 expires Dec 31, 2016 and S.5305-A is refused for 2027 by its own dates; A.9725 reads.
    assert offered == ["A9725"]
    for bill in offered:
        assert client.get(f"/web/compare/2027?with={bill}").status_code == 200


def test_the_book_pages_and_filters_by_kind(client: TestClient) -> None:
    token = TOKENS[0]
    for n in range(101):  # with the module's petition: 102 filings, a second page of 2
        paper = {"kind": "designating_petition", "board": "albany", "year": 2026,
                 "candidates": [{"name": f"Candidate {n}", "residence": "1 Main St"}]}  # fmt: skip
        done = client.post("/filings", json=paper, headers={"Authorization": f"Bearer {token}"})
        assert done.status_code == 201
    first = client.get("/web/book").text
    assert "Filings 1 to 100 of 102" in first and 'rel="next"' in first
    second = client.get("/web/book?page=2").text
    assert "Filings 101 to 102 of 102" in second and 'rel="prev"' in second
    assert "Filings 1 to" not in client.get("/web/book?kind=objection").text
