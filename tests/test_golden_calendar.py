"""Golden cases: calendars worked out by hand from the statute (tests/golden/calendar/*.yaml).

Each file holds the cases of one year. A case names the year, optionally the law version,
overlays, events, election days and convention, and the expected first day (``opens``), last
day (``closes``), citation (``cite``) and ``status`` of some rules. Every expected date was
counted by hand from the statute's words; the counting is in a comment next to the case.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
import yaml

from nyballot.calendar.engine import build_calendar

GOLDEN = Path(__file__).parent / "golden" / "calendar"
CASE_KEYS = {
    "name", "year", "law", "with", "enacted", "events", "primary", "general", "convention",
    "expect", "source",
}  # fmt: skip
EXPECT_KEYS = {"opens", "closes", "cite", "status"}

# The rules every year's file must date (the list of required ids).
REQUIRED = {
    "designating_petition.signing",
    "designating_petition.filing",
    "designation.authorization",
    "designation.acceptance_declination",
    "designation.vacancy_after_declination",
    "designation.substitution_authorization",
    "otb_petition.signing",
    "otb_petition.filing",
    "otb_petition.filing_after_substitution",
    "town_caucus",
    "judicial_convention",
    "party_nomination.certificate",
    "judicial_nomination.certificate",
    "party_nomination.acceptance_declination",
    "party_nomination.vacancy_after_declination",
    "independent_petition.signing",
    "independent_petition.filing",
    "independent_nomination.acceptance_declination",
    "independent_nomination.vacancy_after_declination",
    "election.primary",
    "election.general",
}


def _files() -> list[Path]:
    return sorted(GOLDEN.glob("*.yaml"))


def _cases() -> list[Any]:
    params = []
    for path in _files():
        for case in yaml.safe_load(path.read_text(encoding="utf-8")):
            params.append(pytest.param(path, case, id=f"{path.stem}: {case['name']}"))
    return params


def _date(value: Any) -> dt.date | None:
    if value is None or isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(str(value))


@pytest.mark.parametrize(("path", "case"), _cases())
def test_golden_case(path: Path, case: dict[str, Any]) -> None:
    assert set(case) <= CASE_KEYS, f"unknown keys {set(case) - CASE_KEYS}"
    assert str(case["year"]) == path.stem, "a case belongs in the file of its year"
    cal = build_calendar(
        case["year"],
        law=case.get("law"),
        overlays=case.get("with", ()),
        events={k: _date(v) for k, v in (case.get("events") or {}).items()},
        primary=_date(case.get("primary")),
        general=_date(case.get("general")),
        convention=case.get("convention", "rolled"),
        enacted=case.get("enacted", True),
    )
    if "law" in case:
        assert cal.law == case["law"]
    problems = []
    for rule_id, expected in case["expect"].items():
        assert set(expected) <= EXPECT_KEYS, f"{rule_id}: unknown keys"
        deadline = cal.get(rule_id)
        assert deadline is not None, f"{rule_id} is not in the {case['year']} calendar"
        for key, want in expected.items():
            got = getattr(deadline, key)
            want = want if key in ("cite", "status") else _date(want)
            if got != want:
                problems.append(f"{rule_id}.{key}: expected {want}, got {got}")
    assert not problems, "\n".join(problems)


def test_golden_files_cover_both_law_versions() -> None:
    years = [int(p.stem) for p in _files()]
    assert len([y for y in years if y <= 2018]) >= 3
    assert len([y for y in years if y >= 2019]) >= 2


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.stem)
def test_golden_file_dates_every_required_rule_with_its_cite(path: Path) -> None:
    cases = yaml.safe_load(path.read_text(encoding="utf-8"))
    names = [c["name"] for c in cases]
    assert len(names) == len(set(names)), "case names are test ids: keep them unique"
    covered: set[str] = set()
    for case in cases:
        assert case.get("source"), f"{case['name']}: say where the dates come from"
        for rule_id, expected in case["expect"].items():
            assert "cite" in expected, f"{case['name']}: {rule_id} has no cite"
            assert {"opens", "closes"} & set(expected), f"{rule_id}: no date expected"
            covered.add(rule_id)
    assert sorted(REQUIRED - covered) == []
