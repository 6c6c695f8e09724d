"""§ 2-122-b readings named in the steps, and the seats the statute fixes (the golden allocations
are in tests/golden/delegates/)."""

import pytest

from nyballot.delegates import allocate, allocate_at_large, allocate_district
from nyballot.delegates.rules import delegate_rules
from nyballot.errors import UsageError
from nyballot.law.choice import LawChoice

# The law in force has no allocation: § 2-122-b as S.5961 would enact it, asked for.
BILL = delegate_rules(LawChoice(overlays=("S5961",)), 2016)


def test_half_rounding_is_named_in_the_steps() -> None:
    # 5 x 30/100 = 1.5: the step says the half was rounded up.
    result = allocate_at_large({"A": 30, "B": 35, "C": 35}, 5, rules=BILL)
    assert any("1.5" in s.text and "exactly a half: rounded up" in s.text for s in result.steps)


def test_the_denominator_reading_is_named_in_the_steps() -> None:
    result = allocate_at_large({"T": 15000, "K": 11000, "C": 4000}, 14, rules=BILL)
    assert any("denominator all" in s.text for s in result.steps)


@pytest.mark.parametrize("seats", [0, 2, 4, 6])
def test_only_the_three_seats_of_the_statute_are_taken(seats: int) -> None:
    # § 2-122-b(4)(b) fixes three delegates per district, split two and one; the text gives no
    # rule for any other number, so none is made up.
    with pytest.raises(
        UsageError, match=f"^per_district {seats}: § 2-122-b\\(4\\)\\(b\\) fixes three"
    ):
        allocate_district("7", {"A": 40, "B": 35, "C": 25}, seats=seats, rules=BILL)
    with pytest.raises(UsageError, match="fixes three"):
        allocate({"7": {"A": 40, "B": 35, "C": 25}}, 5, per_district=seats, rules=BILL)
