"""Requests a demanding user makes that must be refused or answered without a false finding:
nothing filed when the document cannot be written, no number from no voters, every mark a
ruling carries shown in the text report too."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest

from nyballot.filing.desk import Desk

from .papers import objection_in_book

Run = Callable[..., tuple[int, str, str]]
DATA = Path(__file__).parent / "data"
ARGS = ["--year", "2026", "--party", "DEM", "--unit", "COUNTYCODE=60", "--unit", "AD=7",
        "--enrolled", "40"]  # fmt: skip


def test_specifications_are_not_filed_when_their_document_cannot_be_written(
    run_cli: Run, golden_store: Path, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'desk.sqlite3'}"
    objection = objection_in_book(url)
    filing = ["--file", objection, "--board", "westchester", "--desk-db", url]
    code, _, err = run_cli("petitions", "specifications", str(DATA / "lines.csv"), *ARGS,
                           "--db", str(golden_store), *filing,
                           "-o", str(tmp_path / "no-such-folder" / "specs.pdf"))  # fmt: skip
    assert code == 2 and err.count("\n") == 1 and "no-such-folder" in err, err
    assert [r["kind"] for r in Desk(url).records()] == ["designating_petition", "objection"]
    # Refused at the desk (an objection it does not hold): no document is left behind either.
    written = tmp_path / "specs.pdf"
    code, _, err = run_cli("petitions", "specifications", str(DATA / "lines.csv"), *ARGS,
                           "--db", str(golden_store), "--file", "no-such-uid", "--board",
                           "westchester", "--desk-db", url, "-o", str(written))  # fmt: skip
    assert code == 2 and "no-such-uid" in err, err
    assert not written.exists()
    # Written and filed, once.
    code, _, err = run_cli("petitions", "specifications", str(DATA / "lines.csv"), *ARGS,
                           "--db", str(golden_store), *filing, "-o", str(written))  # fmt: skip
    assert code == 0, err
    assert written.read_bytes().startswith(b"%PDF-")
    assert [r["kind"] for r in Desk(url).records()][-1] == "specifications"


def test_no_enrolled_voter_gives_no_number_and_no_finding(run_cli: Run, golden_store: Path) -> None:
    # The golden file's 13 voters are enrolled DEM, REP or in no party: none in 'WFP', so the
    # count from the file is 0, and 5% of 0 may not make a petition of no valid line sufficient.
    for asked in (["--party", "WFP"], ["--party", "DEM", "--enrolled", "0"]):
        code, out, err = run_cli("petitions", "review", str(DATA / "lines.csv"), "--year",
                                 "2026", "--unit", "COUNTYCODE=60", *asked, "--db",
                                 str(golden_store), "--format", "json")  # fmt: skip
        assert code == 0, err
        tally = json.loads(out)["tally"]
        assert (tally["required"], tally["sufficient"]) == (None, None), asked
        assert "check party and unit" in tally["required_from"]["note"]
    code, out, _ = run_cli("petitions", "review", str(DATA / "lines.csv"), "--year", "2026",
                           "--party", "WFP", "--db", str(golden_store))  # fmt: skip
    assert "no number required given: sufficiency not ruled" in out
    assert "prima facie sufficient" not in out
    # An independent petition in a unit that cast no vote for governor: no number either.
    code, out, _ = run_cli("petitions", "review", str(DATA / "lines.csv"), "--year", "2026",
                           "--kind", "independent", "--unit", "AD=7", "--governor-votes", "0",
                           "--db", str(golden_store), "--format", "json")  # fmt: skip
    assert code == 0
    assert json.loads(out)["tally"]["sufficient"] is None


def test_the_text_report_marks_words_carried_forward(run_cli: Run, golden_store: Path) -> None:
    common = [str(DATA / "lines.csv"), *ARGS, "--db", str(golden_store)]
    code, out, _ = run_cli("petitions", "review", *common, "--format", "json")
    assert code == 0
    marked = [
        f"sheet {x['sheet']} line {x['line']}: {why['code']} [§ {why['cite']}, text unverified]"
        for x in json.loads(out)["lines"]
        for why in x["reasons"]
        if why.get("text_unverified")
    ]
    assert marked  # § 6-132(2)'s witness grounds carry the 2006 words forward
    code, text, _ = run_cli("petitions", "review", *common)
    assert code == 0
    for line in marked:
        assert line in text, line


def test_the_filing_named_must_be_a_petition_of_the_kind_and_year_reviewed(
    run_cli: Run, store: Path, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'desk.sqlite3'}"
    objection = objection_in_book(url)  # refers to the designating petition of 2026
    petition = Desk(url).records()[0]["uid"]
    # A review in the book writes its signers: a copy of the store, opened for writing.
    common = [str(DATA / "lines.csv"), "--unit", "AD=7", "--enrolled", "40", "--db",
              str(store), "--desk-db", url]  # fmt: skip
    cases = [
        (["--year", "2026", "--party", "DEM", "--petition", objection],
         "the book holds a paper of kind 'objection' for 2026, not kind 'designating_petition'"),
        (["--year", "2027", "--party", "DEM", "--petition", petition],
         "kind 'designating_petition' for 2026, not kind 'designating_petition' for 2027"),
        (["--year", "2026", "--kind", "independent", "--required", "1", "--petition", petition],
         "not kind 'independent_petition' for 2026"),
    ]  # fmt: skip
    for asked, said in cases:
        code, _, err = run_cli("petitions", "review", *common, *asked)
        assert code == 2 and err.count("\n") == 1, err
        assert err.startswith("nyballot: error: --petition ") and said in err, err
    code, _, err = run_cli("petitions", "review", *common, "--year", "2026", "--party", "DEM",
                           "--petition", petition)  # fmt: skip
    assert code == 0, err


def test_a_unit_field_given_twice_is_refused(run_cli: Run, golden_store: Path) -> None:
    # Two assembly districts at once match no voter: every line would be outside the unit, and
    # the JSON's "unit" (one value a field) would show only the second.
    code, out, err = run_cli("petitions", "review", str(DATA / "lines.csv"), "--year", "2026",
                             "--party", "DEM", "--unit", "AD=7", "--unit", "ad=8", "--db",
                             str(golden_store))  # fmt: skip
    assert (code, out) == (2, "")
    assert err == "nyballot: error: --unit AD: given twice; give each field once\n"


def test_signers_and_the_kept_review_are_written_together_or_not_at_all(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from nyballot.petitions import book, kept
    from nyballot.voters.store import connect

    result = {
        "lines": [{"sheet": 1, "line": 1, "date": "2026-03-01", "voter": {"SBOEID": "NY1"}}],
        "petition": {"in_book": {"uid": "P1", "board": "westchester", "rivals": []}},
    }

    def full(*_: object) -> str:
        raise duckdb.IOException("disk full")

    monkeypatch.setattr(kept, "keep", full)
    con = connect(store)
    try:
        with pytest.raises(duckdb.IOException):
            book.record_review(con, result, "P1", keep=True)
        # The signers written before the review failed were rolled back with it.
        assert con.execute("SELECT count(*) FROM petition_signers").fetchone() == (0,)
        assert con.execute("SELECT count(*) FROM reviews").fetchone() == (0,)
        assert book.record_review(con, result, "P1", keep=False) is None
        assert con.execute("SELECT count(*) FROM petition_signers").fetchone() == (1,)
    finally:
        con.close()


def test_the_signing_period_says_when_its_words_are_carried_forward(
    run_cli: Run, golden_store: Path
) -> None:
    common = [str(DATA / "lines.csv"), "--party", "DEM", "--required", "1", "--db",
              str(golden_store)]  # fmt: skip
    # 2026's period rests on § 6-134(4-a), whose enacting chapter was not found: A.6774's words.
    code, html, _ = run_cli("petitions", "review", *common, "--year", "2026", "--format", "html")
    assert code == 0 and "(§ 6-134(4-a), text unverified) to 2026-04-02" in html
    code, out, _ = run_cli("petitions", "review", *common, "--year", "2026", "--format", "json")
    assert "A.6774" in json.loads(out)["period"]["opens_unverified"]
    # 2025's bounds are the statute's own words: nothing to mark.
    code, out, _ = run_cli("petitions", "review", *common, "--year", "2025", "--format", "json")
    period = json.loads(out)["period"]
    assert (period["opens_unverified"], period["closes_unverified"]) == ("", "")
