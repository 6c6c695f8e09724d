"""One-year enacted law replaces the general rule for its years only, and says so."""

import datetime as dt

from nyballot import build_calendar


def test_2023_court_proceedings_follow_the_2022_wording_of_16_102() -> None:
    # L.2022 ch.164: fourteen days after the last day to file. 2023's last day (L.2023 ch.120,
    # the 12th Monday before Tue Jun 27) is Mon Apr 10; + 14 = Mon Apr 24. The words are those
    # in force then, so the rule is not marked unverified.
    deadline = build_calendar(2023).get("designating_petition.court_proceeding")
    assert deadline is not None
    assert deadline.closes == dt.date(2023, 4, 24)
    assert deadline.rule.overlay == "L2022-ch164-16-102" and not deadline.unverified


def test_2021_court_proceedings_are_marked_unverified() -> None:
    # Before L.2022 ch.164 the words in force were not found: the later words are used, marked.
    deadline = build_calendar(2021).get("designating_petition.court_proceeding")
    assert deadline is not None and deadline.rule.overlay is None
    assert "2024" in deadline.unverified
