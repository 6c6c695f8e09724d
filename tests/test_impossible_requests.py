"""Impossible requests are refused or marked, with the reason; each rule lists the events it
needs, through the rules it is counted from, each once.

Hand-worked 2026 (current law): primary Tue 2026-06-23 (§ 8-100(1)(a)), general Tue 2026-11-03.
- § 6-158(3), a designation vacancy after a death: "ten days after such death ... or four days
  before the primary election, whichever is earlier". Four days before the primary is
  Fri 2026-06-19, Juneteenth (GCL § 24), so the last day is Mon 2026-06-22 (§ 1-106(1)).
  A death on Mon 2026-06-01: ten days after is Thu 2026-06-11, the earlier.
  A death on Wed 2026-07-01 (after the primary): the earlier is the last day before the
  primary, before the death itself, so no certificate can be filed: impossible.
- § 6-158(8), a nomination vacancy after that same death: ten days after is Sat 2026-07-11,
  four days before the general is Fri 2026-10-30; the earlier, Sat 2026-07-11, rolls to
  Mon 2026-07-13 (§ 1-106(1)).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import example, given
from hypothesis import strategies as st

from nyballot.api import create_app
from nyballot.calendar.engine import build_calendar
from nyballot.cli import main
from nyballot.errors import UsageError
from nyballot.law.loader import load_law
from nyballot.law.texts import quote_found


def test_a_death_after_the_primary_marks_the_designation_vacancy_impossible() -> None:
    cal = build_calendar(2026, events={"death": dt.date(2026, 7, 1)})
    designation = cal.deadline("designation.vacancy_after_death")
    assert designation.status == "not_applicable"
    assert (designation.opens, designation.closes) == (None, None)
    assert designation.impossible.startswith("event.death (the death or disqualification")
    assert "Wed 2026-07-01 comes after the last day this provision allows (Mon 2026-06-22)" in (
        designation.impossible
    )
    assert any(s.text.startswith("impossible: ") for s in designation.derivation)
    nomination = cal.deadline("nomination.vacancy_after_death")
    assert (nomination.status, nomination.closes) == ("dated", dt.date(2026, 7, 13))
    assert not nomination.impossible


def test_a_death_before_the_primary_is_dated() -> None:
    cal = build_calendar(2026, events={"death": dt.date(2026, 6, 1)})
    designation = cal.deadline("designation.vacancy_after_death")
    assert (designation.status, designation.closes) == ("dated", dt.date(2026, 6, 11))
    assert not designation.impossible


@given(st.dates(dt.date(2026, 1, 1), dt.date(2026, 12, 31)))
@example(dt.date(2026, 6, 23))  # the primary day itself: after the last day (Mon 06-22)
def test_no_date_counted_from_a_death_falls_before_it(death: dt.date) -> None:
    cal = build_calendar(2026, events={"death": death})
    for d in cal.deadlines:
        if d.status == "dated" and "death" in d.events():
            assert d.closes is not None and d.closes >= death, d.id
        if d.impossible:
            assert d.status == "not_applicable" and d.closes is None


def test_a_proclamation_after_its_special_election_is_refused() -> None:
    events = {"proclamation": dt.date(2026, 5, 1), "special_election": dt.date(2026, 4, 28)}
    with pytest.raises(UsageError, match="not before event special_election=2026-04-28"):
        build_calendar(2026, events=events)


def test_a_primary_after_the_general_election_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["calendar", "2026", "--primary", "2026-12-01"])
    assert exit_.value.code == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line == (
        "nyballot: error: --primary 2026-12-01: not before the general election 2026-11-03; "
        "a primary nominates for the general election that follows it"
    )


def test_an_event_outside_the_years_reach_is_refused() -> None:
    with pytest.raises(UsageError, match="death=2028-01-01: more than a year from 2026"):
        build_calendar(2026, events={"death": dt.date(2028, 1, 1)})


@pytest.mark.parametrize(
    "query",
    [
        "event=proclamation=2026-05-01&event=special_election=2026-04-28",
        "event=death=2030-01-01",
    ],
)
def test_the_api_answers_400_with_the_reason(query: str, tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'desk.sqlite3'}")
    client = TestClient(app, raise_server_exceptions=False)
    response = client.get(f"/calendar/2026?{query}")
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("application/json")
    assert "event" in response.json()["error"]


def test_events_are_listed_through_the_rules_counted_from_each_once() -> None:
    cal = build_calendar(2026)
    # 2 days after independent_petition.filing_after_vacancy.closes, itself 14 days after
    # event.vacancy: the acceptance needs the vacancy, though its own words name no event.
    after = cal.deadline("independent_nomination.acceptance_declination_after_vacancy")
    assert after.rule.events() == []
    assert after.events() == ["vacancy"]
    # Its condition and its last day both name event.vacancy: listed once.
    petition = cal.deadline("independent_petition.filing_after_vacancy")
    assert petition.rule.events() == ["vacancy", "vacancy"]
    assert petition.events() == ["vacancy"]
    fill = cal.deadline("independent_nomination.vacancy_after_declination_after_vacancy")
    assert fill.events() == ["declination", "vacancy"]  # its last day's, then its condition's
    assert cal.deadline("designating_petition.filing").events() == []


@given(st.sampled_from([1996, 2015, 2016, 2019, 2022, 2024, 2026]))
def test_a_rule_needs_every_event_of_the_rules_it_counts_from(year: int) -> None:
    cal = build_calendar(year)
    by_id = {d.id: d for d in cal.deadlines}
    for d in cal.deadlines:
        needs = d.events()
        assert len(needs) == len(set(needs)), d.id
        assert set(d.rule.events()) <= set(needs)
        for target in d.rule.dependencies():
            rule_id = target.rsplit(".", 1)[0]
            if rule_id in by_id:
                assert set(by_id[rule_id].events()) <= set(needs), (d.id, rule_id)


def test_the_order_of_events_quotes_the_shipped_text() -> None:
    orders = load_law().event_order
    assert [(o.first, o.then) for o in orders] == [("proclamation", "special_election")]
    for order in orders:
        assert order.law and all(quote_found(order.source, words) for words in order.law)
