"""Hand-worked golden cases for § 1-106 timeliness, 2026, under the statute's own formula.

These cases use the 2026 calendar without the one-year 2026 act (``enacted=False``), so the
designating petition window is § 6-158(1)'s: Mon 2026-03-30 (13th Monday before Tue 06-23) to
Thu 2026-04-02 (12th Thursday). tests/desk/test_api.py covers the law in force, whose last day
is Mon 04-06. Independent petitions (§ 6-158(9)): Tue 2026-05-19 to Tue 2026-05-26.
Memorial Day 2026 is Mon 2026-05-25 (GCL § 24, last Monday in May). The named verdicts on
designating petitions are golden cases in tests/golden/timeliness/2026.yaml.
"""

from __future__ import annotations

import datetime as dt
from functools import cache

import pytest

from nyballot.calendar.engine import build_calendar
from nyballot.calendar.model import Calendar
from nyballot.errors import UsageError
from nyballot.filing.model import BOARDS, NEW_YORK, FilingKind, Method, Paper, Verdict
from nyballot.filing.timeliness import decide


@cache
def cal2026() -> Calendar:
    return build_calendar(2026, enacted=False)


def at(y: int, m: int, d: int, hh: int = 12, mm: int = 0) -> dt.datetime:
    return dt.datetime(y, m, d, hh, mm, tzinfo=NEW_YORK)


def paper(kind: FilingKind, board: str, received: dt.datetime, **kw: object) -> Paper:
    return Paper(kind=kind, board=BOARDS[board], year=2026, received=received, **kw)  # type: ignore[arg-type]


P = FilingKind.DESIGNATING_PETITION


def test_westchester_certificate_has_ordinary_hours() -> None:
    # § 6-120(3) authorization last day Mon 2026-04-06; only petitions get midnight in Westchester.
    d = decide(
        paper(FilingKind.DESIGNATION_AUTHORIZATION, "westchester", at(2026, 4, 6, 22)), cal2026()
    )
    assert d.verdict is Verdict.LATE


def test_nyc_certificate_until_midnight() -> None:
    d = decide(paper(FilingKind.DESIGNATION_AUTHORIZATION, "nyc", at(2026, 4, 6, 22)), cal2026())
    assert d.verdict is Verdict.TIMELY


def test_independent_petition_mail_grace_skips_memorial_day() -> None:
    # Last day Tue 2026-05-26; two business days after: Wed 05-27, Thu 05-28.
    ok = decide(
        paper(
            FilingKind.INDEPENDENT_PETITION,
            "monroe",
            at(2026, 5, 28),
            method=Method.MAIL,
            postmark=dt.date(2026, 5, 26),
        ),
        cal2026(),
    )
    late = decide(
        paper(
            FilingKind.INDEPENDENT_PETITION,
            "monroe",
            at(2026, 5, 29),
            method=Method.MAIL,
            postmark=dt.date(2026, 5, 26),
        ),
        cal2026(),
    )
    assert ok.verdict is Verdict.TIMELY and late.verdict is Verdict.LATE


def test_objection_within_three_days_of_the_petition() -> None:
    # Petition filed Fri 2026-05-22; + 3 days = Mon 05-25, Memorial Day -> Tue 05-26 (6-154(2),
    # GCL § 25-a).
    base = at(2026, 5, 22, 10)
    ok = decide(
        paper(FilingKind.OBJECTION, "monroe", at(2026, 5, 26, 16), refers_to_received=base),
        cal2026(),
    )
    late = decide(
        paper(FilingKind.OBJECTION, "monroe", at(2026, 5, 27, 10), refers_to_received=base),
        cal2026(),
    )
    assert ok.verdict is Verdict.TIMELY and late.verdict is Verdict.LATE
    assert "6-154(2)" in ok.cites


def test_late_specifications_void_the_objection() -> None:
    # Objection Mon 2026-04-06; + 6 days = Sun 04-12 -> Mon 04-13.
    base = at(2026, 4, 6, 10)
    ok = decide(
        paper(FilingKind.SPECIFICATIONS, "nyc", at(2026, 4, 13, 23, 30), refers_to_received=base),
        cal2026(),
    )
    late = decide(
        paper(FilingKind.SPECIFICATIONS, "albany", at(2026, 4, 14, 9, 30), refers_to_received=base),
        cal2026(),
    )
    assert ok.verdict is Verdict.TIMELY
    assert late.verdict is Verdict.LATE and late.fatal
    assert any("null and void" in s.text for s in late.steps)


def test_ordinary_paper_by_postmark_notice_of_intent_under_a9725() -> None:
    # A.9725 § 6-117(1): first signing day Tue 2026-02-24; no earlier than 30 days before
    # (Sun 2026-01-25, a first day does not roll), no later than 7 days before (Tue 2026-02-17).
    late_arrival = paper(
        FilingKind.NOTICE_OF_INTENT,
        "albany",
        at(2026, 2, 20),
        method=Method.MAIL,
        postmark=dt.date(2026, 2, 17),
        fee_cents=50_000,
    )
    with_a9725 = build_calendar(2026, enacted=False, overlays=("A9725",))
    d = decide(late_arrival, with_a9725)
    assert d.window is not None
    assert (d.window.opens, d.window.closes) == (dt.date(2026, 1, 25), dt.date(2026, 2, 17))
    assert d.verdict is Verdict.TIMELY and not d.fatal
    unpaid = paper(FilingKind.NOTICE_OF_INTENT, "albany", at(2026, 2, 10), fee_cents=0)
    assert decide(unpaid, with_a9725).fatal
    with pytest.raises(UsageError, match=r"A\.9725"):
        decide(unpaid, cal2026())


def test_board_records_have_no_time_limit() -> None:
    d = decide(paper(FilingKind.DETERMINATION, "erie", at(2026, 4, 20)), cal2026())
    assert d.verdict is Verdict.RECORDED and not d.fatal


def test_a_petition_sent_outside_the_city_needs_its_postmark() -> None:
    # § 1-106(1): the two business days of grace are for papers *sent* by the last day.
    with pytest.raises(UsageError, match="postmark"):
        decide(
            paper(P, "albany", at(2026, 4, 3), method=Method.OVERNIGHT),
            cal2026(),
        )


def test_five_pm_itself_is_within_the_hours() -> None:
    # § 1-106(1): "between the hours of nine A.M. and five P.M."; last day Thu 2026-04-02.
    on_the_hour = decide(paper(P, "albany", at(2026, 4, 2, 17, 0)), cal2026())
    a_minute_late = decide(paper(P, "albany", at(2026, 4, 2, 17, 1)), cal2026())
    assert on_the_hour.verdict is Verdict.TIMELY
    assert a_minute_late.verdict is Verdict.LATE and a_minute_late.fatal


def test_objections_run_from_the_day_the_petition_counts_as_filed() -> None:
    # A petition handed in Fri 2026-03-27 after five P.M. counts as filed Mon 03-30; § 6-154(2):
    # objections within three days after the filing, to Thu 04-02 (not Mon 03-30).
    objection = paper(
        FilingKind.OBJECTION,
        "erie",
        at(2026, 4, 2, 10),
        refers_to_received=at(2026, 3, 27, 18),
        refers_to_filed_on=dt.date(2026, 3, 30),
    )
    d = decide(objection, cal2026())
    assert d.window is not None and d.window.closes == dt.date(2026, 4, 2)
    assert d.verdict is Verdict.TIMELY


def test_nyc_takes_notices_of_intent_until_midnight_under_a9725() -> None:
    # A.9725 § 11 adds notices of intent to § 1-106(1)'s New York City clause. Notice window:
    # first signing day Tue 2026-02-24 less 7 days = Tue 02-17, the last day (§ 6-117(1)).
    with_a9725 = build_calendar(2026, enacted=False, overlays=("A9725",))
    late_evening = paper(
        FilingKind.NOTICE_OF_INTENT, "nyc", at(2026, 2, 17, 23, 30), fee_cents=50_000
    )
    d = decide(late_evening, with_a9725)
    assert d.verdict is Verdict.TIMELY
    mailed = paper(
        FilingKind.NOTICE_OF_INTENT,
        "nyc",
        at(2026, 2, 18, 10),
        method=Method.MAIL,
        postmark=dt.date(2026, 2, 16),
        fee_cents=50_000,
    )
    late = decide(mailed, with_a9725)
    assert late.verdict is Verdict.LATE and late.fatal
    assert "A.9725 § 11 (1-106(1))" in late.cites
