"""The command line: review as JSON, text and HTML; specifications as HTML and PDF, filed
through the desk; bad input in one line."""

from __future__ import annotations

import gc
import json
from collections.abc import Callable
from pathlib import Path

from nyballot.filing.desk import Desk, Submission
from nyballot.petitions import kept
from nyballot.petitions.lines import read_lines
from nyballot.petitions.review import Request, parse_units, review
from nyballot.voters.store import opened

from .conftest import BOARD, LATE
from .papers import objection_in_book

Run = Callable[..., tuple[int, str, str]]
DATA = Path(__file__).parent / "data"
ARGS = ["--year", "2026", "--party", "DEM", "--unit", "COUNTYCODE=60", "--unit", "AD=7",
        "--enrolled", "40"]  # fmt: skip


def test_review_as_json_follows_the_contract(run_cli: Run, golden_store: Path) -> None:
    code, out, err = run_cli("petitions", "review", str(DATA / "lines.csv"), *ARGS,
                             "--db", str(golden_store), "--format", "json")  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    # Without the rival petition, sheet 1 line 11 (Sofia Rossi) counts: 4 valid.
    assert (data["tally"]["valid"], data["tally"]["required"]) == (4, 2)
    assert data["lines"][2]["reasons"][0]["code"] == "wrong_party"


def test_a_kept_review_is_found_by_its_id(run_cli: Run, store: Path) -> None:
    code, _, err = run_cli("petitions", "review", str(DATA / "lines.csv"), *ARGS,
                           "--db", str(store), "--keep")  # fmt: skip
    assert code == 0
    uid = err.split("review ")[1].split(":")[0]
    with opened(str(store)) as con:
        assert kept.get(con, uid)["tally"]["valid"] == 4


def test_review_as_the_clerks_worksheet(run_cli: Run, golden_store: Path) -> None:
    code, out, _ = run_cli("petitions", "review", str(DATA / "lines.csv"), *ARGS,
                           "--db", str(golden_store), "--format", "html")  # fmt: skip
    assert code == 0
    assert "prima facie sufficient" in out
    assert 'id="s1-l3"' in out and "wrong_party" in out


def test_specifications_as_html_and_pdf(run_cli: Run, golden_store: Path) -> None:
    code, out, _ = run_cli("petitions", "specifications", str(DATA / "lines.csv"), *ARGS,
                           "--db", str(golden_store), "--format", "html")  # fmt: skip
    assert code == 0
    # 9 challenged lines, by volume and page: 8 on sheet 1, 1 on sheet 2 (one volume).
    assert "Total number of signatures objected to: 9." in out
    assert "Volume 1, page (sheet) 1" in out and "Volume 1, page (sheet) 2" in out
    assert "<td>1</td><td>1</td><td>3</td>" in out and "WP" in out  # volume, page, line
    assert "Rulings rest on the voter file of 2026-01-05." in out
    code, out, _ = run_cli("petitions", "specifications", str(DATA / "lines.csv"), *ARGS,
                           "--db", str(golden_store))  # fmt: skip
    assert code == 0
    assert out.startswith("%PDF-")


def test_specifications_are_filed_through_the_desk(
    run_cli: Run, golden_store: Path, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'desk.sqlite3'}"
    objection = objection_in_book(url)
    code, _, err = run_cli(
        "petitions", "specifications", str(DATA / "lines.csv"), *ARGS, "--db",
        str(golden_store), "--format", "html", "--file", objection, "--board",
        "westchester", "--received", "2026-04-06T10:00-04:00", "--late-entry", LATE,
        "--desk-db", url,
    )  # fmt: skip
    assert code == 0, err
    assert "specifications filed" in err
    kinds = [r["kind"] for r in Desk(url).records()]
    assert kinds == ["designating_petition", "objection", "specifications"]
    assert "9 signatures objected to" in Desk(url).records()[-1]["note"]


def test_a_rival_petition_in_the_book_makes_a_duplicate(
    run_cli: Run, store: Path, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'desk.sqlite3'}"
    desk = Desk(url)
    filed = [desk.submit(Submission(kind="designating_petition", board="westchester",
                         year=2026, received=f"2026-04-0{day}T10:00-04:00", late_entry=LATE,
                         candidates=[{"name": "Ana Ruiz"}],
                         office="Member of Assembly", party="DEM"), BOARD)[0]["uid"]
             for day in (1, 2)]  # fmt: skip
    rival = tmp_path / "rival.csv"
    rival.write_text("sheet,line,date,name,address,witness_name,witness_address,witness_date\n"
                     "1,1,2026-03-01,Sofia Rossi,16 Church St,Iris Grant,30 Pearl St,"
                     "2026-03-15\n")  # fmt: skip
    common = [*ARGS, "--db", str(store), "--desk-db", url, "--format", "json"]
    assert run_cli("petitions", "review", str(rival), *common, "--petition", filed[0])[0] == 0
    code, out, _ = run_cli("petitions", "review", str(DATA / "lines.csv"), *common,
                           "--petition", filed[1])  # fmt: skip
    assert code == 0
    rossi = json.loads(out)["lines"][10]
    assert [r["code"] for r in rossi["reasons"]] == ["duplicate_other_petition"]
    assert filed[0] in rossi["reasons"][0]["detail"]


def test_bad_input_is_one_line_and_exit_2(run_cli: Run, golden_store: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("sheet,line,date,name,address,colour\n")
    cases = [
        [str(bad), *ARGS],
        [str(DATA / "lines.csv"), *ARGS, "--unit", "PRECINCT=4"],
        [str(DATA / "lines.csv"), "--year", "2026"],  # a designating petition needs --party
        [str(tmp_path / "none.csv"), *ARGS],
    ]
    for args in cases:
        code, _, err = run_cli("petitions", "review", *args, "--db", str(golden_store))
        assert code == 2, err
        assert err.count("\n") == 1 and "Traceback" not in err, err
    code, _, err = run_cli("petitions", "review", str(DATA / "lines.csv"), *ARGS,
                           "--db", str(tmp_path / "empty.duckdb"))  # fmt: skip
    assert code == 2 and "no voter file imported" in err


def test_a_review_under_a_bill_says_what_if(run_cli: Run, golden_store: Path) -> None:
    code, out, err = run_cli("petitions", "review", str(DATA / "lines.csv"), "--year", "2016",
                             "--party", "DEM", "--with", "S5961", "--required", "1", "--db",
                             str(golden_store), "--format", "json")  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    assert data["what_if"] == ["S5961"]
    assert "What-if: read under S5961, which is not law." in data["notes"]


def test_the_review_written_line_by_line_is_the_review_as_one(
    run_cli: Run, golden_store: Path
) -> None:
    # The command line writes each line as it is ruled; the JSON and the text are what the
    # whole review, built at once, gives (the JSON byte for byte as ``dumps`` writes it).
    from nyballot.cli.terminal import fit
    from nyballot.export.json import dumps
    from nyballot.petitions.report import text

    request = Request(year=2026, party="DEM", units=parse_units(["COUNTYCODE=60", "AD=7"]),
                      enrolled=40)  # fmt: skip
    petition = read_lines((DATA / "lines.csv").read_bytes(), str(DATA / "lines.csv"))
    with opened(str(golden_store)) as con:
        whole = review(con, petition, request)
    # (the text fitted to the terminal's width, as every text output is)
    for fmt, expected in (("json", dumps(whole)), ("text", fit(text(whole)))):
        code, out, err = run_cli("petitions", "review", str(DATA / "lines.csv"), *ARGS,
                                 "--db", str(golden_store), "--format", fmt)  # fmt: skip
        assert code == 0, err
        assert out == expected
        assert gc.isenabled()  # the cycle collector is off only while the review runs


INDEPENDENT = ["--year", "2026", "--kind", "independent", "--unit", "COUNTYCODE=60",
               "--unit", "AD=7"]  # fmt: skip


def test_an_independent_petition_counts_the_votes_for_governor(
    run_cli: Run, golden_store: Path
) -> None:
    # § 6-142(2): 5% of 12,345 votes = 617.25, rounded up to a whole signer: 618; the assembly
    # limit (1,500, words carried forward from the old law) does not bind.
    code, out, err = run_cli("petitions", "review", str(DATA / "lines.csv"), *INDEPENDENT,
                             "--governor-votes", "12345", "--db", str(golden_store),
                             "--format", "json")  # fmt: skip
    assert code == 0, err
    tally = json.loads(out)["tally"]
    assert (tally["required"], tally["sufficient"]) == (618, False)
    source = tally["required_from"]
    assert (source["cite"], source["governor_votes"], source["source"]) == (
        "6-142(2)", 12_345, "given (governor votes)"
    )  # fmt: skip
    code, out, _ = run_cli("petitions", "review", str(DATA / "lines.csv"), *INDEPENDENT,
                           "--governor-votes", "12345", "--db", str(golden_store))  # fmt: skip
    assert "Required: 618 under § 6-142(2) [text unverified]; as nyballot signatures" in out


def test_an_independent_petition_without_the_votes_has_no_number(
    run_cli: Run, golden_store: Path
) -> None:
    # Enrolled voters are not what § 6-142 counts: no number, no finding, and the flag named.
    for fmt in ("json", "text", "html"):
        code, out, err = run_cli("petitions", "review", str(DATA / "lines.csv"), *INDEPENDENT,
                                 "--enrolled", "2000", "--db", str(golden_store),
                                 "--format", fmt)  # fmt: skip
        assert code == 0, err
        assert "give governor_votes (votes for governor in the unit" in " ".join(out.split())
        assert "None" not in out
        if fmt == "json":
            tally = json.loads(out)["tally"]
            assert (tally["required"], tally["sufficient"]) == (None, None)
            assert tally["required_from"]["enrolled"] == 2000
        else:
            assert "no number required given:" in out and "sufficiency not ruled" in out
    code, out, _ = run_cli("petitions", "specifications", str(DATA / "lines.csv"), *INDEPENDENT,
                           "--db", str(golden_store), "--format", "html")  # fmt: skip
    assert code == 0
    assert "required: not given." in out


def test_bad_votes_for_governor_are_one_line(run_cli: Run, golden_store: Path) -> None:
    for value, said in (("-5", "--governor-votes -5: expected 0 or more"),
                        ("many", "'many' is not a valid integer")):  # fmt: skip
        code, _, err = run_cli("petitions", "review", str(DATA / "lines.csv"), *INDEPENDENT,
                               "--governor-votes", value, "--db", str(golden_store))  # fmt: skip
        assert code == 2, err
        assert err.count("\n") == 1 and said in err and "Traceback" not in err, err
