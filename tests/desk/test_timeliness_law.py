"""§ 1-106 under the law of the year: the L.1977 words before 2019, L.2019 ch.439's after, and
§ 1-106(1-a) where a what-if adds it. Dates counted by hand on a paper calendar.

2018 (pre-2019 law): primary Thu 2018-09-13 (L.2018 ch.3); § 6-158(1) designating petitions from
the tenth Monday before (Mon 07-09) to the ninth Thursday preceding (Thu 07-12).
2026 without the one-year act: designating petitions Mon 03-30 to Thu 04-02 (see
test_timeliness.py); § 6-158(4) opportunity-to-ballot petitions by the eleventh Thursday
preceding Tue 06-23: Jun 18, 11, 4, May 28, 21, 14, 7, Apr 30, 23, 16, 9 -> Thu 04-09.
2016 with S.5961: presidential primary Tue 04-26 (§ 8-100(1)(a) as amended); § 6-158(1-a) from
the twelfth Monday before (Mon 02-08) to the eleventh Thursday preceding (Thu 02-11); the
August primary (Tue 08-16) takes designating petitions to the twelfth Wednesday preceding it:
Aug 10, 3, Jul 27, 20, 13, 6, Jun 29, 22, 15, 8, 1, May 25 -> Wed 05-25.
The verdicts on single papers under each wording are golden cases in
tests/golden/timeliness/1-106-by-year.yaml.
"""

from __future__ import annotations

import datetime as dt
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from nyballot.calendar.engine import build_calendar
from nyballot.calendar.model import Calendar
from nyballot.filing import clocks
from nyballot.filing.model import BOARDS, NEW_YORK, FilingKind, Method, Paper, Verdict
from nyballot.filing.timeliness import decide

P = FilingKind.DESIGNATING_PETITION
OTB = FilingKind.OTB_PETITION


@cache
def cal(year: int, *overlays: str) -> Calendar:
    return build_calendar(year, enacted=year != 2026, overlays=overlays)


def at(y: int, m: int, d: int, hh: int = 12, mm: int = 0) -> dt.datetime:
    return dt.datetime(y, m, d, hh, mm, tzinfo=NEW_YORK)


def paper(kind: FilingKind, board: str, received: dt.datetime, **kw: object) -> Paper:
    year = received.year
    return Paper(kind=kind, board=BOARDS[board], year=year, received=received, **kw)  # type: ignore[arg-type]


def mailed(kind: FilingKind, board: str, postmark: dt.date, received: dt.datetime) -> Paper:
    return paper(kind, board, received, method=Method.MAIL, postmark=postmark)


def test_mail_received_on_a_saturday_counts_as_filed_the_next_business_day() -> None:
    # Postmarked Thu 04-02, received Sat 04-04: timely (by Mon 04-06), filed Mon 04-06; the
    # objections then run three days from Mon 04-06 to Thu 04-09 (§ 6-154(2)).
    d = decide(mailed(P, "albany", dt.date(2026, 4, 2), at(2026, 4, 4)), cal(2026))
    assert d.verdict is Verdict.TIMELY and d.filed_on == dt.date(2026, 4, 6)
    assert clocks.objection_clock(dt.date(2026, 4, 6), calendar=cal(2026)).due == dt.date(
        2026, 4, 9
    )


def test_a_presidential_petition_has_its_own_window_and_one_business_day_by_mail() -> None:
    # § 1-106(1-a): received no later than one business day after Thu 2016-02-11: Fri 02-12 is
    # Lincoln's birthday and Mon 02-15 Washington's birthday (GCL § 24), so Tue 02-16.
    s5961 = cal(2016, "S5961")

    def sent(received: dt.datetime, office: str = "President") -> Paper:
        return paper(
            P, "state", received, method=Method.MAIL, postmark=dt.date(2016, 2, 11), office=office
        )

    ok = decide(sent(at(2016, 2, 16)), s5961)
    assert ok.window is not None and ok.window.closes == dt.date(2016, 2, 11)
    assert ok.verdict is Verdict.TIMELY
    assert "S.5961 § 23 (1-106(1-a))" in ok.cites
    assert decide(sent(at(2016, 2, 17)), s5961).verdict is Verdict.LATE
    # Any other office keeps the August primary's window (to Wed 2016-05-25).
    other = decide(sent(at(2016, 2, 16), office="Member of Assembly"), s5961)
    assert other.window is not None and other.window.closes == dt.date(2016, 5, 25)


@given(st.integers(0, 60), st.integers(0, 3), st.sampled_from(["albany", "erie", "state"]))
def test_before_2019_a_postmark_by_the_last_day_is_always_timely(
    late_by: int, early_by: int, board: str
) -> None:
    # L.1977 ch.700: postmarked before midnight of the last day (Thu 2018-07-12), "deemed timely
    # filed and accepted for filing when received", with no limit on receipt.
    postmark = dt.date(2018, 7, 12) - dt.timedelta(days=early_by)
    received = at(2018, 7, 13) + dt.timedelta(days=late_by)
    d = decide(mailed(P, board, postmark, received), cal(2018))
    assert d.verdict is Verdict.TIMELY and not d.fatal


def test_a_presidential_office_may_be_named_in_full() -> None:
    s5961 = cal(2016, "S5961")
    full = paper(P, "state", at(2016, 2, 10), office="President of the United States")
    d = decide(full, s5961)
    assert d.window is not None and d.window.closes == dt.date(2016, 2, 11)
