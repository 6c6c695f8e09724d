"""Invariants of the review, over petitions drawn from the hand-made voter file."""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from pathlib import Path

import duckdb
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from nyballot.law.choice import LawChoice
from nyballot.petitions.lines import read_lines
from nyballot.petitions.parse import (
    SUFFIXES,
    Name,
    _library_address,
    _library_name,
    parse_address,
    parse_name,
)
from nyballot.petitions.review import Request, review
from nyballot.voters.normal import norm, norm_sql, street_key, street_key_sql

DATA = Path(__file__).parent / "data"
# Signers who are valid on their own in the golden petition (name, address).
GOOD = [("Ana Ruiz", "40 Grand St"), ("Ravi Shah", "11 School St"),
        ("Omar Ali", "22 Mill Rd"), ("Nina Fox", "3 Lake St")]  # fmt: skip
WITNESS = ("Iris Grant", "30 Pearl St", "2026-03-31")
REQUEST = Request(year=2026, party="DEM", units=(("AD", "7"),), required=1, law=LawChoice())


def lines_csv(signers: list[tuple[str, str]]) -> bytes:
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["sheet", "line", "date", "name", "address", "witness_name", "witness_address",
                "witness_date"])  # fmt: skip
    for i, (name, address) in enumerate(signers):
        witness = list(WITNESS) if i == 0 else ["", "", ""]
        w.writerow([1, i + 1, "2026-03-02", name, address, *witness])
    return out.getvalue().encode()


@settings(max_examples=25)
@given(st.lists(st.sampled_from(GOOD), min_size=1, max_size=6, unique=True), st.data())
def test_a_line_copied_twice_is_a_duplicate(
    con: duckdb.DuckDBPyConnection, signers: list[tuple[str, str]], data: st.DataObject
) -> None:
    copied = data.draw(st.sampled_from(signers))
    petition = read_lines(lines_csv([*signers, copied]), "lines.csv")
    lines = review(con, petition, REQUEST)["lines"]
    assert [r["code"] for r in lines[-1]["reasons"]] == ["duplicate_same_petition"]
    assert all(x["valid"] for x in lines[:-1])


@settings(max_examples=15)
@given(st.sampled_from(GOOD), st.sampled_from(["8", "9", "65"]))
def test_a_signer_moved_out_of_the_unit_is_outside_it(
    con: duckdb.DuckDBPyConnection, signer: tuple[str, str], district: str
) -> None:
    petition = read_lines(lines_csv([signer]), "lines.csv")
    inside = review(con, petition, REQUEST)["lines"][0]
    moved = Request(year=2026, party="DEM", units=(("AD", district),), required=1)
    outside = review(con, petition, moved)["lines"][0]
    assert inside["valid"]
    assert [r["code"] for r in outside["reasons"]] == ["outside_unit"]


WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJ", min_size=2, max_size=9)


@given(WORD, WORD, st.one_of(st.just(""), st.sampled_from("ABCDE")))
@example(first="Dr", last="AA", middle="")  # a title: found by this test
@example(first="AA", last="Ix", middle="")  # a roman numeral read as a suffix: found by this test
@example(first="AA", last="II", middle="A")  # a generation after an initial: found by this test
def test_plain_names_read_as_nameparser_reads_them(first: str, last: str, middle: str) -> None:
    text = " ".join(w for w in (first, middle, last) if w)
    if middle and SUFFIXES.get(norm(last), "") not in ("", "I", "V"):
        # "Karen A Senior": an initial cannot be a surname, so the last word is the surname
        # (nameparser reads it as a generation and leaves the initial as the surname).
        assert parse_name(text) == Name(norm(first), norm(middle), norm(last))
        return
    assert parse_name(text) == _library_name(text)


@given(
    st.integers(1, 9999),
    st.sampled_from(
        ["Grand St", "W 4th St", "Park Avenue", "Maple Ave", "West End Ave", "Mill Rd"]
    ),
)
def test_plain_addresses_read_as_usaddress_reads_them(house: int, street: str) -> None:
    text = f"{house} {street}"
    assert parse_address(text) == _library_address(text)


@given(st.text(alphabet="aeiouÑñéÉ-' .ABCwxyz0123456789", max_size=20))
def test_the_match_keys_are_the_same_in_python_and_sql(
    memory: duckdb.DuckDBPyConnection, text: str
) -> None:
    sql = f"SELECT {norm_sql('x')}, {street_key_sql(norm_sql('x'))} FROM (SELECT ? AS x)"
    row = memory.execute(sql, [text]).fetchone()
    assert row == (norm(text), street_key(norm(text)))


def _norm_by_definition(text: str) -> str:
    """Decomposed, combining marks dropped, upper case, only letters, digits and single
    spaces (the key's definition, written out with regular expressions)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return re.sub(" +", " ", re.sub("[^A-Z0-9 ]", "", plain.upper())).strip()


@given(st.text(max_size=30))
@example(text="ǅ ß\tı ﬀ  ñ")  # a titlecase digraph, ß, a tab, dotless i, a ligature, an accent
def test_a_key_is_what_its_definition_says(text: str) -> None:
    assert norm(text) == _norm_by_definition(text)


@pytest.mark.parametrize("size", [1, 3, 8])
def test_lines_ruled_in_batches_are_ruled_as_one(
    con: duckdb.DuckDBPyConnection, monkeypatch: pytest.MonkeyPatch, size: int
) -> None:
    # The golden petition's 2 witnesses and 13 lines are looked up in batches, the first a
    # quarter of the size: of 1, every lookup alone (the duplicate, sheet 1 lines 9 and 10, in
    # two batches); of 3, the first witness alone, the second with the first two lines, and
    # the sheets' lines in different batches; of 8, the two witnesses, then 8 lines and 5.
    petition = read_lines((DATA / "lines.csv").read_bytes(), "lines.csv")
    whole = review(con, petition, REQUEST)
    monkeypatch.setattr("nyballot.petitions.review.BATCH", size)
    assert review(con, petition, REQUEST) == whole


def test_the_first_lookup_is_a_quarter_batch_and_every_query_is_in_one() -> None:
    # 1,100,000 queries (a million lines and 100,000 witnesses) in batches of 100,000: 25,000
    # first, then ten of 100,000 (to 1,025,000) and the 75,000 left; none when there are none.
    from nyballot.petitions.review import _batches

    found = _batches(1_100_000, 100_000)
    assert found[0] == range(0, 25_000)
    assert found[1] == range(25_000, 125_000)
    assert found[-1] == range(1_025_000, 1_100_000)
    assert len(found) == 12
    assert [n for batch in found for n in batch] == list(range(1_100_000))
    assert _batches(0, 100_000) == []
    assert _batches(10, 100_000) == [range(0, 10)]
