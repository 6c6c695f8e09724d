"""Invariants of every special election's calendar, over proclamations from 2020 to 2039."""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from nyballot.elections.special import SpecialRequest, special_calendar

OFFICES = {"congress": (70, 80), "assembly": (40, 50), "county": (70, 80)}


@given(
    office=st.sampled_from(sorted(OFFICES)),
    proclaimed=st.dates(dt.date(2020, 1, 1), dt.date(2039, 9, 30)),
    offset=st.integers(0, 10),
)
def test_every_date_of_a_special_is_dated_and_no_window_closes_before_it_opens(
    office: str, proclaimed: dt.date, offset: int
) -> None:
    first, last = OFFICES[office]
    election = proclaimed + dt.timedelta(days=min(first + offset, last))
    found = special_calendar(SpecialRequest(office, proclaimed, election))
    assert found.calendar is not None and not found.checks
    for d in found.calendar.deadlines:
        assert d.status == "dated", d.id
        if d.opens is not None and d.closes is not None:
            assert d.opens <= d.closes, d.id
    # Every candidate's paper is due after the proclamation and before the election.
    for d in found.calendar.deadlines:
        if "nomination" in d.id or "petition" in d.id:
            assert d.closes is not None and proclaimed < d.closes < election, d.id
