"""nyballot bill read: a bill's printed text into its sections, words and a drafted overlay."""

import json
import re
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest
import yaml

Run = Callable[..., tuple[int, str, str]]
TEXTS = resources.files("nyballot.law").joinpath("data/texts")


def _bill(tmp_path: Path, key: str) -> Path:
    path = tmp_path / Path(key).name
    path.write_text(TEXTS.joinpath(key).read_text("utf-8"), encoding="utf-8")
    return path


def test_sections_provisions_and_chapters(run_cli: Run, tmp_path: Path) -> None:
    code, out, err = run_cli(
        "bill", "read", str(_bill(tmp_path, "bills/S5961.txt")), "--format", "json"
    )
    assert code == 0, err
    report = json.loads(out)
    sections = {s["section"]: s for s in report["sections"]}
    # S.5961 § 1: "Paragraph b of subdivision 1 of section 4-108 of the election law, as amended
    # by chapter 117 of the laws of 1985, is amended to read as follows:"
    assert sections[1]["provisions"] == ["4-108(1)(b)"]
    assert sections[1]["chapters"] == ["chapter 117 of the laws of 1985"]
    # § 2: "... not later than [thirty-six] FIFTY-FOUR days before a primary election ..."
    words = sections[2]["words"][0]
    assert "not later than thirty-six days before" in words["old"]
    assert "not later than FIFTY-FOUR days before" in words["new"]
    # § 17 adds subdivision 1-a to § 6-158; § 13 amends the public officers law; § 25 is the
    # effective-date section.
    assert sections[17]["action"] == "add" and sections[17]["provisions"] == ["6-158(1-a)"]
    assert sections[13]["law"] == "public officers law"
    assert sections[25]["action"] == "effective"
    assert report["effective"].startswith("This act shall take effect immediately")


def test_a_repeal_is_a_repeal(run_cli: Run, tmp_path: Path) -> None:
    # S.5305-A § 8: "Sections 6-130, 6-132, 6-134 and 6-136 of the election law are REPEALED."
    code, out, err = run_cli(
        "bill", "read", str(_bill(tmp_path, "bills/S5305A.txt")), "--format", "json"
    )
    assert code == 0, err
    report = json.loads(out)
    repealed = {(e["id"], e["section"]) for e in report["draft"]["repeal"]}
    assert ("designating_petition.signing", "8") in repealed  # § 6-134(4)
    # Its first page is missing: no year is printed, so it is read as of the latest chapter
    # it cites (§ 14: "as amended by chapter 165 of the laws of 2010").
    assert report["notes"] == [
        "the text begins at § 3: §§ 1-2 are not in it",
        "no year printed: read as of the latest chapter it cites (2010)",
    ]


def test_draft_runs_under_with_as_drafted(run_cli: Run, tmp_path: Path) -> None:
    bill = _bill(tmp_path, "enacted/A6774-2023.txt")
    code, out, err = run_cli("bill", "read", str(bill), "--format", "yaml")
    assert code == 0, err
    draft = tmp_path / "draft.yaml"
    draft.write_text(out, encoding="utf-8")
    assert yaml.safe_load(out)["years"] == [2026]  # "FOR THE YEAR TWO THOUSAND TWENTY-SIX"
    code, out, err = run_cli("calendar", "2026", "--with", str(draft), "--format", "json")
    assert code == 0, err
    dates = {d["id"]: d for d in json.loads(out)["deadlines"]}
    # The 2026 primary is Tuesday June 23. "Not later than the twelfth Monday preceding" it,
    # counted back: Jun 22, 15, 8, 1, May 25, 18, 11, 4, Apr 27, 20, 13, 6 -> April 6.
    assert dates["designating_petition.filing"]["closes"] == "2026-04-06"
    code, out, _ = run_cli("law", "check", str(draft))
    assert code == 0, out


def test_a_phrase_not_understood_is_a_todo(run_cli: Run, tmp_path: Path) -> None:
    # A.9725 § 1, re-worded to count the state committee meeting from "the first day to FILE A
    # STATEMENT OF CANDIDACY": a paper no sentence of the bill creates, a day no one can name.
    text = TEXTS.joinpath("bills/A9725.txt").read_text("utf-8")
    notice = r"FILE\s+A\s+NOTICE\s+OF\s+INTENT\s+TO\s+CIRCULATE\s+A\s+DESIGNATING\s+PETITION"
    bill = tmp_path / "A9725-statement.txt"
    bill.write_text(re.sub(notice, "FILE A STATEMENT OF CANDIDACY", text, count=2), "utf-8")
    code, out, err = run_cli("bill", "read", str(bill), "--format", "yaml")
    assert code == 0, err
    draft = yaml.safe_load(out)
    todo = {t["id"] for t in draft["todo"]}
    assert "state_committee.designation_meeting" in todo
    entry = next(e for e in draft["replace"] if e["id"] == "state_committee.designation_meeting")
    assert entry["unverified"].startswith("todo:")
    path = tmp_path / "draft.yaml"
    path.write_text(out, encoding="utf-8")
    code, out, err = run_cli("calendar", "2010", "--with", str(path), "--format", "json")
    assert code == 0, err
    meeting = next(d for d in json.loads(out)["deadlines"] if d["id"] == entry["id"])
    assert meeting["text_unverified"]
    code, out, _ = run_cli("law", "check", str(path))
    assert code == 1 and "todo(s) await a reader's words" in out


def test_a_new_paper_is_named_from_the_bills_words(run_cli: Run, tmp_path: Path) -> None:
    # A.9725 § 5 (new § 6-117(1)): "A NOTICE OF INTENT TO CIRCULATE A DESIGNATING PETITION ...
    # SHALL BE FILED NO EARLIER THAN THIRTY DAYS BEFORE THE FIRST DAY TO SIGN DESIGNATING
    # PETITIONS AND NO LATER THAN SEVEN DAYS BEFORE" it: the words before "to circulate" name the
    # paper, "shall be filed" its dates. § 1 then counts the state committee meeting from "the
    # first day to FILE A NOTICE OF INTENT ...", § 8 sets it beside the petition ("the original
    # petition OR NOTICE ..."), and § 5(6) gives "THREE BUSINESS DAYS FROM THE DATE OF SUCH
    # DETERMINATION TO CURE".
    code, out, err = run_cli("bill", "read", str(_bill(tmp_path, "bills/A9725.txt")),
                             "--format", "yaml")  # fmt: skip
    assert code == 0, err
    draft = yaml.safe_load(out)
    added = {e["id"]: (e.get("opens"), e.get("closes")) for e in draft["add"]}
    assert added["notice_of_intent.filing"] == (
        "30 days before designating_petition.signing.opens",
        "7 days before designating_petition.signing.opens",
    )
    assert added["notice_of_intent.objections"] == (
        None, "3 days after notice_of_intent.filing.closes")  # fmt: skip
    assert added["notice_of_intent.cure"] == (None, "3 business days after event.determination")
    meeting = next(e for e in draft["replace"] if e["id"] == "state_committee.designation_meeting")
    opens = "21 days before notice_of_intent.filing.opens"
    assert (meeting["opens"], meeting["closes"]) == (opens, "notice_of_intent.filing.opens")
    # Left to a person: only § 20's proviso on § 7-114(3)(b), which gives no day.
    assert [t["id"] for t in draft["todo"]] == ["effective"]
    path = tmp_path / "draft.yaml"
    path.write_text(out, encoding="utf-8")
    code, out, _ = run_cli("law", "check", str(path))
    assert code == 1 and "1 todo(s) await a reader's words" in out
    assert "quotation not found" not in out


@pytest.mark.parametrize(
    ("name", "data", "said"),
    [
        ("memo.txt", b"A memorandum about the election law, with no sections.\n", "not a bill"),
        ("latin.txt", "Section 1. caf\u00e9 election law".encode("latin-1"), "not UTF-8"),
        ("big.txt", b"x" * (1024 * 1024 + 1), "larger than"),
    ],
)
def test_bad_bill_is_one_line_exit_2(
    run_cli: Run, tmp_path: Path, name: str, data: bytes, said: str
) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    code, _, err = run_cli("bill", "read", str(path))
    assert code == 2 and said in err and len(err.strip().splitlines()) == 1, err


def test_truncated_and_other_law_bills_are_refused(run_cli: Run, tmp_path: Path) -> None:
    text = TEXTS.joinpath("bills/S5961.txt").read_text("utf-8")
    cut = tmp_path / "cut.txt"
    cut.write_text(text[: len(text) // 2], encoding="utf-8")
    code, _, err = run_cli("bill", "read", str(cut))
    assert code == 2 and "truncated" in err, err
    other = tmp_path / "other.txt"
    other.write_text(
        "AN ACT to amend the tax law.\n Section 1. Section 606 of the tax law is amended to read"
        " as follows: words. § 2. This act shall take effect immediately. (election law)\n",
        encoding="utf-8",
    )
    code, _, err = run_cli("bill", "read", str(other))
    assert code == 2 and "not the election law" in err, err
    code, _, err = run_cli("bill", "read", str(tmp_path / "gone.txt"))
    assert code == 2 and "no such file" in err


NUMBER_BILL = """AN ACT to amend the election law, in relation to statewide independent petitions

  Section 1. Subdivision 1 of section 6-142 of the election law, as amended by chapter 79 of
the laws of 1992, is amended to read as follows:
  1. An independent nominating petition for candidates to be voted for by all the voters of
the state must be signed by at least [fifteen] TWENTY thousand voters, of whom at least one
hundred shall reside in each of one-half of the congressional districts of the state.
  § 2. This act shall take effect immediately.
"""


def test_a_changed_number_is_the_provisions_typed_value(run_cli: Run, tmp_path: Path) -> None:
    # "[fifteen] TWENTY thousand voters": § 6-142(1)'s count, 15000 -> 20000; the share
    # "one-half" of the districts is unchanged and left alone.
    bill = tmp_path / "twenty.txt"
    bill.write_text(NUMBER_BILL, encoding="utf-8")
    code, out, err = run_cli("bill", "read", str(bill), "--format", "yaml")
    assert code == 0, err
    draft = yaml.safe_load(out)
    assert draft["provisions"] == [
        {**draft["provisions"][0], "id": "signatures.independent.statewide", "type": "count",
         "setting": 20000, "was": "15000"}
    ]  # fmt: skip
    assert draft["todo"] == []
    path = tmp_path / "twenty.yaml"
    path.write_text(out, encoding="utf-8")
    code, out, _ = run_cli("law", "check", str(path))
    assert code == 0, out
    asked = ["--petition", "independent", "--office", "governor", "--law", "pre-2019"]
    code, out, err = run_cli("signatures", *asked, "--year", "2016", "--with", str(path))
    assert code == 0, err
    assert "independent nominating petition: 20,000 signatures" in out
