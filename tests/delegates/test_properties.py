from hypothesis import example, given
from hypothesis import strategies as st

from nyballot.delegates import allocate_at_large, allocate_district
from nyballot.delegates.rules import delegate_rules
from nyballot.law.choice import LawChoice

# The law in force has no allocation: § 2-122-b as S.5961 would enact it, asked for.
BILL = delegate_rules(LawChoice(overlays=("S5961",)), 2016)

names = st.sampled_from(["A", "B", "C", "D", "E", "F", "G"])
votes = st.dictionaries(names, st.integers(0, 1000), min_size=1, max_size=7).filter(
    lambda v: sum(v.values()) > 0
)


@given(votes)
def test_every_district_seat_is_awarded_tied_or_vacant(v: dict[str, int]) -> None:
    result = allocate_district("1", v, rules=BILL)
    assert result.accounted == 3
    total = sum(v.values())
    assert all(n > 0 and v[c] * 5 >= total for c, n in result.awards.items())


@given(votes, st.integers(0, 60), st.sampled_from(["qualifying", "all"]))
# Found by this test: four candidates tied at one vote each, two seats. Each quota is exactly
# a half, rounded up to one: four seats for two, and the excess falls on a four-way tie.
@example({"A": 1, "B": 1, "C": 1, "D": 1}, 2, "qualifying")
def test_every_at_large_seat_is_awarded_tied_or_unawarded(
    v: dict[str, int], seats: int, denominator: str
) -> None:
    result = allocate_at_large(
        v, seats, denominator="all" if denominator == "all" else "qualifying", rules=BILL
    )
    assert result.accounted == seats
    assert all(n > 0 for n in result.awards.values())
    total = sum(v.values())
    assert all(v[c] * 5 >= total for c in result.awards)


@given(votes, st.integers(1, 60))
def test_a_statewide_majority_takes_everything(v: dict[str, int], seats: int) -> None:
    leader = max(v, key=lambda c: v[c])
    if 2 * v[leader] > sum(v.values()):
        assert allocate_at_large(v, seats, rules=BILL).awards == {leader: seats}


def test_an_excess_over_a_four_way_tie_for_the_least_votes_is_a_tie_not_a_crash() -> None:
    # § 2-122-b(5): 2 seats x 1 / 4 = 0.5 each, rounded up: 4 awarded for 2 seats, an excess
    # of 2 to take from "the candidate receiving the least statewide votes"; all four tie for
    # that, so nobody is sure of a seat and both seats are a tie among the four.
    result = allocate_at_large({"A": 1, "B": 1, "C": 1, "D": 1}, 2, rules=BILL)
    assert result.awards == {}
    assert [(t.seats, t.among) for t in result.ties] == [(2, ("A", "B", "C", "D"))]
