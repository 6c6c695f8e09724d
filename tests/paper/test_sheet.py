"""The campaign's petition sheet, printed from the year's law and read back from its PDF.

Expected words are typed from the shipped texts; expected dates and numbers are counted by hand
from the statute, with the count in a comment.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from nyballot.cli import main
from nyballot.errors import LawDataError
from nyballot.law.checks import read_as_types
from nyballot.law.model import Provision
from nyballot.law.texts import fold
from nyballot.paper.model import SheetIdentity
from nyballot.paper.rules import TYPES, _labels

pdfium = pytest.importorskip("pypdfium2")

NYBALLOT = Path(sys.executable).parent / "nyballot"
DESIGNATING = [
    "petitions", "sheet", "--year", "2027", "--kind", "designating", "--party", "DEM",
    "--office", "member-of-assembly", "--district", "71",
    "--candidate", "Ana Ruiz@12 Elm St, Bronx NY 10451", "--enrolled", "30000",
    "--witness-statement", "--sheets", "3", "--petition", "RUIZ-AD71", "--volumes", "2",
]  # fmt: skip
INDEPENDENT = [
    "petitions", "sheet", "--year", "2027", "--kind", "independent",
    "--office", "member-of-assembly", "--district", "71", "--body", "Fair Deal",
    "--emblem", "A scale", "--candidate", "Ana Ruiz@12 Elm St, Bronx NY 10451",
    "--governor-votes", "20000", "--no-cover",
]  # fmt: skip


def _pages(pdf: Path) -> list[str]:
    document = pdfium.PdfDocument(str(pdf))
    return [fold(document[i].get_textpage().get_text_range()) for i in range(len(document))]


@pytest.fixture(scope="module")
def designating(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sheet") / "d.pdf"
    main([*DESIGNATING, "-o", str(out)])
    return out


@pytest.fixture(scope="module")
def independent(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sheet") / "i.pdf"
    main([*INDEPENDENT, "-o", str(out)])
    return out


def test_a_designating_sheet_states_the_form_of_6_132_with_party_and_primary_filled(
    designating: Path,
) -> None:
    sheet = _pages(designating)[1]
    # § 6-132(1), the party and the 2027 primary (fourth Tuesday of June, § 8-100(1)(a):
    # June 1 is a Tuesday, so the 22nd) filled in.
    assert (
        "I, the undersigned, do hereby state that I am a duly enrolled voter of the Democratic "
        "party and entitled to vote at the next primary election of such party, to be held on "
        "June 22, 2027; that my place of residence is truly stated opposite my signature hereto, "
        "and I do hereby designate the following named person (or persons) as a candidate (or "
        "candidates) for the nomination of such party for public office or for election to a "
        "party position of such party."
    ) in sheet
    assert "Public Office or party position (include district number, if applicable)" in sheet
    assert "ANA RUIZ" in sheet and "Member of Assembly, 71st Assembly District" in sheet


def test_a_designating_sheet_prints_the_older_witness_statement_marked_unverified(
    designating: Path,
) -> None:
    sheet = _pages(designating)[1]
    # § 6-132(2) in the words of L.2006 ch.447 (current/6-132.txt), the party filled in.
    assert "STATEMENT OF WITNESS UNVERIFIED WORDING" in sheet
    assert "am an enrolled voter of the Democratic party. I now reside at" in sheet
    assert "Unverified (§ 6-132(2)): the current words of § 6-132(2) were not found" in sheet


def test_a_designating_sheet_prints_the_signing_period_and_the_number_needed(
    designating: Path,
) -> None:
    sheet = _pages(designating)[1]
    # Last day to file: the 12th Thursday preceding June 22 (§ 6-158(1)): June 17, 10, 3,
    # May 27, 20, 13, 6, April 29, 22, 15, 8, 1 -> April 1. First day to sign: 37 days before
    # it (§ 6-134(4)): March 31 is 1, March 1 is 31, February 28 is 32, February 23 is 37.
    assert "Sign from February 23, 2027 (§ 6-134(4)) to April 1, 2027 (§ 6-158(1))" in sheet
    # First day to file: the 13th Monday before June 22: June 21, 14, 7, May 31, 24, 17, 10,
    # 3, April 26, 19, 12, 5, March 29.
    assert "File from March 29, 2027 by April 1, 2027" in sheet
    # 5% of 30,000 enrolled = 1,500 (§ 6-136(2)), more than the 500 an assembly district
    # need not exceed (a secondary source, current/6-136-caps-SECONDARY.txt): 500.
    assert "Signatures needed: 500 (§ 6-136(2)(f)-(j); secondary:" in sheet


def test_a_designating_sheet_numbers_ten_signature_lines_under_the_6_130_columns(
    designating: Path,
) -> None:
    sheet = _pages(designating)[1]
    columns = "No. Date Name of the signer (signature) Printed name (may be added) Residence"
    assert columns + " address Town or city (except in the city of New York, the county)" in sheet
    table = sheet.split("the county)", 1)[1].split("STATEMENT OF WITNESS", 1)[0]
    assert re.findall(r"\b(\d+) / /", table) == [str(n) for n in range(1, 11)]


def test_each_sheet_is_numbered_in_its_volume_and_the_cover_comes_first(
    designating: Path,
) -> None:
    pages = _pages(designating)
    assert len(pages) == 4  # the cover sheet, then sheets 1 to 3
    for n, sheet in enumerate(pages[1:], start=1):
        assert f"SHEET NO. {n} VOLUME 1" in sheet
    cover = pages[0]
    assert cover.startswith("COVER SHEET")
    # 9 NYCRR 6215.2(a), a regulation: its items, and the § 6-134 words found missing.
    assert "Office and district number (where appropriate) Member of Assembly, 71st" in cover
    assert "Total number of volumes comprising petition: 2" in cover
    assert (
        "The petition contains the number, or in excess of the number, of valid signatures, "
        "required by the Election Law."
    ) in cover
    assert "9 NYCRR 6215.2(a), a regulation of the State Board of Elections, not a statute" in cover
    assert "No subdivision of § 6-134 on cover sheets was found" in cover
    assert "This volume holds sheets 1 to 3, each numbered at its foot (§ 6-134(2))" in cover


def test_the_sheet_code_a_scan_reads_names_the_sheet_it_is_printed_on(designating: Path) -> None:
    zxing = pytest.importorskip("zxingcpp")
    document = pdfium.PdfDocument(str(designating))
    found = []
    for i in range(len(document)):
        image = document[i].render(scale=150 / 72).to_pil()
        found.append([SheetIdentity.from_payload(c.text) for c in zxing.read_barcodes(image)])
    assert found[0] == []  # the cover sheet carries no sheet's code
    assert found[1:] == [[SheetIdentity("RUIZ-AD71", 1, n, "current", 2027)] for n in (1, 2, 3)]


def test_an_independent_sheet_states_the_form_of_6_140(independent: Path) -> None:
    (sheet,) = _pages(independent)
    # General election 2027: Tuesday after the first Monday of November (§ 8-100(1)(c)):
    # Monday November 1, so November 2.
    assert (
        "to be voted for at the election to be held on the 2nd day of November, 2027, and "
        "that I select the name Fair Deal as the name of the independent body making the "
        "nomination (or nominations) and A scale as the emblem of such body."
    ) in sheet
    assert "as a committee to fill vacancies in accordance with the provisions" in sheet
    assert "Date Name of Signer (signature) Printed name (may be added) Residence" in sheet
    assert "I understand that this statement will be accepted for all purposes" in sheet


def test_an_independent_sheet_prints_its_period_and_number(independent: Path) -> None:
    (sheet,) = _pages(independent)
    # § 6-158(9): filed not earlier than 24 and not later than 23 weeks preceding November 2:
    # 161 days before it is May 25 (November 2 back to May 2 is 184 days; 184 - 161 = 23),
    # 168 days May 18. § 6-138(4): no signature earlier than six weeks before the last day
    # to file: May 25 - 42 days = April 13.
    assert "Sign from April 13, 2027 (§ 6-138(4)) to May 25, 2027 (§ 6-158(9))" in sheet
    assert "File from May 18, 2027 by May 25, 2027" in sheet
    # 5% of 20,000 votes for governor = 1,000 (§ 6-142(2)), under the 1,500 limit.
    assert "Signatures needed: 1,000 (§ 6-142(2)" in sheet


def test_a_notary_statement_replaces_the_witness_statement(tmp_path: Path) -> None:
    out = tmp_path / "n.pdf"
    args = [a for a in DESIGNATING if a != "--witness-statement"]
    main([*args, "--witness-statement", "notary", "--no-cover", "--sheets", "1", "-o", str(out)])
    (sheet,) = _pages(out)
    assert "STATEMENT OF WITNESS" not in sheet and "Unverified (§ 6-132(2))" not in sheet
    assert "(Signature and official title of officer administering oath)" in sheet


def test_a_governor_is_designated_jointly_with_a_lieutenant_governor(tmp_path: Path) -> None:
    out = tmp_path / "g.pdf"
    main([
        "petitions", "sheet", "--year", "2027", "--party", "DEM", "--office", "governor",
        "--candidate", "Ana Ruiz@1 Elm St, Albany", "--candidate", "Bo Chen@2 Oak St, Troy",
        "--paper", "legal", "--no-cover", "-o", str(out),
    ])  # fmt: skip
    (sheet,) = _pages(out)
    assert "(JOINTLY DESIGNATED CANDIDACY FOR GOVERNOR AND LIEUTENANT GOVERNOR)" in sheet
    assert "BO CHEN Lieutenant Governor 2 Oak St, Troy" in sheet
    assert re.findall(r"\b(\d+) / /", sheet)[-1] == "15"  # legal paper holds 15 lines
    assert "Signatures needed: not computed" in sheet  # no enrolled count was given


@pytest.mark.skipif(not NYBALLOT.exists(), reason="the nyballot script is not installed")
@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"--office": "member-of-assemblyx"}, "--office 'member-of-assemblyx': unknown office"),
        ({"--district": ""}, "--district: Member of Assembly is voted for in assembly"),
        ({"--year": "2018"}, "--year 2018: the law 'pre-2019' ships no words for the petition"),
        ({"--year": "1990"}, "--year 1990: no law version covers it"),
        ({"--candidate": "Ana Ruiz"}, "--candidate 'Ana Ruiz': give NAME@RESIDENCE"),
        ({"--sheets": "0"}, "--sheets 0: numbered from 1"),
    ],
)
def test_bad_input_exits_2_with_one_line_and_writes_nothing(
    tmp_path: Path, change: dict[str, str], says: str
) -> None:
    args = list(DESIGNATING)
    for flag, value in change.items():
        args[args.index(flag) + 1] = value
    out = tmp_path / "x.pdf"
    done = subprocess.run([str(NYBALLOT), *args, "-o", str(out)], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [done.stderr.strip()]
    assert done.stderr.startswith(f"nyballot: error: {says}")
    assert not out.exists()


def _provision(law: tuple[str, ...], setting: tuple[str, ...]) -> Provision:
    return Provision("paper.x.columns", "6-130", "t", law, "v", type="list", setting=setting)


def test_a_label_may_print_only_words_its_quotation_holds() -> None:
    assert _labels(_provision(("Date Name of Signer",), ("Name of / Signer",))).labels == (
        "Name of Signer",
    )
    with pytest.raises(LawDataError, match="prints 'Signature'"):
        _labels(_provision(("Date Name of Signer",), ("Signature",)))


def test_law_check_reads_the_sheets_provisions_as_the_sheet_reads_them() -> None:
    types = read_as_types()
    assert types["paper.designating.statement"] == "list"
    assert types["paper.sheets_numbered"] == "flag"


@pytest.mark.parametrize(("name", "every_script"), [("Ana Ruiz", False), ("王小明", True)])
def test_a_name_in_another_script_brings_that_scripts_fonts(name: str, every_script: bool) -> None:
    from nyballot.paper.printing import volume_html
    from nyballot.paper.sheet import SheetRequest, plan

    asked = SheetRequest(2027, "designating", "DEM", "member-of-assembly", "71", (f"{name}@1 Elm",))
    html = volume_html(plan(asked))
    assert name in html
    assert ('"Noto Sans CJK SC"' in html) is every_script


def test_law_check_finds_every_word_of_the_sheet_and_would_flag_a_changed_one() -> None:
    import dataclasses

    from nyballot.law.checks import check_version
    from nyballot.law.loader import load_law

    version = load_law().versions["current"]
    sheet = {k: v for k, v in version.provisions.items() if k.startswith("paper.")}
    assert set(sheet) == set(TYPES)  # every provision the sheet reads is in the law data
    assert not [p for p in check_version(version) if p.fatal]
    statement = sheet["paper.designating.statement"]
    changed = dataclasses.replace(statement, law=(statement.law[0].replace("enrolled", "good"),))
    altered = dataclasses.replace(version, provisions={**version.provisions, statement.id: changed})
    (problem,) = check_version(altered)
    assert problem.fatal and "paper.designating.statement" in problem.message
