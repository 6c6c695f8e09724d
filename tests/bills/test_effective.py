"""A bill's effective-date section, drafted as dated periods and shown as a note on the
calendar; a clause read into no day is a todo with its words."""

import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest
import yaml

from nyballot.bills.effective import effective_periods
from nyballot.bills.reader import read_bill

Run = Callable[..., tuple[int, str, str]]
TEXTS = resources.files("nyballot.law").joinpath("data/texts")


def _periods(key: str) -> list[dict[str, object]]:
    bill = read_bill(TEXTS.joinpath(key).read_text("utf-8"), key)
    return [{k: v for k, v in p.items() if k != "words"}
            for p in effective_periods(bill.effective.heading)]  # fmt: skip


def test_S5961_retroactive_sections_later_and_an_expiry() -> None:
    # S.5961 § 25: "deemed to have been in full force and effect on and after July 1, 2015";
    # "sections eighteen, nineteen, twenty, twenty-one, twenty-two and twenty-three of this act
    # shall take effect December 15, 2015"; "this act shall expire December 31, 2016".
    assert _periods("bills/S5961.txt") == [
        {"sections": "the act", "from": "2015-07-01", "to": "2016-12-31"},
        {"sections": "§§ 18, 19, 20, 21, 22, 23", "from": "2015-12-15",
         "to": "2016-12-31"},
    ]  # fmt: skip


def test_A6774_a_dated_year() -> None:
    # A.6774 § 3: "shall take effect January 1, 2026 and shall expire December 31, 2026".
    assert _periods("enacted/A6774-2023.txt") == [
        {"sections": "the act", "from": "2026-01-01", "to": "2026-12-31"}
    ]


def test_L2023_ch120_immediately_until_an_expiry() -> None:
    # L.2023 ch.120 § 3: "shall take effect immediately and shall expire December 31, 2023".
    assert _periods("enacted/L2023-ch120.txt") == [
        {"sections": "the act", "counted": "the day it becomes a law", "to": "2023-12-31"}
    ]


def test_S5305A_the_january_after_it_becomes_a_law() -> None:
    # S.5305-A: "on the first of January next succeeding the date on which it shall have become
    # a law": no date for a bill never enacted, the words it is counted by.
    assert _periods("bills/S5305A.txt") == [
        {"sections": "the act", "counted": "January 1 after it becomes a law"}
    ]


def test_A9725_a_proviso_not_read_is_a_todo() -> None:
    # A.9725 § 20: "shall take effect immediately; provided, however, that the amendments to
    # paragraph (b) ... made by section seventeen ... shall be deemed to be repealed therewith".
    found = _periods("bills/A9725.txt")
    assert found[0] == {"sections": "the act", "counted": "the day it becomes a law"}
    assert found[1]["sections"] == "§ 17" and found[1]["todo"] == "not read as a day"


@pytest.mark.parametrize(
    ("words", "period"),
    [
        ("This act shall take effect on the ninetieth day after it shall have become a law.",
         {"sections": "the act", "counted": "90 days after it becomes a law"}),
        ("This act shall take effect immediately and shall apply to elections held on or after "
         "January 1, 2028.", {"sections": "the act", "from": "2028-01-01"}),
    ],
)  # fmt: skip
def test_counted_and_election_dated_wordings(words: str, period: dict[str, object]) -> None:
    found = effective_periods(words)
    assert [{k: v for k, v in p.items() if k != "words"} for p in found] == [period]


def test_the_periods_are_a_note_on_the_calendar(run_cli: Run, tmp_path: Path) -> None:
    # The draft of S.5961 applies to whatever year is asked (2027 here), its periods a note.
    code, out, err = run_cli("bill", "read", "bills/S5961.txt", "--format", "yaml")
    assert code == 0, err
    assert yaml.safe_load(out)["effective_periods"][0]["to"] == "2016-12-31"
    path = tmp_path / "s5961.yaml"
    path.write_text(out, encoding="utf-8")
    code, out, err = run_cli("calendar", "2016", "--with", str(path), "--format", "json")
    assert code == 0, err
    notes = json.loads(out)["notes"]
    act = "the act in force from 2015-07-01 to 2016-12-31"
    assert f"Overlay S5961-draft takes effect: {act}." in notes
    assert any("§§ 18, 19, 20, 21, 22, 23 in force from 2015-12-15" in n for n in notes)


def test_the_text_report_gives_the_periods(run_cli: Run) -> None:
    code, out, err = run_cli("bill", "read", "enacted/A6774-2023.txt")
    assert code == 0, err
    assert "  the act in force from 2026-01-01 to 2026-12-31" in out
