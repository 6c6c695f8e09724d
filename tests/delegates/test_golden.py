from pathlib import Path
from typing import Any

import pytest
import yaml

from nyballot.delegates import allocate, allocate_at_large, allocate_district
from nyballot.delegates.model import Allocation
from nyballot.errors import UsageError

CASES = yaml.safe_load((Path(__file__).parent / "golden.yaml").read_text(encoding="utf-8"))


def _check(result: Allocation, case: dict[str, Any]) -> None:
    assert result.awards == case["awards"]
    ties = [{"seats": t.seats, "among": sorted(t.among)} for t in result.ties]
    assert ties == case.get("ties", [])
    assert result.vacant == case.get("vacant", 0)
    assert result.accounted == result.seats
    assert all(step.cite.startswith("2-122-b") for step in result.steps)


@pytest.mark.parametrize("case", CASES["districts"], ids=lambda c: c["name"])
def test_district(case: dict[str, Any]) -> None:
    _check(allocate_district("1", case["votes"]), case)


@pytest.mark.parametrize("case", CASES["at_large"], ids=lambda c: c["name"])
def test_at_large(case: dict[str, Any]) -> None:
    result = allocate_at_large(
        case["votes"],
        case["seats"],
        denominator=case.get("denominator", "qualifying"),
        rounding=case.get("rounding", "half-up"),
    )
    _check(result, case)


def test_half_rounding_is_named_in_the_steps() -> None:
    # 5 x 30/100 = 1.5: the step says the half was rounded up.
    result = allocate_at_large({"A": 30, "B": 35, "C": 35}, 5)
    assert any("1.5" in s.text and "exactly a half: rounded up" in s.text for s in result.steps)


def test_the_denominator_reading_is_named_in_the_steps() -> None:
    result = allocate_at_large({"T": 15000, "K": 11000, "C": 4000}, 14)
    assert any("denominator all" in s.text for s in result.steps)


@pytest.mark.parametrize("seats", [0, 2, 4, 6])
def test_only_the_three_seats_of_the_statute_are_taken(seats: int) -> None:
    # § 2-122-b(4)(b) fixes three delegates per district, split two and one; the text gives no
    # rule for any other number, so none is made up.
    with pytest.raises(
        UsageError, match=f"^per_district {seats}: § 2-122-b\\(4\\)\\(b\\) fixes three"
    ):
        allocate_district("7", {"A": 40, "B": 35, "C": 25}, seats=seats)
    with pytest.raises(UsageError, match="fixes three"):
        allocate({"7": {"A": 40, "B": 35, "C": 25}}, 5, per_district=seats)
