"""Idempotency keys belong to a board and a token: a key never replays another board's or
another clerk's filing; a replay is logged; the OpenAPI document names every 4xx answered."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import status_code_conformance

from nyballot.api import create_app
from nyballot.filing import access
from nyballot.filing.desk import Desk
from nyballot.filing.store import dispose_all

from .conftest import ALBANY_PETITION, DeskClock


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    clock = DeskClock("2026-04-01T10:15:00-04:00")
    with TestClient(create_app(db_url, rate=0, clock=clock)) as c:
        yield c


def _bearer(db_url: str, clerk: str, *boards: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {Desk(db_url).create_token(clerk, 'clerk', boards)}"}


def test_the_same_key_on_two_boards_records_two_papers(client: TestClient, db_url: str) -> None:
    # Before: the key was one for the whole database; erie's clerk got 409 (another paper).
    albany = _bearer(db_url, "Ann", "albany")
    erie = _bearer(db_url, "Eve", "erie")
    first = client.post(
        "/filings", json=ALBANY_PETITION, headers={**albany, "Idempotency-Key": "k-1"}
    )
    paper = {**ALBANY_PETITION, "board": "erie"}
    second = client.post("/filings", json=paper, headers={**erie, "Idempotency-Key": "k-1"})
    assert (first.status_code, second.status_code) == (201, 201)
    assert first.json()["uid"] != second.json()["uid"]
    assert second.json()["idempotency_key"] == "k-1"


def test_another_token_s_key_replays_nothing(client: TestClient, db_url: str) -> None:
    # Before: a second clerk sending the first one's key got the first one's record back.
    ann, bob = _bearer(db_url, "Ann", "albany"), _bearer(db_url, "Bob", "albany")
    first = client.post("/filings", json=ALBANY_PETITION, headers={**ann, "Idempotency-Key": "k-1"})
    other = client.post("/filings", json=ALBANY_PETITION, headers={**bob, "Idempotency-Key": "k-1"})
    assert other.status_code == 201 and other.json()["uid"] != first.json()["uid"]
    assert other.json()["clerk"] == "Bob"


def test_a_replay_is_logged(client: TestClient, db_url: str) -> None:
    ann = {**_bearer(db_url, "Ann", "albany"), "Idempotency-Key": "k-1"}
    first = client.post("/filings", json=ALBANY_PETITION, headers=ann).json()
    again = client.post("/filings", json=ALBANY_PETITION, headers=ann)
    assert again.status_code == 200 and again.json()["replayed"] is True
    latest = access.read_log(Desk(db_url).engine, 1)[0]
    assert (latest["who"], latest["target"], latest["outcome"]) == (
        "Ann",
        first["uid"],
        "replayed: already recorded under this key",
    )


def test_the_openapi_document_names_the_desk_s_4xx(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]

    def codes(path: str, method: str) -> list[str]:
        return sorted(c for c in paths[path][method]["responses"] if c.startswith(("4", "5")))

    write = ["400", "401", "403", "404", "409", "413", "422", "429", "503"]
    assert codes("/filings", "post") == codes("/objections", "post") == write
    assert codes("/filings/{uid}", "get") == ["404", "413", "422", "429", "503"]
    assert codes("/book", "get") == ["400", "413", "422", "429", "503"]
    error = paths["/filings"]["post"]["responses"]["409"]["content"]["application/json"]
    assert error["schema"] == {"$ref": "#/components/schemas/ErrorBody"}


# The schema is loaded at import, so its app and database are made here (a temp folder).
_folder = tempfile.mkdtemp(prefix="nyballot-conform-")
_app = create_app(f"sqlite:///{Path(_folder) / 'c.sqlite3'}")
# The petition review's routes are documented by their own module.
_schema = schemathesis.openapi.from_asgi("/openapi.json", _app).exclude(path_regex="^/petitions")


@_schema.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_every_status_answered_is_in_the_document(case: schemathesis.Case) -> None:
    # Before, the document listed 422 alone: a 400, 401, 404 or 409 was undocumented.
    case.validate_response(case.call(), checks=[status_code_conformance])


def teardown_module() -> None:
    dispose_all()
    shutil.rmtree(_folder, ignore_errors=True)
