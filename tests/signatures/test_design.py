"""The design, proved: a made-up 2031 act that cuts every designating number by a third is one
overlay file (tests/signatures/fixtures/overlays/L2031-third.yaml, read through the loader's
$NYBALLOT_EXTRA_OVERLAYS), and it changes the signatures command, the petition tally, the web
page, its JSON and GET /signatures for 2031, and nothing else, with no code change."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from nyballot.calendar import request as calendars
from nyballot.calendar.engine import build_calendar
from nyballot.cli import cli
from nyballot.law.choice import LawChoice
from nyballot.law.loader import EXTRA_OVERLAYS, load_law
from nyballot.petitions import law as grounds
from nyballot.petitions.request import Request
from nyballot.petitions.tally import required_number
from nyballot.signatures import Inputs, requirements
from nyballot.web import create_app

FIXTURES = Path(__file__).parent / "fixtures" / "overlays"
UNITS = ["state", "city-of-new-york", "county-in-nyc", "assembly", "county-legislative-district"]


def _fresh() -> None:
    """Forget the law read before (the caches a process keeps for its life)."""
    load_law.cache_clear()
    grounds._all.cache_clear()
    calendars._calendar.cache_clear()


@pytest.fixture
def with_the_act(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(EXTRA_OVERLAYS, str(FIXTURES))
    monkeypatch.setenv("NYBALLOT_CACHE_DIR", "off")
    _fresh()
    yield
    monkeypatch.delenv(EXTRA_OVERLAYS)
    _fresh()


def _numbers(year: int, petition: str = "designating") -> dict[str, list[int]]:
    inputs = Inputs(enrolled=30_000, votes_for_governor=30_000)
    return {u: [r.number for r in requirements(petition, LawChoice(), year, inputs, unit=u)]
            for u in UNITS}  # fmt: skip


def _everything() -> dict[str, Any]:
    """What the act may change and what it must not, asked the same way with and without it."""
    request = Request(year=2031, party="DEM", units=(("AD", "7"),))
    dates = {
        year: {d.rule.id: (d.opens, d.closes) for d in build_calendar(year).deadlines}
        for year in (2030, 2031, 2032)
    }
    cli_out = CliRunner().invoke(cli, ["signatures", "--year", "2031", "--unit", "assembly",
                                       "--enrolled", "30000", "--format", "json"])  # fmt: skip
    return {
        "2031": _numbers(2031),
        "others": {y: _numbers(y) for y in (2030, 2032)},
        "independent": _numbers(2031, "independent"),
        "tally": required_number(request, 12_000)["number"],
        "cli": json.loads(cli_out.output)["requirements"][0]["number"],
        "dates": dates,
    }


def _page(client: TestClient, fmt: str = "") -> str:
    query = {"year": "2031", "unit": "assembly", "enrolled": "30000"} | (
        {"format": fmt} if fmt else {}
    )
    return client.get("/web/signatures", params=query).text


def _api(client: TestClient) -> dict[str, Any]:
    query = {"year": "2031", "unit": "assembly", "enrolled": "30000"}
    answer = client.get("/signatures", params=query)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def test_a_2031_act_changes_the_2031_numbers_and_nothing_else(
    with_the_act: None, tmp_path: Path
) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'a.sqlite3'}")) as client:
        after = _everything()
        after_page, after_api = _page(client), json.loads(_page(client, "json"))
        after_route = _api(client)
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv(EXTRA_OVERLAYS)
        _fresh()
        with TestClient(create_app(f"sqlite:///{tmp_path / 'b.sqlite3'}")) as client:
            before = _everything()
            before_page, before_api = _page(client), json.loads(_page(client, "json"))
            before_route = _api(client)
    # Counted by hand. Without the act, 2031: 5% of 30,000 = 1,500; the whole state 15,000;
    # the city 7,500; a county in it 4,000; assembly 500 (secondary); county legislative
    # district 500. With it: two-thirds of five per centum of 30,000 = 1,000; the whole state
    # two-thirds of 15,000 = 10,000 > 1,000: 1,000; the limits two-thirds, rounded down: 5,000,
    # 2,666, 333 and 333, none above 1,000 but the city's and the county's.
    assert before["2031"] == {"state": [1500], "city-of-new-york": [1500],
                              "county-in-nyc": [1500], "assembly": [500],
                              "county-legislative-district": [500]}  # fmt: skip
    assert after["2031"] == {"state": [1000], "city-of-new-york": [1000],
                             "county-in-nyc": [1000], "assembly": [333],
                             "county-legislative-district": [333]}  # fmt: skip
    # The tally: 5% of 12,000 = 600, the assembly limit 500; with the act 400 and 333.
    assert (before["tally"], after["tally"]) == (500, 333)
    assert (before["cli"], after["cli"]) == (500, 333)
    assert '<span class="number">500</span>' in before_page
    assert '<span class="number">333</span>' in after_page
    assert before_api["requirements"][0]["number"] == 500
    assert after_api["requirements"][0]["number"] == 333
    assert after_api["requirements"][0]["measures"] == ["L.2031 ch.1 (made up for a test)"]
    # GET /signatures answers the same: 500 before, 333 with the act, under 2031's law.
    assert before_route["requirements"][0]["number"] == 500
    assert after_route["requirements"][0]["number"] == 333
    assert after_route["requirements"][0]["measures"] == ["L.2031 ch.1 (made up for a test)"]
    assert (after_route["year"], after_route["law"], after_route["what_if"]) == (
        2031, "law in force in 2031", False,
    )  # fmt: skip
    # Nothing else: the other years, the independent petitions and every date.
    for part in ("others", "independent", "dates"):
        assert before[part] == after[part], part
