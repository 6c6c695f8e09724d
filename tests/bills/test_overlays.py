"""Bills as overlays: effective periods, conflicts between sections, and clear errors."""

from __future__ import annotations

import dataclasses
import datetime as dt
import importlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from nyballot.calendar.engine import build_calendar
from nyballot.cli import cli
from nyballot.errors import UsageError
from nyballot.law.bills import choose_law
from nyballot.law.checks import check_overlay, check_version
from nyballot.law.choice import LawChoice, normalise_name
from nyballot.law.loader import load_law, load_overlay
from nyballot.law.model import in_force_day

DATA = Path(__file__).parent / "data"
cli_law = importlib.import_module("nyballot.cli.law")  # the module, not the command group


def _contradictory_law() -> object:
    law = load_law()
    extra = load_overlay(DATA / "X-CONTRADICTORY.yaml")  # type: ignore[arg-type]
    return dataclasses.replace(law, overlays={**law.overlays, extra.id: extra})


def test_a_change_governs_the_year_whose_general_election_it_is_in_force_on() -> None:
    assert in_force_day(2015) == dt.date(2015, 11, 3)
    assert in_force_day(2016) == dt.date(2016, 11, 8)


def test_sections_effective_december_15_2015_change_2016_only() -> None:
    s5961 = load_law().overlays["S5961"]
    sections_2015 = {c.section for c in s5961.changes_for(2015)}
    sections_2016 = {c.section for c in s5961.changes_for(2016)}
    assert "19" not in sections_2015 and "2" in sections_2015
    assert {"2", "19", "23"} & sections_2016 == {"2", "19"}
    assert not s5961.changes_for(2017) and not s5961.changes_for(2014)


def test_s5961_conflicts_are_every_rule_two_sections_change_differently() -> None:
    s5961 = load_law().overlays["S5961"]
    found = {c.rule_id: [ch.section for ch in c.changes] for c in s5961.conflicts}
    assert found == {
        "primary_candidates.certification": ["2", "19"],
        "primary_candidates.determination": ["4", "20"],
        "general_candidates.determination": ["4", "20"],
        "party_nomination.electors_certificate": ["8", "18"],
        "military_ballots.primary": ["11", "21"],
        "military_ballots.general": ["11", "21"],
        "special_federal_ballots.primary": ["12", "22"],
        "special_federal_ballots.general": ["12", "22"],
    }
    assert all(c.resolved for c in s5961.conflicts)


def test_the_derivation_of_a_conflicting_date_shows_both_sections() -> None:
    cal = build_calendar(2016, overlays=["S5961"])
    deadline = cal.get("party_nomination.electors_certificate")
    assert deadline is not None
    notes = [s.text for s in deadline.derivation if s.part == "note"]
    conflict = next(n for n in notes if "differently" in n)
    assert "§ 8" in conflict and "§ 18" in conflict
    assert "fourteen days after the LOCAL AND FEDERAL primary" in conflict
    assert "SIXTY DAYS BEFORE" in conflict and "§ 18 prevails" in conflict


def test_every_quotation_in_the_bills_occurs_in_the_shipped_text() -> None:
    law = load_law()
    for bill in ("A9725", "S5305A", "S5961"):
        overlay = law.overlays[bill]
        assert overlay.changes and overlay.provisions
        quoted = [w for c in overlay.changes for w in c.law] + [
            w for p in overlay.provisions for w in p.law
        ]
        assert all(quoted), bill
        problems = check_overlay(law, overlay)
        assert not [p.message for p in problems if p.fatal], bill


def test_every_quotation_in_the_law_versions_occurs_in_its_source() -> None:
    for version in load_law().versions.values():
        assert not [p.message for p in check_version(version)]


def test_law_check_passes_the_shipped_data_and_lists_the_s5961_conflicts() -> None:
    # a terminal wide enough that no quotation is wrapped
    result = CliRunner().invoke(cli, ["law", "check", "S5961"], env={"COLUMNS": "1000"})
    assert result.exit_code == 0, result.output
    assert result.output.count("conflict") == 8
    assert '§ 2 "The state board of elections not later than FIFTY-FOUR days' in result.output


def test_law_check_fails_on_a_bill_with_an_unresolved_conflict(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cli_law, "load_law", _contradictory_law)
    result = CliRunner().invoke(cli, ["law", "check", "X-CONTRADICTORY"])
    assert result.exit_code == 1
    assert "UNRESOLVED conflict" in result.output
    assert "FIFTY-FOUR days" in result.output and "thirty-six days" in result.output


def test_an_unresolved_conflict_falls_to_the_later_section_and_says_so() -> None:
    overlay = load_overlay(DATA / "X-CONTRADICTORY.yaml")  # type: ignore[arg-type]
    (conflict,) = overlay.conflicts
    assert not conflict.resolved
    assert overlay.replace["primary_candidates.certification"].bill_section == "2"


def test_an_unknown_bill_is_an_error() -> None:
    with pytest.raises(UsageError, match="did you mean S5961"):
        build_calendar(2016, overlays=["S5916"])


@pytest.mark.parametrize(
    ("year", "bill", "words"),
    [
        (2017, "S5961", "governs the calendars of 2015 to 2016"),
        (2014, "S5961", "does not apply to 2014"),
        (2020, "S5961", "it amends pre-2019"),
    ],
)
def test_a_bill_that_does_not_apply_to_the_year_is_an_error(
    year: int, bill: str, words: str
) -> None:
    with pytest.raises(UsageError, match=words):
        build_calendar(year, overlays=[bill])


def test_a_bill_enacted_this_year_governs_from_next_january() -> None:
    with pytest.raises(UsageError, match="take effect 2017-01-01"):
        build_calendar(2016, overlays=["S5305A"], enacted_on={"S5305A": dt.date(2016, 6, 1)})


def test_two_bills_changing_one_rule_need_an_order() -> None:
    with pytest.raises(UsageError, match="neither says which prevails"):
        build_calendar(2016, overlays=["S5961", "A9725"])
    cal = build_calendar(2016, overlays=["S5961", "A9725"], ordered=True)
    caucus = cal.get("town_caucus")
    assert caucus is not None and caucus.rule.overlay == "A9725"
    assert any("A9725 prevails over S5961" in s.text for s in caucus.derivation)


def test_a_bill_is_read_on_top_of_an_enacted_overlay() -> None:
    cal = build_calendar(2015, overlays=["S5961"])
    primary = cal.get("election.primary")
    assert primary is not None and primary.closes == dt.date(2015, 8, 18)
    assert any("over L2015-primary" in s.text for s in primary.derivation)


def test_cli_errors_are_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    from nyballot.cli import main

    with pytest.raises(SystemExit) as exit_info:
        main(["calendar", "2017", "--with", "S5961"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("nyballot: error: overlay 'S5961'")


def test_law_list_shows_bills_with_their_status_and_years() -> None:
    result = CliRunner().invoke(cli, ["law", "list", "--format", "json"])
    rows = {r["id"]: r for r in json.loads(result.output)}
    assert rows["S5961"]["status"] == "bill (not enacted)"
    assert rows["S5961"]["years"] == "2015-2016"
    assert rows["S5305A"]["years"] == "from the January after enactment"


def test_law_show_gives_old_and_new_words_and_effective_dates() -> None:
    result = CliRunner().invoke(cli, ["law", "show", "S5961", "--format", "json"])
    data = json.loads(result.output)
    filing = next(c for c in data["changes"] if c["id"] == "designating_petition.filing")
    assert filing["section"] == "8"
    assert filing["effective"] == {"from": "2015-07-01", "to": "2016-12-31"}
    assert "tenth Monday before" in filing["words"]["old"][0]
    assert "THIRTEENTH FRIDAY" in filing["words"]["new"][0]
    assert filing["formula"]["new"]["opens"] == "13th Friday before primary"
    assert {p["id"] for p in data["provisions"]} >= {"presidential_primary.mail_filing"}
    text = CliRunner().invoke(cli, ["law", "show", "A9725"]).output
    assert "$500" in text and "new:" in text


def test_calendar_with_enacted_on_option() -> None:
    args = ["calendar", "2017", "--with", "S5305A", "--enacted-on", "S5305A=2016-02-01"]
    result = CliRunner().invoke(cli, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    ids = {d["id"] for d in json.loads(result.output)["deadlines"]}
    assert "otb_petition.signing" not in ids


def test_choose_law_and_the_calendar_read_names_alike() -> None:
    assert choose_law("PRE2019", ["s.5305-a", "s5961"]) == LawChoice(
        "pre-2019", ("S5305A", "S5961")
    )
    assert normalise_name("s.5305-a", ["S5305A", "S5961"]) == "S5305A"
    assert normalise_name("pre 2019", ["current", "pre-2019"]) == "pre-2019"
    assert normalise_name("S5962", ["S5961"]) is None
    assert build_calendar(2017, law="PRE2019", overlays=["s.5305-a"]).overlays[-1] == "S5305A"
