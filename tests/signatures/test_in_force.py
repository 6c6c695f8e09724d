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
from nyballot.law.texts import quote_found
from nyballot.signatures import Inputs
from nyballot.signatures.in_force import data, in_force


def _quotes() -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []

    def walk(node: Any, source: str) -> None:
        if isinstance(node, dict):
            source = node.get("source", source)
            if "law" in node:
                found.append((source, node["law"]))
            for key in ("spread",):
                if key in node:
                    found.append((source, node[key]))
            if "secondary_law" in node:
                found.append((node["secondary_source"], node["secondary_law"]))
            for value in node.values():
                walk(value, source)
        elif isinstance(node, list):
            for value in node:
                walk(value, source)

    table = data()
    for key in ("designating", "independent", "otb"):
        walk(table[key], table[key].get("source", "current/6-136.txt"))
    walk(table["measures"], "")
    return found


@pytest.mark.parametrize("quote", _quotes(), ids=lambda q: f"{q[0]}:{q[1][:30]}")
def test_every_quotation_is_in_its_shipped_text(quote: tuple[str, str]) -> None:
    source, words = quote
    assert quote_found(source, words), f"{source}: {words[:60]}"


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


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--unit", "bogus", "--year", "2026", "--enrolled", "5"], "--unit 'bogus': unknown"),
        (["--unit", "assembly", "--year", "2026", "--enrolled", "-5"], "--enrolled: must not"),
        (["--petition", "independent", "--unit", "senate", "--year", "2026"], "--votes-for-gov"),
        (["--unit", "assembly", "--year", "2018", "--enrolled", "5"], "year 2018"),
        (["--unit", "assembly", "--year", "2026", "--law", "current"], "--law: not with --year"),
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
    assert body["requirements"][1]["measures"] == ["L.2019 ch.17"]
    assert all(r["evidence"] for r in body["requirements"])
    out = runner.invoke(cli, ["signatures", "--petition", "independent", "--unit", "state",
                              "--year", "2026", "--votes-for-governor", "5900000"])  # fmt: skip
    assert out.exit_code == 0 and "45,000 signatures" in out.output  # 1% = 59,000 > 45,000


@given(st.integers(1, 10**7), st.sampled_from(sorted(data()["units"])), st.integers(2019, 2026))
def test_the_number_never_exceeds_five_per_centum(enrolled: int, unit: str, year: int) -> None:
    # Every limit and measure only lowers the five per centum of § 6-136(2) (or (1)).
    for req in in_force("designating", year, Inputs(enrolled=enrolled), unit=unit):
        assert 1 <= req.number <= -(-enrolled * 5 // 100)


def test_library_errors_name_the_request_fields() -> None:
    with pytest.raises(UsageError, match=r"^unit 'x'"):
        in_force("designating", 2026, Inputs(enrolled=1), unit="x")
    with pytest.raises(OutOfCoverageError):
        in_force("designating", 2030, Inputs(enrolled=1), unit="assembly")


def test_secondary_evidence_is_written_as_the_law_data_write_it() -> None:
    # One convention (rules, provisions, this table): evidence: secondary, the source named in
    # evidence_source; outputs then mark the number "secondary: <source>".
    marked: list[dict[str, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "evidence" in node or "evidence_source" in node:
                marked.append(node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(data())
    assert len(marked) == 5  # the three limits of the caps file, L.2021 ch.22, A.4686 of 2021
    assert all(n["evidence"] == "secondary" and n["evidence_source"] for n in marked)
    # 2021, an assembly district, 1,000,000 enrolled: 1.5% is 15,000; the limit of 500
    # (secondary) cut by 70% (secondary) to 150 (tests/golden/signatures/in_force.yaml).
    (req,) = in_force("designating", 2021, Inputs(enrolled=1_000_000), unit="assembly")
    assert req.number == 150
    assert req.evidence == (
        "secondary: current/6-136-caps-SECONDARY.txt; "
        "secondary: current/L2021-ch22-SECONDARY.txt (70% cut of every number)"
    )
