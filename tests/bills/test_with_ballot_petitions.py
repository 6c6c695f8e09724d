"""--with PATH on the ballot and on petition review: an overlay file of one's own changes what
they say, and is named in what they print."""

import datetime as dt
import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path

from nyballot.voters.store import import_file

Run = Callable[..., tuple[int, str, str]]
ROOT = Path(__file__).resolve().parents[2]
PETITIONS = ROOT / "tests" / "petitions" / "data"
A9725 = resources.files("nyballot.law").joinpath("data/overlays/A9725.yaml")


def _own(tmp_path: Path, ident: str, old: str = "", new: str = "") -> Path:
    text = A9725.read_text("utf-8").replace("id: A9725", f"id: {ident}", 1).replace(old, new)
    path = tmp_path / f"{ident.lower()}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _ballot(tmp_path: Path) -> Path:
    # One party position, one candidate without a petition who filed a notice of intent.
    data = json.loads((ROOT / "examples" / "ballot-ed.json").read_text("utf-8"))
    office = next(o for o in data["offices"] if o.get("kind") == "party-position")
    office["candidates"] = [{**office["candidates"][0], "status": "none",
                             "notice_of_intent": True}]  # fmt: skip
    data["offices"] = [office]
    path = tmp_path / "ballot.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_ballot_with_path_names_a_sole_notice_filer(run_cli: Run, tmp_path: Path) -> None:
    # A.9725 § 5 (new § 6-117(3)), in a file of one's own: "IF ONLY ONE PERSON FROM A PARTY HAS
    # FILED A NOTICE OF INTENT ... THAT PERSON SHALL BE NAMED ON THE BALLOT WITHOUT HAVING TO
    # CIRCULATE A DESIGNATING PETITION". Without it the lone candidate has no petition.
    ballot = _ballot(tmp_path)
    code, plain, err = run_cli("ballot", str(ballot), "--format", "json")
    assert code == 0, err
    assert json.loads(plain)["contests"] == []
    code, out, err = run_cli("ballot", str(ballot), "--with", str(_own(tmp_path, "MY-NOTICE")),
                             "--format", "json")  # fmt: skip
    assert code == 0, err
    contests = json.loads(out)["contests"]
    assert len(contests) == 1 and contests[0]["steps"][0]["cite"] == "§ 6-117(3)"
    assert "MY-NOTICE" in out


def test_petition_review_with_path_counts_from_its_signing_day(
    run_cli: Run, tmp_path: Path
) -> None:
    # The 2026 lines are signed from Sun Mar 1. The 2026 act (A.6774 § 2) opens signing 41 days
    # before the last day to file, Mon Apr 6: Tue Feb 24. A file of one's own opening it 20 days
    # before (Tue Mar 17) leaves every line dated before Mar 17 signed too early.
    store = tmp_path / "voters.duckdb"
    import_file(PETITIONS / "voters.txt", str(store), date=dt.date(2026, 1, 5))
    code, draft, err = run_cli("bill", "read", "enacted/A6774-2023.txt", "--format", "yaml")
    assert code == 0, err
    draft = draft.replace("id: A6774-2023-draft", "id: LATE-SIGNING", 1)
    mine = tmp_path / "late-signing.yaml"
    mine.write_text(draft.replace("opens: 41 days before", "opens: 20 days before"), "utf-8")
    args = ["petitions", "review", str(PETITIONS / "lines.csv"), "--year", "2026", "--party",
            "DEM", "--unit", "COUNTYCODE=60", "--unit", "AD=7", "--enrolled", "40", "--db",
            str(store), "--format", "json"]  # fmt: skip
    code, plain, err = run_cli(*args)
    assert code == 0, err
    code, out, err = run_cli(*args, "--with", str(mine))
    assert code == 0, err
    before, after = json.loads(plain), json.loads(out)
    assert before["period"]["opens"] == "2026-02-24" and after["period"]["opens"] == "2026-03-17"
    assert after["what_if"] and "LATE-SIGNING" in json.dumps(after["what_if"])
    assert after["tally"]["valid"] < before["tally"]["valid"]
