"""The web ballot page reads the ballot under the law in force by default, and says which."""

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from nyballot.web import create_app

EXAMPLES = Path(__file__).parents[2] / "examples"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def _post(client: TestClient, **data: str) -> str:
    body = (EXAMPLES / "ballot-upstate.json").read_bytes()
    response = client.post("/web/ballot", files={"ballot": ("b.json", body)}, data=data)
    assert response.status_code == 200
    return response.text


def test_the_page_offers_the_law_in_force_by_default(client: TestClient) -> None:
    form = client.get("/web/ballot").text
    assert '<option value="" selected>The law in force' in form
    assert '<option value="pre-2019">' in form


def test_the_page_heading_names_the_law_of_the_election_year(client: TestClient) -> None:
    # examples/ballot-upstate.json: "date": "2026-06-23", so the law in force for 2026.
    text = _post(client)
    assert "under current</h2>" in text
    assert "the law in force for 2026, the year of the election (2026-06-23)" in text


def test_a_law_chosen_on_the_page_is_the_one_read(client: TestClient) -> None:
    text = _post(client, law="pre-2019")
    assert "under pre-2019</h2>" in text
    assert "law version pre-2019, as asked" in text
