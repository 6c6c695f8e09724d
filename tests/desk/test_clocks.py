"""Hand-worked golden cases for the clocks (dates worked on a paper calendar of 2026)."""

from __future__ import annotations

import datetime as dt

from nyballot.filing import clocks

D = dt.date


def test_objections_three_days_rolled() -> None:
    # § 6-154(2): petition Thu 2026-04-02 + 3 = Sun 04-05 -> Mon 04-06 (GCL § 25-a).
    c = clocks.objection_clock(D(2026, 4, 2))
    assert c.due == D(2026, 4, 6) and c.cite == "6-154(2)"
    assert any("Sunday" in s.text for s in c.steps)
    # Petition Mon 2026-03-30 + 3 = Thu 04-02, a business day.
    assert clocks.objection_clock(D(2026, 3, 30)).due == D(2026, 4, 2)


def test_specifications_six_days_rolled() -> None:
    # § 6-154(2): objection Mon 2026-04-06 + 6 = Sun 04-12 -> Mon 04-13.
    assert clocks.specifications_clock(D(2026, 4, 6)).due == D(2026, 4, 13)


def test_cure_three_business_days() -> None:
    # § 6-134(2): determination Thu 2026-04-09: Fri 04-10, Mon 04-13, Tue 04-14.
    assert clocks.cure_clock(D(2026, 4, 9)).due == D(2026, 4, 14)
    # Across Memorial Day: Fri 2026-05-22: Tue 05-26, Wed 05-27, Thu 05-28.
    assert clocks.cure_clock(D(2026, 5, 22)).due == D(2026, 5, 28)


def test_proceeding_whichever_is_later() -> None:
    # § 16-102(2): last day Thu 2026-04-02 + 14 = Thu 04-16.
    assert clocks.proceeding_clock(D(2026, 4, 2)).due == D(2026, 4, 16)
    # Invalid Wed 04-15: Thu 16, Fri 17, Mon 20 -> Mon 04-20, later than 04-16.
    assert clocks.proceeding_clock(D(2026, 4, 2), D(2026, 4, 15)).due == D(2026, 4, 20)
    # Invalid Fri 04-10: Mon 13, Tue 14, Wed 15 -> 04-15, earlier: 04-16 stands.
    assert clocks.proceeding_clock(D(2026, 4, 2), D(2026, 4, 10)).due == D(2026, 4, 16)
    # Independent petitions: last day Tue 2026-05-26 + 14 = Tue 06-09.
    assert clocks.proceeding_clock(D(2026, 5, 26)).due == D(2026, 6, 9)


def test_notice_states_last_day_to_decline() -> None:
    c = clocks.notice_clock(D(2026, 4, 1), D(2026, 4, 6))
    assert c.due == D(2026, 4, 6) and c.cite == "6-144"
