"""Village elections: golden calendars counted by hand from §§ 15-104, 15-108, 6-202, 6-212."""

from __future__ import annotations

import datetime as dt

import pytest

from nyballot.elections.village import VillageRequest, village_calendar
from nyballot.errors import UsageError

D = dt.date


def days(request: VillageRequest) -> dict[str, tuple[dt.date | None, dt.date | None]]:
    found = village_calendar(request)
    return {d.id: (d.opens, d.closes) for d in found.calendar.deadlines}


@pytest.mark.parametrize("year", [2026, 2037])
def test_march_17_on_the_third_tuesday_holds_it_on_the_18th_counted_from_the_17th(
    year: int,
) -> None:
    # March 1 is a Sunday in 2026 and in 2037: Tuesdays 3, 10, 17 (§ 15-104(1)(a)); "held on
    # the eighteenth day of March", the calendar "computed from the third Tuesday" ((1)(b)).
    found = village_calendar(VillageRequest(year))
    assert (found.counted_from, found.held) == (D(year, 3, 17), D(year, 3, 18))
    got = days(VillageRequest(year))
    assert got["village.election_held"] == (None, D(year, 3, 18))
    # § 15-108(8)(a) "not earlier than forty-two days nor later than thirty-five days
    # preceding the election", from Mar 17: Tue Feb 3 to Tue Feb 10.
    assert got["village.independent_petition.filing"] == (D(year, 2, 3), D(year, 2, 10))
    # § 15-108(2)(a) "not more than fifty-six, nor less than forty-nine days": Jan 20 to 27.
    assert got["village.party_nomination"] == (D(year, 1, 20), D(year, 1, 27))
    # § 6-212 "the day after the last day to file": Wed Feb 11; "within two days thereafter",
    # an intervening Saturday, Sunday or holiday not counted (GCL § 20): Thu Feb 12 Lincoln's
    # Birthday, Fri Feb 13 the first day, Sat 14, Sun 15, Mon 16 Washington's Birthday, so
    # Tue Feb 17 the second. § 15-108(8)(b) three days after Feb 10: Fri Feb 13; (8)(c)
    # three more: Mon Feb 16, Washington's Birthday, so Tue Feb 17.
    assert got["village.independent_petition.objections"] == (None, D(year, 2, 11))
    assert got["village.independent_petition.specifications"] == (None, D(year, 2, 17))
    assert got["village.independent_nomination.acceptance_declination"] == (None, D(year, 2, 13))
    assert got["village.independent_nomination.vacancy_after_declination"] == (
        None,
        D(year, 2, 17),
    )
    # § 15-108(9)(a) "not made more than six weeks prior to the last day to file": Dec 30.
    assert got["village.independent_petition.signing"][0] == D(year - 1, 12, 30)
    assert "village.primary" not in got


def test_a_june_village_election_counts_from_the_villages_own_day() -> None:
    got = days(VillageRequest(2026, "june", D(2026, 6, 16)))
    # Forty-two and thirty-five days before Tue Jun 16: Tue May 5 to Tue May 12.
    assert got["village.independent_petition.filing"] == (D(2026, 5, 5), D(2026, 5, 12))
    # § 6-212: Wed May 13, then two days: Fri May 15. § 16-102(2) seven days: Tue May 19.
    assert got["village.independent_petition.specifications"] == (None, D(2026, 5, 15))
    assert got["village.independent_petition.court_proceeding"] == (None, D(2026, 5, 19))
    # § 10-108(1)(a) "fourteen days before a village election": Tue Jun 2.
    assert got["village.military_ballots"] == (None, D(2026, 6, 2))


def test_a_village_primary_is_forty_nine_days_before() -> None:
    # 2027: March 1 a Monday, third Tuesday Mar 16 (not the 17th: held that day). § 6-202(1)
    # "forty-nine days prior to the date of the village election": Tue Jan 26.
    found = village_calendar(VillageRequest(2027, primary=True))
    assert found.held == D(2027, 3, 16)
    got = {d.id: d.closes for d in found.calendar.deadlines}
    assert got["village.primary"] == D(2027, 1, 26)
    assert "village.election_held" not in got


def test_a_month_the_words_fix_no_day_in_needs_the_villages_day() -> None:
    with pytest.raises(UsageError, match="fix none in june"):
        village_calendar(VillageRequest(2026, "june"))
    with pytest.raises(UsageError, match="not a month"):
        village_calendar(VillageRequest(2026, "smarch"))
    with pytest.raises(UsageError, match="not in june 2026"):
        village_calendar(VillageRequest(2026, "june", D(2026, 7, 7)))


def test_a_november_village_election_is_the_general_election_day() -> None:
    # § 15-104(1)(c) "on the day of the general election": Tue Nov 3, 2026.
    assert village_calendar(VillageRequest(2026, "november")).held == D(2026, 11, 3)
