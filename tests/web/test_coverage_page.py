"""The coverage page and its JSON: in a real headless Chromium, and through the API.

Hand-read from the shipped texts: under the law in force § 6-158(1) ("A designating petition
shall be filed not earlier than the thirteenth Monday before ...") is encoded by
designating_petition.filing; § 6-158(13) reads "[not found]"; under the pre-2019 statute
§ 6-158(14) ("A vacancy occurring before September twentieth ...") is encoded by the vacancy
rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Page

from nyballot.filing.store import dispose_all
from nyballot.law.coverage import coverage, coverage_dict
from nyballot.web import create_app


def test_from_the_home_page_to_the_checklist_of_each_version(page: Page) -> None:
    page.goto("/")
    page.locator("#views").get_by_role("link", name="Coverage").click()
    page.wait_for_url(re.compile(r"/web/coverage$"))
    assert page.locator("h1").inner_text() == "Coverage of the law: current"

    row = page.locator('tr[data-cite="6-158(1)"]')
    cells = row.locator("td").all_inner_texts()
    assert cells[0] == "§ 6-158(1)"
    assert cells[1] == "encoded"
    assert "designating_petition.filing" in cells[2]
    assert cells[3].startswith("A designating petition shall be filed not earlier")
    missing = page.locator('tr[data-cite="6-158(13)"] td').all_inner_texts()
    assert missing[0] == "§ 6-158(13) *" and missing[1] == "missing"
    totals = page.locator("#totals").inner_text()
    assert re.fullmatch(r"Total: \d+ subdivisions: \d+ encoded; .*\.", totals)

    # § 6-134, counted by hand (tests/test_coverage.py): 13 subdivisions, 2 encoded, 2 with no
    # date, 8 missing, 1 not modelled; its link leads to its first subdivision
    summary = page.locator('#by-section tr[data-section="6-134"] td').all_inner_texts()
    assert summary == ["§ 6-134", "13", "2", "2", "8", "1"]
    page.locator('#by-section tr[data-section="6-134"] a').click()
    page.wait_for_url(re.compile(r"/web/coverage#s-6-134$"))
    assert page.locator("#s-6-134").get_attribute("data-cite") == "6-134(1)"

    page.get_by_role("link", name="pre-2019").click()
    page.wait_for_url(re.compile(r"/web/coverage\?law=pre-2019$"))
    cells = page.locator('tr[data-cite="6-158(14)"] td').all_inner_texts()
    assert cells[1] == "encoded" and "vacancy.general_election" in cells[2]
    href = page.locator("#download-json").get_attribute("href")
    assert href == "/law/coverage?law=pre-2019"
    response = page.request.get(href)
    assert response.status == 200 and response.json()["law"] == "pre-2019"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder: Path = tmp_path_factory.mktemp("coverage")
    with TestClient(create_app(f"sqlite:///{folder / 'c.sqlite3'}")) as c:
        yield c
    dispose_all()


def test_the_json_endpoint_and_its_errors(client: TestClient) -> None:
    answer = client.get("/law/coverage", params={"law": "current"})
    assert answer.status_code == 200
    assert answer.json() == coverage_dict(coverage("current"))
    assert client.get("/law/coverage").json()["law"] == "current"
    assert client.get("/law/coverage", params={"law": "pre2019"}).json()["law"] == "pre-2019"
    bad = client.get("/law/coverage", params={"law": "1999"})
    assert bad.status_code == 400
    assert bad.json() == {"error": "law '1999': no such law version"}
    assert client.get("/law/coverage", params={"law": "x" * 101}).status_code == 422


def test_an_unknown_law_is_a_400_page(client: TestClient) -> None:
    page = client.get("/web/coverage", params={"law": "1999"})
    assert page.status_code == 400 and page.headers["content-type"].startswith("text/html")
    assert "law &#39;1999&#39;: no such law version" in page.text
