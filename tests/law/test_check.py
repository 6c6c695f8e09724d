"""``nyballot law check`` checks every provision's quotation against its shipped text and every
provision's declared type against the type its stage's reader reads it as."""

from __future__ import annotations

from dataclasses import replace

from click.testing import CliRunner

from nyballot.cli import cli
from nyballot.law.checks import check_types, check_version, provisions_of
from nyballot.law.loader import load_law


def test_the_shipped_law_passes_every_check() -> None:
    result = CliRunner().invoke(cli, ["law", "check"])
    assert result.exit_code == 0, result.output


def test_a_provision_declared_another_type_than_its_reader_reads_fails() -> None:
    seats = next(p for p in provisions_of(load_law(), "S5961") if p.id.endswith("district.seats"))
    wrong = replace(seats, type="text")
    (problem,) = check_types([wrong], {seats.id: "count"})
    assert problem.fatal
    assert (
        "delegates.district.seats (2-122-b(2)): declared text, but read as count" in problem.message
    )


def test_a_quotation_not_in_its_text_or_from_no_text_fails() -> None:
    version = load_law().versions["current"]
    item = next(p for p in version.provisions.values() if p.law and p.source)
    misquoted = replace(item, law=("words the statute never says",))
    unsourced = replace(item, source=None)
    for bad, what in ((misquoted, "quotation not found in"), (unsourced, "from no shipped text")):
        changed = replace(version, provisions={**version.provisions, item.id: bad})
        problems = [p for p in check_version(changed) if item.id in p.message]
        assert [p.fatal for p in problems] == [True] and what in problems[0].message


def test_ballot_and_signature_readers_declare_the_types_they_read() -> None:
    from nyballot.law.checks import read_as_types

    read_as = read_as_types()
    # § 7-104(2): "more than fifteen letters", read as a count; § 7-114(1)(a)'s order as a list;
    # § 6-164's flag and § 6-138(1)'s words.
    assert read_as["ballot.names.shorten_over_15"] == "count"
    assert read_as["ballot.contest_order"] == "list"
    assert read_as["signatures.otb.same_as_designating"] == "flag"
    assert read_as["signatures.independent.who_may_sign"] == "text"
    shorten = load_law().versions["current"].provisions["ballot.names.shorten_over_15"]
    (problem,) = check_types([replace(shorten, type="text")], read_as)
    assert problem.fatal and "declared text, but read as count" in problem.message
