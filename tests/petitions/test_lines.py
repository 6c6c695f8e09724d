"""Bad lines files: one error naming the row, never a traceback."""

from __future__ import annotations

import re

import pytest

from nyballot.errors import UsageError
from nyballot.petitions.lines import read_lines

HEADER = "sheet,line,date,name,address,witness_name,witness_address,witness_date\n"
GOOD = "1,1,2026-03-01,Ana Ruiz,40 Grand St,Iris Grant,30 Pearl St,2026-03-15\n"

BAD = [
    ("unknown column", "sheet,line,date,name,address,colour\n", "row 1: unknown column 'colour'"),
    ("missing column", "sheet,line,name,address\n", "row 1: missing column(s) date"),
    ("duplicate line", GOOD + "1,1,2026-03-02,Bo Li,2 Elm St,,,\n",
     "row 3: sheet 1 line 1 is given twice"),
    ("line not a number", GOOD + "1,two,2026-03-02,Bo Li,2 Elm St,,,\n",
     "row 3: line 'two' is not a number"),
    ("sheet zero", "0,1,2026-03-02,Bo Li,2 Elm St,,,\n", "row 2: sheet '0' is not a number"),
    ("cell count", GOOD + "1,2,2026-03-02\n", "row 3: 3 cells; the header has 8"),
    ("second witness", GOOD + "1,2,2026-03-02,Bo Li,2 Elm St,Sam West,8 River Rd,2026-03-10\n",
     "row 3: a second witness for sheet 1"),
    ("long cell", GOOD + "1,2,2026-03-02,Bo Li," + "2" * 301 + " Elm St,,,\n",
     "row 3: a cell longer than 300 characters"),
]  # fmt: skip


@pytest.mark.parametrize(("body", "message"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_a_bad_lines_file_is_one_error_naming_the_row(body: str, message: str) -> None:
    text = body if body.startswith("sheet") else HEADER + body
    with pytest.raises(UsageError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_lines(text.encode(), "lines.csv")


def test_not_utf8_and_nul_bytes_are_refused() -> None:
    with pytest.raises(UsageError, match="not UTF-8"):
        read_lines((HEADER + GOOD).encode() + b"\xff", "lines.csv")
    with pytest.raises(UsageError, match="NUL byte"):
        read_lines((HEADER + GOOD).encode() + b"\0", "lines.csv")


def test_a_byte_order_mark_and_us_dates_are_read() -> None:
    petition = read_lines(b"\xef\xbb\xbf" + (HEADER + GOOD.replace("2026-03-01", "3/1/2026"))
                          .encode(), "lines.csv")  # fmt: skip
    assert petition.lines[0].date is not None
    assert petition.lines[0].date.isoformat() == "2026-03-01"
    assert petition.witnesses[(1, 1)].name == "Iris Grant"


def test_the_witness_may_be_repeated_on_later_lines() -> None:
    repeat = GOOD.replace("1,1,2026-03-01,Ana Ruiz", "1,2,2026-03-01,Bo Li")
    petition = read_lines((HEADER + GOOD + repeat).encode(), "lines.csv")
    assert len(petition.lines) == 2


@pytest.mark.parametrize(
    ("body", "message"),
    [
        # An unclosed quote runs on into the next rows: said so, not as a count of cells.
        (GOOD + '1,2,2026-03-02,"Bo Li,2 Elm St,,,\n1,3,2026-03-02,Al Wu,3 Elm St,,,\n',
         "row 3: an unclosed quote"),
        # A witness given on a later line when the first line gave none is no "second" one.
        ("1,1,2026-03-01,Ana Ruiz,40 Grand St,,,\n"
         "1,2,2026-03-02,Bo Li,2 Elm St,Sam West,8 River Rd,2026-03-10\n",
         "row 3: a witness after the first line of sheet 1; the witness belongs on the sheet's"),
    ],
    ids=["unclosed quote", "witness on a later line"],
)  # fmt: skip
def test_what_a_lines_file_gets_wrong_is_said_plainly(body: str, message: str) -> None:
    with pytest.raises(UsageError, match=re.escape(message)):
        read_lines((HEADER + body).encode(), "lines.csv")


@pytest.mark.parametrize(
    "written",
    [
        "2026-02-30",  # no such day
        # Python's ISO reader takes a week date (2026-W10-1 is Monday 2026-03-02); the lines
        # file's dates are YYYY-MM-DD or MM/DD/YYYY only.
        "2026-W10-1",
        "soon",
    ],
)
def test_a_date_that_is_not_one_is_kept_for_that_lines_ruling(written: str) -> None:
    petition = read_lines((HEADER + GOOD + f"1,2,{written},Bo Li,2 Elm St,,,\n").encode(), "l")
    second = petition.lines[1]
    assert (second.date, second.unread_date) == (None, written)
    assert petition.lines[0].unread_date == ""


def test_a_blank_line_is_skipped_and_counted() -> None:
    # Sheet 1 lines 2 and 4 left blank (the numbers only), line 3 signed: 2 lines, 2 blank.
    body = GOOD + "1,2,,,,,,\n1,3,2026-03-02,Bo Li,2 Elm St,,,\n1,4,,,,,,\n,,,,,,,\n"
    petition = read_lines((HEADER + body).encode(), "lines.csv")
    assert [x.line for x in petition.lines] == [1, 3]
    assert petition.blank == [(1, 1, 2), (1, 1, 4)]


def test_the_volume_column_places_each_line() -> None:
    # Volume 2 repeats volume 1's sheet 1 line 1: another line, not one given twice.
    body = ("volume," + HEADER + "1," + GOOD + "2,1,1,2026-03-02,Bo Li,2 Elm St,,,\n"
            "2,1,1,2026-03-03,Al Wu,3 Elm St,,,\n")  # fmt: skip
    with pytest.raises(UsageError, match="row 4: volume 2 sheet 1 line 1 is given twice"):
        read_lines(body.encode(), "lines.csv")
    petition = read_lines(body.encode()[: body.encode().rindex(b"2,1,1,2026-03-03")], "l")
    assert [x.place for x in petition.lines] == [(1, 1, 1), (2, 1, 1)]
