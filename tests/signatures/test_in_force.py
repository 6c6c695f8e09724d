"""Signature numbers under the law in force: the words behind them, and bad input (the golden
cases per unit per year, counted by hand, are in tests/golden/signatures/in_force.yaml)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from nyballot.cli import cli, main
from nyballot.errors import OutOfCoverageError, UsageError
from nyballot.law.checks import check_overlay, check_version
from nyballot.law.choice import LawChoice
from nyballot.law.loader import load_law
from nyballot.law.model import Provision
from nyballot.signatures import Inputs, Requirement, requirements
from nyballot.signatures.numbers import units_data


def in_force(petition: str, year: int, inputs: Inputs, **kw: Any) -> list[Requirement]:
    return requirements(petition, LawChoice(), year, inputs, **kw)


def _signature_provisions() -> list[tuple[str, Provision]]:
    law = load_law()
    found = [(v.id, p) for v in law.versions.values() for p in v.provisions.values()]
    found += [(o.id, p) for o in law.overlays.values() for p in o.provisions]
    return [(where, p) for where, p in found if p.id.startswith("signatures.")]


def test_every_signature_quotation_is_checked_by_law_check() -> None:
    # nyballot law check reads every provision's words against its shipped text.
    law = load_law()
    problems = [p.message for v in law.versions.values() for p in check_version(v) if p.fatal]
    problems += [p.message for o in law.overlays.values() for p in check_overlay(law, o)
                 if p.fatal]  # fmt: skip
    assert not problems
    assert len(_signature_provisions()) > 50


def _presidential_type(where: str, item: Provision) -> str:
    """A way of designating is a count, or the id of a count of the same act it meets."""
    if item.id.endswith((".choice", ".enrolment")):
        return "text"
    if item.type == "text":
        same = {p.id: p for p in load_law().overlays[where].provisions}[str(item.setting)]
        assert same.type == "count", item.id
        return "text"
    return "count"


@pytest.mark.parametrize(("where", "item"), _signature_provisions(), ids=lambda x: str(x)[:60])
def test_every_signature_provision_has_the_type_its_reader_asks(
    where: str, item: Provision
) -> None:
    kinds = {".share": "share", ".scale": "share", ".rounding": "text", ".spread": "text",
             ".note.": "text", ".who_may_sign": "text"}  # fmt: skip
    want = next((k for part, k in kinds.items() if part in item.id), None)
    if ".note." in item.id and item.id.endswith((".where", ".except")):
        want = "list"
    if ".limit." in item.id or item.id.endswith(".statewide"):
        want = "count"
    if item.id.endswith(
        (".aggregate", ".charter", ".except_nyc", ".same_as_designating", ".larger")
    ):
        want = "flag"
    if item.id.startswith("signatures.presidential.") and want is None:
        want = _presidential_type(where, item)
    assert want is not None and item.type == want, (where, item.id, item.type)
    assert item.law or item.unverified, item.id  # words, or why there are none


def test_the_opportunity_to_ballot_needs_the_designating_number() -> None:
    # § 6-164: "equal in number to at least the number of signers required to designate";
    # 2026, assembly, 1,000,000 enrolled: 500 (secondary), as the designating petition.
    (req,) = in_force("otb", 2026, Inputs(enrolled=1_000_000), unit="assembly")
    assert (req.number, req.petition) == (500, "petition for an opportunity to ballot")
    assert req.cite.startswith("6-164")


def test_a_city_office_carries_the_charter_note() -> None:
    (req,) = in_force("designating", 2026, Inputs(enrolled=10_000), office="city-council-member")
    assert req.number == 500  # 5% of 10,000 = 500, under the (c-1) limit of 900
    assert any("Charter may require fewer" in n for n in req.notes)


def test_a_measure_whose_words_are_missing_says_so() -> None:
    reqs = in_force("designating", 2019, Inputs(enrolled=1_000), unit="subdivision-outside-nyc")
    assert any("L.2019 ch.22" in n and "secondary" in n for n in reqs[0].notes)


def _has_ch22_note(req: Requirement) -> bool:
    return any("L.2019 ch.22" in n for n in req.notes)


@pytest.mark.parametrize(
    ("unit", "reached"),
    [
        # § 6-136(5): "for designating petitions for political subdivisions outside the city of
        # New York and the counties of Erie and Nassau, except for the position of member of
        # ward, town, city or county committee".
        ("subdivision-outside-nyc", [True]),  # wholly outside the city
        ("county-outside-nyc", [True]),
        ("county-legislative-district", [True]),
        ("state-committee", [True]),  # a party position, but not a committee the words except
        ("city-of-new-york", [False]),  # in the city
        ("county-in-nyc", [False]),
        ("city-council-district", [False]),
        ("state", [False]),  # the whole state is no subdivision outside the city
        ("county-committee", [False]),  # "except for the position of member of ... county
        # committee"
        # L.2019 ch.17 tells the city apart for an assembly district: in it, then outside it.
        ("assembly", [False, True]),
    ],
)
def test_the_2019_outside_the_city_note_is_where_its_words_reach(
    unit: str, reached: list[bool]
) -> None:
    reqs = in_force("designating", 2019, Inputs(enrolled=1_000), unit=unit)
    assert [_has_ch22_note(r) for r in reqs] == reached


def test_the_2019_note_is_not_given_in_another_year() -> None:
    (req,) = in_force("designating", 2020, Inputs(enrolled=1_000), unit="subdivision-outside-nyc")
    assert not _has_ch22_note(req)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--unit", "bogus", "--year", "2026", "--enrolled", "5"], "--unit 'bogus': unknown"),
        (["--unit", "assembly", "--year", "2026", "--enrolled", "-5"], "--enrolled: must not"),
        (["--petition", "independent", "--unit", "senate", "--year", "2026"], "--votes-for-gov"),
        (["--unit", "assembly", "--year", "2041", "--enrolled", "5"], "year 2041"),
        (["--unit", "assembly", "--contains", "bogus", "--enrolled", "5"], "unit 'bogus'"),
        (
            ["--office", "member-of-assembly", "--unit", "senate", "--year", "2026"],
            "--unit 'senate'",
        ),
    ],
)
def test_bad_input_is_one_line_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["signatures", *args])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err


def test_the_issues_command_lines_run_as_written() -> None:
    runner = CliRunner()
    out = runner.invoke(cli, ["signatures", "--office", "member-of-assembly", "--year", "2019",
                              "--enrolled", "30000", "--format", "json"])  # fmt: skip
    assert out.exit_code == 0, out.output
    body = json.loads(out.output)
    # 5% of 30,000 = 1,500; limit 500 in the city, 375 outside (L.2019 ch.17), both secondary.
    assert [r["number"] for r in body["requirements"]] == [500, 375]
    assert body["requirements"][1]["measures"] == ["L.2019 ch.17 (A.2570/S.2862)"]
    assert all(r["evidence"] for r in body["requirements"])
    out = runner.invoke(cli, ["signatures", "--petition", "independent", "--unit", "state",
                              "--year", "2026", "--votes-for-governor", "5900000"])  # fmt: skip
    assert out.exit_code == 0 and "45,000 signatures" in out.output  # 1% = 59,000 > 45,000


def test_next_years_assembly_petition_is_answered_under_the_law_in_force() -> None:
    # 2027, 30,000 enrolled: 5% = 1,500; "500 for an assembly district" (secondary): 500.
    runner = CliRunner()
    args = ["signatures", "--year", "2027", "--unit", "assembly", "--enrolled", "30000"]
    out = runner.invoke(cli, args)
    assert out.exit_code == 0, out.output
    first = out.output.splitlines()[0]
    assert first.startswith("Law: law in force in 2027") and "WHAT-IF" not in first
    assert "500 signatures" in out.output and "[secondary source]" in out.output
    body = json.loads(runner.invoke(cli, [*args, "--format", "json"]).output)
    assert (body["law"], body["what_if"], body["year"]) == ("law in force in 2027", False, 2027)
    assert body["requirements"][0]["number"] == 500
    assert body["requirements"][0]["evidence"].startswith("secondary: ")


def test_no_year_takes_the_next_general_election_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NYBALLOT_TODAY", "2026-12-01")
    out = CliRunner().invoke(cli, ["signatures", "--unit", "assembly", "--enrolled", "30000"])
    lines = out.output.splitlines()
    assert lines[0].startswith("Law: law in force in 2027")
    assert "no year given: 2027" in lines[1]


def test_a_what_if_is_marked_in_text_and_json() -> None:
    runner = CliRunner()
    args = ["signatures", "--office", "member-of-assembly", "--with", "S5305A",
            "--votes-for-governor", "41234"]  # fmt: skip
    out = runner.invoke(cli, args, env={"COLUMNS": "400"})  # the heading on one line
    assert "WHAT-IF" in out.output.splitlines()[0]
    body = json.loads(runner.invoke(cli, [*args, "--format", "json"]).output)
    assert body["what_if"] is True and body["requirements"][0]["what_if"] is True


@given(
    st.integers(1, 10**7), st.sampled_from(sorted(units_data()["units"])), st.integers(1993, 2040)
)
def test_the_number_never_exceeds_five_per_centum(enrolled: int, unit: str, year: int) -> None:
    # Every limit and measure only lowers the five per centum of § 6-136(2) (or (1)).
    for req in in_force("designating", year, Inputs(enrolled=enrolled), unit=unit):
        assert 1 <= req.number <= -(-enrolled * 5 // 100)


def test_library_errors_name_the_request_fields() -> None:
    with pytest.raises(UsageError, match=r"^unit 'x'"):
        in_force("designating", 2026, Inputs(enrolled=1), unit="x")
    with pytest.raises(OutOfCoverageError):
        in_force("designating", 2041, Inputs(enrolled=1), unit="assembly")


def test_secondary_evidence_is_marked_on_the_number() -> None:
    # 2021, an assembly district, 1,000,000 enrolled: 1.5% is 15,000; the limit of 500
    # (secondary) cut by 70% (secondary) to 150 (tests/golden/signatures/in_force.yaml).
    (req,) = in_force("designating", 2021, Inputs(enrolled=1_000_000), unit="assembly")
    assert req.number == 150
    assert req.evidence == (
        "secondary: current/6-136-caps-SECONDARY.txt; "
        "secondary: current/L2021-ch22-SECONDARY.txt (70% cut of every number)"
    )
