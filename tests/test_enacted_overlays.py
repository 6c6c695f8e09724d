"""One-year enacted law replaces the general rule for its years only, and says so."""

import datetime as dt

from nyballot import build_calendar
from nyballot.law.checks import check_overlay
from nyballot.law.loader import load_law


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


def _closes(year: int, rule_id: str) -> dt.date | None:
    deadline = build_calendar(year).get(rule_id)
    assert deadline is not None, f"{rule_id} is not in the {year} calendar"
    return deadline.closes


def test_2020_petitions_follow_chapter_24_and_executive_order_202_2() -> None:
    cal = build_calendar(2020)
    filing = cal.get("designating_petition.filing")
    signing = cal.get("designating_petition.signing")
    assert filing is not None and signing is not None
    # L.2020 ch.24 (secondary sources): filed Tue Mar 17 - Fri Mar 20, 2020.
    assert (filing.opens, filing.closes) == (dt.date(2020, 3, 17), dt.date(2020, 3, 20))
    assert filing.cite == "6-158(1); L.2020 ch.24" and filing.rule.evidence == "secondary"
    # § 6-134(4) counted from the statute's last filing day, the 12th Thursday before Tue Jun
    # 23 (Jun 18, 11, 4, May 28, 21, 14, 7, Apr 30, 23, 16, 9, 2): Apr 2 - 37 = Tue Feb 25
    # (2 + 31 + 4, Feb 2020 has 29 days); EO 202.2: no gathering after Tue Mar 17 (its words
    # are shipped, so not marked secondary).
    assert (signing.opens, signing.closes) == (dt.date(2020, 2, 25), dt.date(2020, 3, 17))
    assert signing.cite == "6-134(4); EO 202.2" and signing.rule.evidence is None
    # "adjusted accordingly": Mar 20 + 4 = Tue Mar 24 (the day the Third Department applied);
    # + 4 = Sat Mar 28 -> Mon Mar 30; + 4 = Fri Apr 3.
    assert _closes(2020, "designation.acceptance_declination") == dt.date(2020, 3, 24)
    assert _closes(2020, "designation.vacancy_after_declination") == dt.date(2020, 3, 30)
    assert _closes(2020, "designation.substitution_authorization") == dt.date(2020, 4, 3)
    # Opportunity-to-ballot petitions were suspended for the June 2020 primary.
    assert cal.get("otb_petition.filing") is None and cal.get("otb_petition.signing") is None


def test_2020_presidential_primary_and_independent_petitions_moved_by_executive_order() -> None:
    cal = build_calendar(2020)
    primary = cal.get("election.presidential_primary")
    assert primary is not None and primary.closes == dt.date(2020, 6, 23)  # EO 202.12
    assert primary.cite == "8-100(1)(a); EO 202.12" and primary.rule.evidence == "secondary"
    filing = cal.get("independent_petition.filing")
    signing = cal.get("independent_petition.signing")
    assert filing is not None and signing is not None
    # EO 202.46 (secondary): signed Jul 1 - Jul 30, filed Jul 27 - Jul 30, accepted by Aug 3.
    assert (signing.opens, signing.closes) == (dt.date(2020, 7, 1), dt.date(2020, 7, 30))
    assert (filing.opens, filing.closes) == (dt.date(2020, 7, 27), dt.date(2020, 7, 30))
    assert _closes(2020, "independent_nomination.acceptance_declination") == dt.date(2020, 8, 3)
    # Its date for filling a declined independent nomination was not found: left out, never
    # the statute's day (which would fall before the petitions).
    assert cal.get("independent_nomination.vacancy_after_declination") is None
    # 2021 keeps the statute: 23 weeks before Tue Nov 2, 2021 = Tue May 25.
    assert _closes(2021, "independent_petition.filing") == dt.date(2021, 5, 25)


def test_2014_memo_keeps_the_party_positions_and_state_committee_dates() -> None:
    cal = build_calendar(2014)
    signing = cal.get("designating_petition.signing")
    meeting = cal.get("state_committee.designation_meeting")
    assert signing is not None and meeting is not None
    # L.2014 ch.20 § 3: 42 days before Thu Jul 10: Jul 10 - 10 = Jun 30, - 30 = May 31, - 2 =
    # Thu May 29. § 1: the § 2-120 statement stays due May 20; § 2: meetings May 13 - June 3.
    assert signing.opens == dt.date(2014, 5, 29) and signing.cite == "6-134(4); L.2014 ch.20"
    assert _closes(2014, "party_positions.statement") == dt.date(2014, 5, 20)
    assert (meeting.opens, meeting.closes) == (dt.date(2014, 5, 13), dt.date(2014, 6, 3))
    assert meeting.cite == "6-104(6); L.2014 ch.20" and "memo" in meeting.unverified


def test_voter_deadlines_change_with_the_2023_acts_from_2024() -> None:
    # General elections: Tue Nov 7, 2023 and Tue Nov 5, 2024. § 5-208(3): twenty days before
    # Nov 7 = Wed Oct 18, 2023; L.2023 ch.113: fifteen before Nov 5 = Mon Oct 21, 2024.
    assert _closes(2023, "voter.change_of_address.general") == dt.date(2023, 10, 18)
    assert _closes(2024, "voter.change_of_address.general") == dt.date(2024, 10, 21)
    # § 8-400(2)(c): the fifteenth day before Nov 7 = Mon Oct 23, 2023; L.2023 ch.481: the tenth
    # before Nov 5 = Sat Oct 26, 2024 (a voter's day counted back does not roll).
    assert _closes(2023, "voter.absentee_application.general") == dt.date(2023, 10, 23)
    assert _closes(2024, "voter.absentee_application.general") == dt.date(2024, 10, 26)
    # Early voting by mail exists from 2024 only.
    assert build_calendar(2023).get("voter.early_mail_application.general") is None
    assert _closes(2024, "voter.early_mail_application.general") == dt.date(2024, 10, 26)


def test_rules_of_one_kind_of_year_only() -> None:
    # § 9-216(2): the presidential-year day replaces December 15 (2028), and not otherwise.
    assert build_calendar(2028).get("canvass.state_board") is None
    assert build_calendar(2027).get("canvass.state_board_presidential") is None
    # § 6-146(6) (L.2021 ch.276) from 2022: not in 2021.
    assert build_calendar(2021).get("multi_party.declination_after_primary") is None
    assert _closes(2022, "multi_party.declination_after_primary") == dt.date(2022, 7, 8)
    # 2022's primary: Tue Jun 28 (fourth Tuesday); + 10 = Fri Jul 8.


def test_every_enacted_overlay_passes_law_check() -> None:
    # Quotations of every change, a repeal's included (quoted from its own source when it names
    # one: the 2020 suspension of opportunity-to-ballot petitions rests on a press release).
    law = load_law()
    for overlay in law.overlays.values():
        if overlay.enacted:
            problems = [p.message for p in check_overlay(law, overlay) if p.fatal]
            assert problems == [], overlay.id
    repeal = next(c for c in law.overlays["L2020-ch24"].changes if c.action == "repeal")
    assert repeal.source == "enacted/L2020-ch24-SECONDARY.txt"


def test_2024_early_voting_is_marked_for_its_one_year_wording() -> None:
    # L.2023 ch.474 § 7 reworded § 8-600(1) for 2024 only (not shipped): the dates (the tenth
    # to the second day before Tue Nov 5, 2024: Sat Oct 26 to Sun Nov 3) are marked; 2025's not.
    marked = build_calendar(2024).get("voter.early_voting.general")
    plain = build_calendar(2025).get("voter.early_voting.general")
    assert marked is not None and plain is not None
    assert (marked.opens, marked.closes) == (dt.date(2024, 10, 26), dt.date(2024, 11, 3))
    assert "2024 only" in marked.unverified and plain.unverified == ""
