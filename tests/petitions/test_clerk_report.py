"""The clerk's report of a kept review: per volume and sheet, counted by hand from the golden
petition (tests/petitions/test_golden.py), and the CSV adds up to the tally."""

from __future__ import annotations

import csv
import io
import subprocess
from pathlib import Path

from nyballot.petitions import kept
from nyballot.voters.store import opened

from .test_cli import ARGS, DATA, Run


def _kept_with_overrides(run_cli: Run, store: Path) -> str:
    code, _, err = run_cli("petitions", "review", str(DATA / "lines.csv"), *ARGS,
                           "--db", str(store), "--keep")  # fmt: skip
    assert code == 0, err
    uid = err.split("review ")[1].split(":")[0]
    with opened(str(store), read_only=False) as con:
        kept.override(con, uid, 1, 3, True, "enrolled DEM on the day signed", "Iris")
        kept.override(con, uid, 1, 1, False, "signature not the voter's", "Iris")
    return uid


def test_the_report_counts_each_sheet_as_counted_by_hand(run_cli: Run, store: Path) -> None:
    uid = _kept_with_overrides(run_cli, store)
    code, out, err = run_cli("petitions", "report", uid, "--db", str(store), "--format", "csv")
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    sheet1, sheet2, total = rows
    # Sheet 1: 12 lines; as reviewed 4 valid (lines 1, 2, 9, 11: no rival petition here) and
    # 8 objected to; the clerk overrules line 3 (wrong_party) and strikes line 1: 4 valid,
    # 8 invalid, the 8 objected to are 7 sustained and 1 overruled.
    assert {k: sheet1[k] for k in ("lines", "valid", "invalid", "objected", "sustained",
                                   "overruled", "running_valid")} == {
        "lines": "12", "valid": "4", "invalid": "8", "objected": "8", "sustained": "7",
        "overruled": "1", "running_valid": "4",
    }  # fmt: skip
    assert "ruled invalid by the clerk 1" in sheet1["invalid_by_reason"]
    assert "wrong_party" not in sheet1["invalid_by_reason"]
    # Sheet 2: Emily Peña, struck with her sheet's witness (REP).
    assert (sheet2["lines"], sheet2["valid"], sheet2["running_valid"]) == ("1", "0", "4")
    # The total row is the sum of the sheets, and the tally after the clerk's rulings.
    for key in ("lines", "valid", "invalid", "objected", "sustained", "overruled"):
        assert int(total[key]) == int(sheet1[key]) + int(sheet2[key])
    with opened(str(store)) as con:
        assert int(total["valid"]) == kept.get(con, uid)["tally_after_overrides"]["valid"] == 4


def test_the_report_as_text_names_every_override_and_as_pdf_prints(
    run_cli: Run, store: Path, tmp_path: Path
) -> None:
    uid = _kept_with_overrides(run_cli, store)
    code, out, _ = run_cli("petitions", "report", uid, "--db", str(store))
    assert code == 0
    assert "sheet 1: 12 lines, 4 valid, 8 invalid" in out
    assert "override: sheet 1 line 3 ruled valid by Iris at " in out
    assert out.rstrip().endswith("signature not the voter's")
    pdf = tmp_path / "report.pdf"
    assert run_cli("petitions", "report", uid, "--db", str(store), "--format", "pdf",
                   "-o", str(pdf))[0] == 0  # fmt: skip
    shown = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True)
    assert "the clerk's report" in shown.stdout and "signature not the voter's" in shown.stdout


def test_an_unknown_review_is_one_line_and_exit_2(run_cli: Run, store: Path) -> None:
    code, _, err = run_cli("petitions", "report", "no-such-review", "--db", str(store))
    assert code == 2
    assert err.strip() == "nyballot: error: review 'no-such-review': no such review"


def test_a_clerks_ruling_is_undone_until_the_review_is_certified_then_frozen(
    run_cli: Run, store: Path
) -> None:
    uid = _kept_with_overrides(run_cli, store)  # 4 valid after the two rulings
    db = ["--db", str(store)]
    code, out, err = run_cli("petitions", "undo", uid, "--sheet", "1", "--line", "1",
                             "--reason", "hers after all", "--clerk", "Iris", *db)  # fmt: skip
    # Line 1 is valid again, as the review ruled: 4 + 1 = 5.
    assert (code, out.strip()) == (0, "5 valid after the clerk's rulings"), err
    assert run_cli("petitions", "certify", uid, "--clerk", "Sam", *db)[0] == 0
    code, _, err = run_cli("petitions", "override", uid, "--sheet", "1", "--line", "4",
                           "--valid", "--reason", "moved in", *db)  # fmt: skip
    assert code == 2 and "was certified by Sam at " in err and "rulings are frozen" in err
    code, _, err = run_cli("petitions", "undo", uid, "--sheet", "1", "--line", "3",
                           "--reason", "second thoughts", *db)  # fmt: skip
    assert code == 2 and "rulings are frozen" in err
    code, out, _ = run_cli("petitions", "report", uid, *db)
    assert "certified by Sam at " in out
    assert "ruled back to the review's own ruling (undone) by Iris" in out
    assert "13 lines, 5 valid, 8 invalid" in out
