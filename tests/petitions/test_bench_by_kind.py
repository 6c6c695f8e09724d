"""bench_matching's table by kind: recall, precision, ambiguous lines and lines given a wrong
voter, counted per kind as ``scored`` counts them over all the lines (hand-counted below)."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import Any

from nyballot.petitions.match import Match

from .benchmark_module import ROOT, load

bench = load("bench_matching")


def voter(sboeid: str, **fields: Any) -> dict[str, Any]:
    return {"SBOEID": sboeid, "STATUS": "A", "ENROLLMENT": "DEM", "AD": "1",
            "regdate_on": None, "purge_date_on": None, **fields}  # fmt: skip


def test_each_kind_is_counted_apart_and_all_together() -> None:
    line = bench.Line
    lines = [
        line("a", "1 Main St", "NY1", True, "exact"),  # found: right
        line("b", "2 Main St", "NY2", True, "exact"),  # not found
        line("c", "3 Main St", "NY3", True, "spaced"),  # given NY9, which differs in 2 parts
        line("d", "4 Main St", "NY4", True, "spaced"),  # ambiguous: NY4 and a purged NY8
        line("e", "5 Main St", None, False, "moved"),  # given NY7: differs in 1 part
        line("f", "6 Main St", "NY6", False, "other party"),  # found right, may not sign
    ]
    found = [
        Match(voter("NY1"), 1.0),
        None,
        Match(voter("NY9"), 0.9, differed=["first name: x", "apartment: y"]),
        Match(voter("NY4"), 0.9, rivals=[Match(voter("NY8", STATUS="P"), 0.9)]),
        Match(voter("NY7"), 0.9, differed=["middle name: z"]),
        Match(voter("NY6", ENROLLMENT="REP"), 1.0),
    ]
    rows = {r["kind"]: r for r in bench.by_kind(lines, found, bench._rules())}
    # exact: 1 of 2 valid signers found and ruled valid; 1 ruled valid, right.
    assert (rows["exact"]["recall"], rows["exact"]["precision"]) == (0.5, 1.0)
    # spaced: NY3's line went to NY9 (ruled valid, wrong); NY4's is ambiguous between NY4, who
    # may sign, and NY8, purged, who may not: counted under the default reading (presumed,
    # § 6-154(1)), and right (NY4 signed): recall 1 of 2, precision 1 of 2.
    spaced = rows["spaced"]
    assert (spaced["recall"], spaced["ruled_valid"], spaced["precision"]) == (0.5, 2, 0.5)
    assert (spaced["ambiguous"], spaced["wrong"], spaced["wrong_two"]) == (1, 1, 1)
    # Under the either reading NY4's line is not valid whichever signed: 0 of 2, 0 of 1.
    either = replace(bench._rules(), reading="either")
    spaced = {r["kind"]: r for r in bench.by_kind(lines, found, either)}["spaced"]
    assert (spaced["recall"], spaced["ruled_valid"], spaced["precision"]) == (0.0, 1, 0.0)
    # moved: no valid signer, given NY7 (a wrong voter, one part differing), ruled valid.
    moved = rows["moved"]
    assert math.isnan(moved["recall"]) and (moved["wrong"], moved["wrong_two"]) == (1, 0)
    # another party: found, but ruled not valid (may_sign): nothing ruled valid.
    assert (rows["other party"]["ruled_valid"], rows["other party"]["wrong"]) == (0, 0)
    # all: 2 right of 4 valid signers (NY1, NY4); 4 ruled valid (NY1, NY9, NY4's line, NY7).
    assert (rows["all"]["recall"], rows["all"]["ruled_valid"]) == (0.5, 4)
    assert rows["all"]["precision"] == 2 / 4 and rows["all"]["wrong"] == 2
    # The weakest recall first, the kinds without a valid signer after, "all" last.
    assert [r["kind"] for r in bench.by_kind(lines, found, bench._rules())] == [
        "spaced", "exact", "moved", "other party", "all",
    ]  # fmt: skip


def test_the_markdown_table_has_a_row_a_kind() -> None:
    rows = [{"kind": "exact", "lines": 2, "valid": 2, "recall": 0.5, "ruled_valid": 1,
             "precision": 1.0, "ambiguous": 0, "wrong": 0, "wrong_two": 0},
            {"kind": "moved", "lines": 1, "valid": 0, "recall": math.nan, "ruled_valid": 0,
             "precision": 1.0, "ambiguous": 0, "wrong": 0, "wrong_two": 0}]  # fmt: skip
    lines = bench.table(rows).splitlines()
    assert lines[2] == "| exact | 2 | 2 | 50.00% | 1 | 100.00% | 0 | 0 | 0 |"
    assert lines[3] == "| moved | 1 | 0 | - | 0 | - | 0 | 0 | 0 |"


def test_the_tables_go_between_the_marks_of_each_page_and_replace_the_last_ones(
    tmp_path: Path,
) -> None:
    for name in bench.DOCS:
        page = tmp_path / name
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(f"before\n{bench.BEGIN}\nold table\n{bench.END}\nafter\n", encoding="utf-8")
    bench.into_docs("### new\n\n| a |\n", tmp_path)
    for name in bench.DOCS:
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert text == f"before\n{bench.BEGIN}\n\n### new\n\n| a |\n\n{bench.END}\nafter\n"


def test_both_pages_of_the_checkout_hold_the_marks() -> None:
    for name in bench.DOCS:
        text = (ROOT / name).read_text(encoding="utf-8")
        assert text.index(bench.BEGIN) < text.index(bench.END), name
