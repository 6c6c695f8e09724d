"""A bill's change that takes effect part way through a year says so on the dates before it."""

import datetime as dt

from nyballot.calendar.engine import build_calendar
from nyballot.calendar.model import Calendar


def test_a_date_before_the_act_took_effect_says_so() -> None:
    # S.5961 § 8 is in force from July 1, 2015 (§ 25). Its 2015 petition window (13th Friday to
    # 12th Wednesday before Tue Aug 18: Fri May 22 to Wed May 27) lies before that day.
    filing = build_calendar(2015, overlays=("S5961",)).get("designating_petition.filing")
    assert filing is not None
    assert (filing.opens, filing.closes) == (dt.date(2015, 5, 22), dt.date(2015, 5, 27))
    notes = [s for s in filing.derivation if s.part == "note" and "before the change" in s.text]
    assert notes and notes[0].date == dt.date(2015, 7, 1) and notes[0].cite == "S5961 § 8"


def test_a_date_after_the_act_took_effect_has_no_such_note() -> None:
    # § 6-158(6) as S.5961 § 8 words it: "not later than seven days after the local and federal
    # primary election", Tue Aug 18, 2015 + 7 = Tue Aug 25, after July 1.
    cert = build_calendar(2015, overlays=("S5961",)).get("party_nomination.certificate")
    assert cert is not None and cert.closes == dt.date(2015, 8, 25)
    assert not any("before the change" in s.text for s in cert.derivation)


def test_the_other_reading_of_a_double_amendment_lets_the_first_stand() -> None:
    # S.5961 amends § 10-108(1)(a) in § 11 ("forty-five days", from July 1, 2015) and again in
    # § 21 ("thirty-two days", from December 15, 2015). 2016 primary: Tue Aug 16.
    later = build_calendar(2016, overlays=("S5961",))
    earlier = build_calendar(2016, overlays=("S5961",), conflicts="earlier")

    def closes(cal: Calendar, rule_id: str) -> dt.date | None:
        deadline = cal.get(rule_id)
        return None if deadline is None else deadline.closes

    # § 21 (default): Aug 16 - 32 = Fri Jul 15. § 11: Aug 16 - 45 = Sat Jul 2 (a board's duty,
    # not rolled). § 4-110 by § 19: 36 days -> Mon Jul 11; by § 2: 54 days -> Thu Jun 23.
    assert closes(later, "military_ballots.primary") == dt.date(2016, 7, 15)
    assert closes(earlier, "military_ballots.primary") == dt.date(2016, 7, 2)
    assert closes(later, "primary_candidates.certification") == dt.date(2016, 7, 11)
    assert closes(earlier, "primary_candidates.certification") == dt.date(2016, 6, 23)
    deadline = earlier.get("military_ballots.primary")
    assert deadline is not None
    assert any("(conflicts later)" in s.text for s in deadline.derivation)
