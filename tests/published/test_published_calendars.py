"""Every date of the state board's published calendars held in calendars.yaml is the calendar's
own date, or a miss listed there with its reason: a regression, or a miss fixed without the list
being updated, fails here."""

from __future__ import annotations

from .score import compare, published


def test_every_published_date_is_given_or_its_miss_is_explained() -> None:
    _, misses = compare()
    listed = [m["line"] for m in published()["misses"]]
    assert misses == listed


def test_each_listed_miss_says_why() -> None:
    for miss in published()["misses"]:
        assert miss.get("why"), miss


def test_core_board_and_voter_dates_are_all_given() -> None:
    scores, _ = compare()
    assert {g: a == b for g, (a, b) in scores.items()} == {
        "core": True,
        "board": True,
        "voter": True,
    }
    assert sum(b for _, b in scores.values()) >= 60  # the published dates held: none dropped
