"""Golden cases for the bills: dates worked out by hand from each bill (tests/golden/overlays)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
import yaml

from nyballot.calendar.engine import build_calendar

GOLDEN = Path(__file__).parent.parent / "golden" / "overlays"


def _cases() -> list[Any]:
    found = []
    for path in sorted(GOLDEN.glob("*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")):
            found.append(pytest.param(case, id=f"{path.stem}: {case['name']}"))
    return found


def test_each_bill_has_at_least_ten_hand_worked_dates() -> None:
    for bill in ("A9725", "S5305A", "S5961"):
        cases = yaml.safe_load((GOLDEN / f"{bill}.yaml").read_text(encoding="utf-8"))
        dates = sum(
            (value.get("opens") is not None) + (value.get("closes") is not None)
            for value in cases[0]["expect"].values()
        )
        assert dates >= 10, bill


@pytest.mark.parametrize("case", _cases())
def test_golden(case: dict[str, Any]) -> None:
    cal = build_calendar(
        case["year"],
        law=case["law"],
        overlays=case["with"],
        events=case.get("events"),
        enacted_on=case.get("enacted_on"),
    )
    for rule_id, want in case["expect"].items():
        got = cal.get(rule_id)
        assert got is not None, f"{rule_id} is not in the calendar"
        for part in ("opens", "closes"):
            if part in want:
                assert getattr(got, part) == want[part], f"{rule_id}.{part}"
        assert got.cite == want["cite"], rule_id
    for rule_id in case.get("absent", []):
        assert cal.get(rule_id) is None, f"{rule_id} should be gone"


def test_golden_dates_are_dates() -> None:
    for case in _cases():
        for want in case.values[0]["expect"].values():
            for part in ("opens", "closes"):
                assert part not in want or isinstance(want[part], dt.date)
