"""Every golden case, run by the one runner (runner.py), and checks on the cases themselves."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from nyballot.signatures.numbers import units_data

from .runner import HERE, STAGES, Case, cases, files, load, run, years

# How many cases each stage holds: a case dropped or a file lost fails here, not silently.
COUNTS = {"calendar": 229, "ballot": 37, "signatures": 26, "delegates": 21, "timeliness": 22}

# The rules every year's calendar file must date (the required ids of the political calendar).
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
SHARED_KEYS = {"name", "stage", "law", "with", "expect", "source"}
INPUT_KEYS = {
    "calendar": {"year", "enacted", "enacted_on", "events", "primary", "general", "convention",
                 "absent", "duties"},
    "signatures": {"office", "district", "section", "votes_for_governor", "enrolled",
                   "congressional_districts", "larger_requirement", "petition", "years",
                   "contains"},
    "ballot": {"ballot"},
    "delegates": {"year", "contest", "votes", "seats", "denominator", "rounding"},
    "timeliness": {"year", "enacted", "paper"},
}  # fmt: skip


def _params() -> list[Any]:
    return [
        pytest.param(case, id=f"{path.parent.name}/{path.stem}: {case['name']}")
        for path, case in cases()
    ]


@pytest.mark.parametrize("case", _params())
def test_golden(case: Case) -> None:
    unknown = set(case) - SHARED_KEYS - INPUT_KEYS.get(case.get("stage", ""), set())
    assert not unknown, f"unknown keys {unknown}"
    run(case)


def test_no_case_is_dropped() -> None:
    assert Counter(case["stage"] for _, case in cases()) == COUNTS
    assert set(COUNTS) == set(STAGES)


def test_case_names_are_unique_test_ids() -> None:
    names = [f"{path.parent.name}/{path.stem}: {case['name']}" for path, case in cases()]
    assert [n for n, k in Counter(names).items() if k > 1] == []


def test_every_file_lives_in_the_folder_of_its_stage() -> None:
    folders = {"overlays": "calendar"}
    for path, case in cases():
        assert case["stage"] == folders.get(path.parent.name, path.parent.name), path


def _calendar_files() -> list[Path]:
    return sorted((HERE / "calendar").glob("*.yaml"))


def test_calendar_files_cover_both_law_versions() -> None:
    years = [int(p.stem) for p in _calendar_files()]
    assert len([y for y in years if y <= 2018]) >= 3
    assert len([y for y in years if y >= 2019]) >= 2


@pytest.mark.parametrize("path", _calendar_files(), ids=lambda p: p.stem)
def test_calendar_file_dates_every_required_rule_with_its_cite(path: Path) -> None:
    covered: set[str] = set()
    for case in load(path):
        assert str(case["year"]) == path.stem, "a case belongs in the file of its year"
        assert case.get("source"), f"{case['name']}: say where the dates come from"
        for rule_id, expected in case["expect"].items():
            assert "cite" in expected, f"{case['name']}: {rule_id} has no cite"
            assert {"opens", "closes"} & set(expected), f"{rule_id}: no date expected"
            covered.add(rule_id)
    assert sorted(REQUIRED - covered) == []


def test_each_bill_has_at_least_ten_hand_worked_dates() -> None:
    for bill in ("A9725", "S5305A", "S5961"):
        first = load(HERE / "overlays" / f"{bill}.yaml")[0]
        dates = sum(
            (value.get("opens") is not None) + (value.get("closes") is not None)
            for value in first["expect"].values()
        )
        assert dates >= 10, bill


def test_overlay_dates_are_dates_and_cited() -> None:
    for path in sorted((HERE / "overlays").glob("*.yaml")):
        for case in load(path):
            for want in case["expect"].values():
                assert "cite" in want
                for part in ("opens", "closes"):
                    assert part not in want or isinstance(want[part], dt.date)


def test_every_stage_has_a_file() -> None:
    stages = {path.parent.name for path in files()}
    assert set(STAGES) <= stages


def test_signatures_in_force_cover_every_year_and_unit() -> None:
    # Every unit, designating and independent, in 2019, 2020, 2021, 2022, 2026 and 2027.
    units = units_data()["units"]
    for petition in ("designating", "independent"):
        blocks = [c for _, c in cases() if c.get("petition") == petition and "contains" not in c]
        covered = [y for c in blocks for y in years(c["years"])]
        assert {2019, 2020, 2021, 2022, 2026, 2027} <= set(covered), petition
        assert len(covered) == len(set(covered)), petition
        wanted = {u for u, v in units.items() if petition == "designating" or not v.get("position")}
        for case in blocks:
            assert set(case["expect"]["units"]) == wanted, case["name"]
