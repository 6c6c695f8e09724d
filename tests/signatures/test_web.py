"""The signatures page and its JSON answer as the command does: the law named in the heading,
the next election's year by default, contained units (§ 6-136(2)(k)), what-ifs marked."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from nyballot.web import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder: Path = tmp_path_factory.mktemp("signatures")
    with TestClient(create_app(f"sqlite:///{folder / 'web.sqlite3'}")) as c:
        yield c


def test_no_year_is_the_next_elections_and_the_page_says_which_law(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NYBALLOT_TODAY", "2026-12-01")
    page = client.get("/web/signatures", params={"unit": "assembly", "enrolled": "30000"}).text
    # 5% of 30,000 = 1,500; "500 for an assembly district" (secondary): 500, in 2027.
    assert "Law: law in force in 2027" in page and "no year given: 2027" in page
    assert '<span class="number">500</span>' in page


def test_contained_units_are_summed_in_the_json(client: TestClient) -> None:
    # § 6-136(2)(k): two cities of 25,000 to 250,000 inhabitants, (e) 1,000 each: 2,000.
    part = "city-or-county-25000-to-250000"
    query = {"year": "2027", "unit": "subdivision-outside-nyc", "enrolled": "1000000",
             "contains": [part, part], "format": "json"}  # fmt: skip
    body = client.get("/web/signatures", params=query).json()
    assert (body["law"], body["what_if"]) == ("law in force in 2027", False)
    assert body["requirements"][0]["number"] == 2000
    assert body["requirements"][0]["cite"] == "§ 6-136(2)(k)"


def test_a_what_if_is_marked_on_the_page_and_in_the_json(client: TestClient) -> None:
    query = {"office": "member-of-assembly", "with": "S5305A", "votes_for_governor": "41234"}
    page = client.get("/web/signatures", params=query).text
    assert "WHAT-IF" in page and "(what-if)" in page
    body = client.get("/web/signatures", params=query | {"format": "json"}).json()
    assert body["what_if"] is True and body["requirements"][0]["what_if"] is True
    # 5% of 41,234 = 2,062; (g) "an assembly district, one thousand five hundred": 1,500.
    assert body["requirements"][0]["number"] == 1500


def test_a_bad_contained_unit_is_a_400_naming_it(client: TestClient) -> None:
    query = {"unit": "assembly", "enrolled": "5", "contains": "bogus"}
    answer = client.get("/web/signatures", params=query)
    assert answer.status_code == 400 and "unit &#39;bogus&#39;" in answer.text
