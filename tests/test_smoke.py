import datetime as dt

from nyballot.calendar.engine import build_calendar


def test_designating_petitions_2025_are_filed_march_31_to_april_3() -> None:
    # § 6-158(1): 13th Monday before Tue 2025-06-24 = 2025-03-31; 12th Thursday = 2025-04-03.
    cal = build_calendar(2025)
    filing = cal.get("designating_petition.filing")
    assert filing is not None
    assert (filing.opens, filing.closes) == (dt.date(2025, 3, 31), dt.date(2025, 4, 3))
