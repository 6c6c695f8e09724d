"""Under a bill never enacted, explain says so everywhere: its text, its JSON (``what_if`` and
``overlay_status``), ``GET /explain/...``, the explain page and the page's PDF."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from nyballot.cli import cli
from nyballot.web import create_app

ARGS = ["explain", "2016", "designating_petition.filing", "--with", "S5961"]
QUERY = "/2016/designating_petition.filing?with=S5961"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    url = f"sqlite:///{tmp_path_factory.mktemp('explain') / 'desk.sqlite3'}"
    with TestClient(create_app(url)) as c:
        yield c


def test_the_text_says_first_it_is_a_what_if_of_a_bill_never_enacted() -> None:
    # a terminal wide enough that the law line is one line (on 80 columns it wraps)
    text = CliRunner().invoke(cli, ARGS, env={"COLUMNS": "400"}).stdout
    first, second = text.splitlines()[:2]
    assert first.startswith("Law: ") and first.endswith("S5961 (a what-if, not the law)")
    assert second.startswith("WHAT-IF: S.5961 of 2015 was never enacted")


def test_the_json_marks_the_what_if_and_the_bills_status() -> None:
    data = json.loads(CliRunner().invoke(cli, [*ARGS, "--format", "json"]).stdout)
    assert data["what_if"] is True
    assert data["what_if_reasons"][0].startswith("S.5961 of 2015 was never enacted")
    bill = [o for o in data["overlay_status"] if o["id"] == "S5961"]
    assert bill == [{"id": "S5961", "cite": "S.5961 of 2015", "enacted": False,
                     "status": "Introduced June 14, 2015 (Sen. Funke), committed to Rules; "
                     "not enacted."}]  # fmt: skip
    assert data["id"] == "designating_petition.filing" and data["version"] == "pre-2019"


def test_under_the_law_the_json_says_it_is_no_what_if() -> None:
    args = ["explain", "2016", "designating_petition.filing", "--format", "json"]
    data = json.loads(CliRunner().invoke(cli, args).stdout)
    assert data["what_if"] is False and data["what_if_reasons"] == []
    assert all(o["enacted"] for o in data["overlay_status"])


def test_the_api_answers_the_same_marks(client: TestClient) -> None:
    data = client.get(f"/explain{QUERY}").json()
    assert data["what_if"] is True
    assert any(o["id"] == "S5961" and o["enacted"] is False for o in data["overlay_status"])


def test_the_page_and_its_pdf_say_what_if(client: TestClient, tmp_path: Path) -> None:
    page = client.get(f"/web/explain{QUERY}").text
    assert "What-if, not the law: Dates for filing designating petitions" in page
    assert "S.5961 of 2015 was never enacted" in page
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils, scripts/poppler) is not installed")
    pdf = tmp_path / "explain.pdf"
    pdf.write_bytes(client.get(f"/web/explain{QUERY}&format=pdf").content)
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    assert "What-if, not the law" in text and "S.5961 of 2015 was never enacted" in " ".join(
        text.split()
    )
