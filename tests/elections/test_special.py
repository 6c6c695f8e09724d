"""Special elections: golden calendars counted by hand from the words, and PBO § 42's checks."""

from __future__ import annotations

import datetime as dt

import pytest

from nyballot.elections.special import SpecialRequest, special_calendar
from nyballot.errors import UsageError

D = dt.date


def closes(request: SpecialRequest) -> dict[str, dt.date | None]:
    found = special_calendar(request)
    assert found.calendar is not None
    return {d.id: d.closes for d in found.calendar.deadlines}


def test_a_congressional_vacancy_counts_every_date_from_the_proclamation() -> None:
    # Vacancy Mon 2026-01-05, proclaimed Mon 2026-01-12, election Tue 2026-03-24: 71 days after
    # (PBO § 42(3)(a): "not less than seventy nor more than eighty days": Mar 23 to Apr 2).
    got = closes(SpecialRequest("congress", D(2026, 1, 12), D(2026, 3, 24), D(2026, 1, 5)))
    # § 6-158(6) "ten days following the issuance of a proclamation": Thu Jan 22.
    assert got["special.party_nomination.certificate"] == D(2026, 1, 22)
    # § 6-158(9) twelve days: Sat Jan 24, the next business day Mon Jan 26 (§ 1-106(1)).
    assert got["special.independent_petition.filing"] == D(2026, 1, 26)
    # § 6-158(12) sixteen days: Wed Jan 28.
    assert got["special.independent_nomination.vacancy_after_declination"] == D(2026, 1, 28)
    # § 6-120(3) "four days after the last day to file the ... certificate": Mon Jan 26.
    assert got["special.party_nomination.authorization"] == D(2026, 1, 26)
    # § 6-154(2) three days after Jan 22: Sun Jan 25 -> Mon Jan 26; six days more: Sun Feb 1
    # -> Mon Feb 2.
    assert got["special.party_nomination.objections"] == D(2026, 1, 26)
    assert got["special.party_nomination.specifications"] == D(2026, 2, 2)
    # § 16-102(2) "within seven days after the last day to file the certificate": Thu Jan 29.
    assert got["special.party_nomination.court_proceeding"] == D(2026, 1, 29)
    # § 4-112(1) "fifty-three days before a special election": Fri Jan 30 (a duty: no roll).
    assert got["special.nominations.certification"] == D(2026, 1, 30)
    # § 10-108(1)(a) "forty-five days before a special election": Sat Feb 7.
    assert got["special.military_ballots"] == D(2026, 2, 7)
    # § 5-208(3) as L.2023 ch.113 reads it, fifteen days before "a primary, special or
    # general election": Mon Mar 9.
    assert got["special.voter.change_of_address"] == D(2026, 3, 9)
    # § 9-208(1) "Within fifteen days after each general or special election": Wed Apr 8.
    assert got["special.recanvass"] == D(2026, 4, 8)
    # § 9-216(2) "within forty days after each special election": Sun May 3, a board's duty
    # counted forward from the election: it stays (GCL § 25-a's Mon May 4 is the other reading).
    assert got["special.canvass.state_board"] == D(2026, 5, 3)
    # PBO § 42(3) "within ten days of the occurrence of a vacancy": Thu Jan 15.
    assert got["special.proclamation"] == D(2026, 1, 15)


def test_an_assembly_vacancy_uses_the_42_3b_forms_and_counts_from_them() -> None:
    # Proclaimed Mon 2026-02-02, election Tue 2026-03-17: 43 days (§ 42(3)(b): 40 to 50).
    found = special_calendar(SpecialRequest("assembly", D(2026, 2, 2), D(2026, 3, 17)))
    assert found.calendar is not None
    got = {d.id: d for d in found.calendar.deadlines}
    # § 6-158(6) "seven days following the issuance of a proclamation ... paragraph b": Mon Feb 9.
    assert got["special_pbo_42_3b.party_nomination.certificate"].closes == D(2026, 2, 9)
    assert "special.party_nomination.certificate" not in got
    # § 6-158(9) nine days: Wed Feb 11; (11) eleven days: Fri Feb 13; (12) thirteen days: Sun
    # Feb 15, Mon Feb 16 Washington's Birthday, so Tue Feb 17.
    assert got["special_pbo_42_3b.independent_petition.filing"].closes == D(2026, 2, 11)
    assert got["special_pbo_42_3b.independent_nomination.acceptance_declination"].closes == D(
        2026, 2, 13
    )
    assert got["special_pbo_42_3b.independent_nomination.vacancy_after_declination"].closes == D(
        2026, 2, 17
    )
    # § 6-120(3): four days after the (b) certificate's Feb 9, Fri Feb 13 (not Feb 16).
    authorization = got["special.party_nomination.authorization"]
    assert authorization.closes == D(2026, 2, 13)
    assert any("special_pbo_42_3b" in s.text for s in authorization.derivation)
    # § 4-112(1) "twenty-four days before a special election held pursuant to paragraph b":
    # Sat Feb 21; § 10-108(1)(a) twenty-three days: Sun Feb 22.
    assert got["special_pbo_42_3b.nominations.certification"].closes == D(2026, 2, 21)
    assert got["special_pbo_42_3b.military_ballots"].closes == D(2026, 2, 22)
    window = got["special_pbo_42_3b.election_day"]
    assert (window.opens, window.closes) == (D(2026, 3, 14), D(2026, 3, 24))


def test_a_county_office_has_seventy_to_eighty_days() -> None:
    # Proclaimed Mon 2027-01-04, election Tue 2027-03-16: 71 days (70th day Mon Mar 15); an
    # election on Fri Mar 12 is 67 days after, refused.
    got = closes(SpecialRequest("county", D(2027, 1, 4), D(2027, 3, 16)))
    # Ten days: Thu Jan 14. Twelve: Sat Jan 16; Mon Jan 18 is Martin Luther King day: Tue Jan 19.
    assert got["special.party_nomination.certificate"] == D(2027, 1, 14)
    assert got["special.independent_petition.filing"] == D(2027, 1, 19)
    # Fifty-three days before Mar 16: Fri Jan 22.
    assert got["special.nominations.certification"] == D(2027, 1, 22)
    with pytest.raises(UsageError, match="67 days after the proclamation"):
        special_calendar(SpecialRequest("county", D(2027, 1, 4), D(2027, 3, 12)))


def test_a_congressional_vacancy_after_july_first_of_the_last_year_goes_to_the_general() -> None:
    # § 42(4)(a) "on or before the first day of July of the last year of the term": July 20,
    # 2026 is after; § 42(1) "three months before the general election" (Nov 3): Aug 3, and
    # July 20 is before it, so the general election of 2026 fills the office.
    found = special_calendar(
        SpecialRequest("congress", D(2026, 8, 2), D(2026, 10, 17), D(2026, 7, 20), 2026)
    )
    none = found.no_special
    assert found.calendar is None and none is not None
    assert none.message == (
        "no special election is held: the office is filled at the general election of 2026"
    )
    assert none.last_day == D(2026, 7, 1)
    assert none.last_for_this_general.closes == D(2026, 8, 3)
    assert none.general.closes == D(2026, 11, 3)


def test_an_assembly_vacancy_on_april_first_of_the_last_year_holds_no_special() -> None:
    # § 42(4)(b) "before the first day of April of the last year": April 1 is not before it.
    found = special_calendar(
        SpecialRequest("assembly", D(2026, 4, 3), D(2026, 5, 19), D(2026, 4, 1), 2026)
    )
    assert found.no_special is not None and found.no_special.last_day == D(2026, 3, 31)
    # March 31 is: the special election is held.
    held = special_calendar(
        SpecialRequest("assembly", D(2026, 4, 3), D(2026, 5, 19), D(2026, 3, 31), 2026)
    )
    assert held.no_special is None and held.calendar is not None


def test_a_late_proclamation_is_marked_with_the_words() -> None:
    # Vacancy Jan 1, 2026: ten days, Jan 11; proclaimed Jan 20.
    found = special_calendar(SpecialRequest("county", D(2026, 1, 20), D(2026, 4, 1), D(2026, 1, 1)))
    assert [c.cite for c in found.checks] == ["PBO 42(3)"]
    assert "within ten days of the occurrence of a vacancy" in found.checks[0].text


def test_the_42_3b_proviso_marks_a_shared_day_and_refuses_one_under_thirty() -> None:
    found = special_calendar(SpecialRequest("state-senate", D(2026, 2, 2), D(2026, 3, 10)))
    assert found.checks and "previously scheduled special election" in found.checks[0].law
    with pytest.raises(UsageError, match="29 days after the proclamation"):
        special_calendar(SpecialRequest("state-senate", D(2026, 2, 2), D(2026, 3, 3)))


@pytest.mark.parametrize(
    ("office", "message"),
    [
        ("governor", "except that of governor or lieutenant-governor"),
        ("us-senate", "temporary appointment"),
        ("dogcatcher", "the words name no such office"),
    ],
)
def test_an_office_the_words_do_not_name_is_refused(office: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        special_calendar(SpecialRequest(office, D(2026, 2, 2), D(2026, 4, 14)))


def test_an_election_before_its_proclamation_is_refused() -> None:
    with pytest.raises(UsageError, match="not after the proclamation"):
        special_calendar(SpecialRequest("congress", D(2026, 2, 2), D(2026, 2, 1)))


def test_a_congressional_special_dates_the_special_federal_voters_of_11_204() -> None:
    # Election Tue 2026-03-24 (proclaimed Mon Jan 12). § 11-200(1): special federal voters vote
    # at "special ... elections for ... representative in congress".
    found = special_calendar(SpecialRequest("congress", D(2026, 1, 12), D(2026, 3, 24)))
    assert found.calendar is not None
    got = {d.id: d for d in found.calendar.deadlines}
    # § 11-204(4) "forty-five days before each special election": Mar 24 - 24 days = Feb 28,
    # - 21 more = Sat Feb 7 (a board's duty counted back: no roll). The pre-2019 words.
    ballots = got["special.special_federal_ballots"]
    assert ballots.closes == D(2026, 2, 7) and ballots.unverified
    # § 11-204(4) a letter "received ... not later than the seventh day before the election":
    # Tue Mar 17.
    assert got["special.special_federal.ballot_request"].closes == D(2026, 3, 17)
    # § 11-204(2) "not later than the twentieth day before election": Wed Mar 4.
    assert got["special.special_federal.determination"].closes == D(2026, 3, 4)


def test_no_special_federal_date_for_a_special_election_to_a_state_or_local_office() -> None:
    # § 11-200(1) names federal offices only: an assembly (Feb 2 -> Mar 17, 2026) or county
    # special election has no date of special federal voters, and the calendar says why.
    for office, proclaimed, day in (("assembly", D(2026, 2, 2), D(2026, 3, 17)),
                                    ("county", D(2026, 1, 12), D(2026, 3, 24))):  # fmt: skip
        found = special_calendar(SpecialRequest(office, proclaimed, day))
        assert found.calendar is not None
        assert not [d.id for d in found.calendar.deadlines if "special_federal" in d.id]
        assert any(
            n.startswith("§ 11-200(1): special federal voters") for n in found.calendar.notes
        )
