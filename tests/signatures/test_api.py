"""GET /signatures answers as `nyballot signatures --format json` does, refuses bad input with
a JSON body, and is in the OpenAPI document with its 4xx."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from nyballot.api.app import create_app
from nyballot.cli import cli


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder: Path = tmp_path_factory.mktemp("signatures-api")
    with TestClient(create_app(f"sqlite:///{folder / 'api.sqlite3'}")) as c:
        yield c


@pytest.fixture(autouse=True)
def today(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NYBALLOT_TODAY", "2026-12-01")


def _cli(*args: str) -> object:
    out = CliRunner().invoke(cli, ["signatures", *args, "--format", "json"])
    assert out.exit_code == 0, out.output
    return json.loads(out.output)


def test_no_year_is_the_next_elections_as_the_command_says(client: TestClient) -> None:
    body = client.get("/signatures", params={"unit": "assembly", "enrolled": "30000"}).json()
    # 5% of 30,000 = 1,500; "500 for an assembly district" (secondary): 500, in 2027.
    assert (body["year"], body["law"], body["what_if"]) == (2027, "law in force in 2027", False)
    assert body["requirements"][0]["number"] == 500
    assert body == _cli("--unit", "assembly", "--enrolled", "30000")


def test_a_what_if_bill_is_marked(client: TestClient) -> None:
    query = {"office": "national-convention-delegate", "with": "S5961", "enrolled": "61234"}
    body = client.get("/signatures", params=query).json()
    # § 2-122-a(6)(c): "five hundred ... or ... one-half of one percent (0.5%) ... whichever is
    # less": 0.5% of 61,234 = 306.17, rounded up 307 < 500.
    assert body["what_if"] is True and body["law"].endswith("(what-if)")
    assert body["requirements"][0]["number"] == 307
    assert body == _cli("--office", "national-convention-delegate", "--with", "S5961",
                        "--enrolled", "61234")  # fmt: skip


def test_contained_units_are_summed(client: TestClient) -> None:
    # § 6-136(2)(k): two counties in the city, (c) 4,000 each: 8,000 < 5% of 1,000,000.
    query = {"year": "2027", "office": "local-office", "unit": "two-counties-in-nyc",
             "enrolled": "1000000", "contains": ["county-in-nyc", "county-in-nyc"]}  # fmt: skip
    body = client.get("/signatures", params=query).json()
    assert body["requirements"][0]["number"] == 8000


@pytest.mark.parametrize(
    ("query", "status", "says"),
    [
        ({"unit": "assembly"}, 400, "enrolled"),
        ({"unit": "bogus", "enrolled": "5"}, 400, "bogus"),
        ({"unit": "assembly", "enrolled": "5", "petition": "nominating"}, 400, "petition"),
        ({"unit": "assembly", "enrolled": "5", "law": "nonesuch"}, 400, "nonesuch"),
        ({"unit": "assembly", "enrolled": "five"}, 422, "enrolled"),
        ({"unit": "assembly", "enrolled": "5", "year": "3000"}, 422, "year"),
        ({"office": "president"}, 400, "S5961"),
    ],
)
def test_bad_input_is_a_4xx_with_a_json_body(
    client: TestClient, query: dict[str, str], status: int, says: str
) -> None:
    answer = client.get("/signatures", params=query)
    assert answer.status_code == status, answer.text
    assert says in answer.json()["error"]


def test_the_route_is_in_the_openapi_document_with_its_4xx(client: TestClient) -> None:
    route = client.get("/openapi.json").json()["paths"]["/signatures"]["get"]
    assert {"400", "422"} <= set(route["responses"])
    names = {p["name"] for p in route["parameters"]}
    assert {"year", "petition", "unit", "office", "enrolled", "votes_for_governor",
            "contains", "law", "with"} <= names  # fmt: skip
